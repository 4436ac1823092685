// @vitest-environment node
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { agentChunk } from '../utils/chunks';
import { loadFixture } from '../utils/fixtures';
import { everythingShown, neverShows } from '../utils/shown';

/**
 * "Hidden stays hidden" where values cross from one call to another, and on every way a call can
 * turn out to be display-transformed.
 */

const chunk = agentChunk;
const displayMeta = (display: object) => ({
  metadata: { mastra: { toolPayloadTransform: { display } } },
});

describe('a call that turns out to be display-transformed', () => {
  it('hides progress it showed before a transformed sibling proved an agent policy', () => {
    const chunks = [
      chunk('start', { id: 'agent' }),
      chunk(
        'tool-call',
        { toolCallId: 'a', toolName: 'loginTool', args: { password: 'hunter2' } },
        displayMeta({ 'input-available': { transformed: { password: '••••' } } }),
      ),
      chunk('tool-call-input-streaming-start', { toolCallId: 'b', toolName: 'loginTool' }),
      chunk('tool-output', { toolCallId: 'b', output: { progress: 'token hunter3' } }),
      chunk('tool-call-input-streaming-end', { toolCallId: 'b' }),
      // The synthetic tool-call after streamed input carries no metadata (§6.4).
      chunk('tool-call', { toolCallId: 'b', toolName: 'loginTool', args: { password: 'x' } }),
    ];
    const state = reduceAll(chunks);
    expect(state.toolCalls.get('b')?.displayTransform).toBe('display');
    expect(everythingShown(state)).not.toContain('hunter3');
  });

  it('applies a client transform when the name arrives after the first chunk', () => {
    const chunks = [
      chunk('start', { id: 'agent' }),
      // A delta before its streaming start, without a toolName.
      chunk('tool-call-delta', { toolCallId: 'c', argsTextDelta: '{"apiKey":"sk-raw-1' }),
      chunk('tool-call-input-streaming-start', { toolCallId: 'c', toolName: 'crmTool' }),
      chunk('tool-call-delta', { toolCallId: 'c', toolName: 'crmTool', argsTextDelta: '"}' }),
    ];
    const store = createToolpaneStore({
      transforms: { crmTool: { input: () => ({ apiKey: '••••' }) } },
    });
    store.dispatchMany(chunks.slice(0, 3));
    const state = store.getState();
    expect(state.toolCalls.get('c')?.displayTransform).toBe('display');
    expect(everythingShown(state)).not.toContain('sk-raw-1');
    store.dispatch(chunks[3]);
    expect(everythingShown(store.getState())).not.toContain('sk-raw-1');
  });

  it('applies a client transform on the AI SDK path when the name arrives late', () => {
    const store = createToolpaneStore({
      formats: [aiSdk],
      transforms: { crmTool: { input: () => ({ apiKey: '••••' }) } },
    });
    store.dispatch({ type: 'start', messageId: 'm1' });
    store.dispatch({ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"k":"sk-raw-2' });
    store.dispatch({ type: 'tool-input-start', toolCallId: 'c', toolName: 'crmTool' });
    expect(everythingShown(store.getState())).not.toContain('sk-raw-2');
  });
});

describe('values that cross into another call', () => {
  const SECRETS = ['sk-desk-secret-77', 'tok-internal-42'];

  it("redacts a subagent's inner calls in the parent's result (native)", () => {
    const chunks = loadFixture('subagent-transform');
    // The recording is the leak: the parent's result carries the inner call raw.
    expect(JSON.stringify(chunks)).toContain('sk-desk-secret-77');
    neverShows([...chunks, { type: 'toolpane/stream-end' }], SECRETS);
    const state = reduceAll(chunks);
    const parent = state.toolCalls.get('call-crm-sub-1')!;
    const [entry] = (parent.output as { value: { subAgentToolResults: unknown[] } }).value
      .subAgentToolResults as Record<string, unknown>[];
    // The inner call's own transformed values stand in for its raw ones.
    expect(entry).toMatchObject({
      toolCallId: 'call-crm-desk-1',
      args: { query: 'Grace Hopper', apiKey: '••••' },
      result: { customer: { name: 'Grace Hopper' } },
    });
    expect(parent.raw.output).toMatchObject({ subAgentToolResults: [expect.anything()] });
  });

  it('hides the inner calls of AI SDK subagent snapshots and of the parent result', () => {
    const chunks = loadFixture('subagent-transform-aisdk');
    expect(JSON.stringify(chunks)).toContain('sk-desk-secret-77');
    neverShows(chunks, SECRETS, { formats: [aiSdk] });
  });

  it('shows a client transform of a nested call on the AI SDK path', () => {
    const state = reduceAll(loadFixture('subagent-transform-aisdk'), {
      formats: [aiSdk],
      transforms: { crmLookupTool: { input: (v) => ({ ...(v as object), apiKey: '••' }) } },
    });
    expect(state.toolCalls.get('call-crm-desk-1')?.input).toEqual({
      kind: 'transformed',
      value: { query: 'Grace Hopper', apiKey: '••' },
    });
  });

  it('hides the raw input @mastra/ai-sdk sends after suppressed input deltas', () => {
    const chunks = loadFixture('transform-input-streamed-aisdk');
    expect(JSON.stringify(chunks)).toContain('sk-secret-123');
    neverShows(chunks, ['sk-secret-123'], { formats: [aiSdk] });
    // Its output, which the server's transform made, still shows, as the transform's view.
    expect(reduceAll(chunks, { formats: [aiSdk] }).toolCalls.get('call-crm-1')?.output).toEqual({
      kind: 'transformed',
      value: { customer: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'enterprise' } },
    });
  });

  it('redacts what a parent showed when the inner transform becomes known later', () => {
    const nested = (inner: object) =>
      chunk('tool-output', { toolCallId: 'p', toolName: 'agent-crm', output: inner });
    const inner = (type: string, payload: object, extra: object = {}) => ({
      type,
      runId: 'sub-1',
      from: 'AGENT',
      payload: { toolCallId: 'i', toolName: 'crmTool', ...payload },
      ...extra,
    });
    const chunks = [
      chunk('start', {}),
      chunk('tool-call', { toolCallId: 'p', toolName: 'agent-crm', args: { prompt: 'go' } }),
      nested({ type: 'start', runId: 'sub-1', from: 'AGENT', payload: {} }),
      nested(inner('tool-call', { args: { apiKey: 'sk-late-1' } })),
      chunk('tool-result', {
        toolCallId: 'p',
        toolName: 'agent-crm',
        result: {
          text: 'done',
          subAgentToolResults: [
            { toolCallId: 'i', toolName: 'crmTool', args: { apiKey: 'sk-late-1' }, result: 1 },
          ],
        },
      }),
      // A late chunk of the inner call tells that a display transform applies.
      nested(
        inner(
          'tool-result',
          { args: { apiKey: 'sk-late-1' }, result: 1 },
          displayMeta({ 'input-available': { transformed: { apiKey: '•' } } }),
        ),
      ),
    ];
    const before = reduceAll(chunks.slice(0, -1));
    expect(everythingShown(before)).toContain('sk-late-1');
    expect(everythingShown(reduceAll(chunks))).not.toContain('sk-late-1');
  });

  it('withholds what the model saw of a display-transformed result', () => {
    const state = reduceAll([
      chunk('start', {}),
      chunk(
        'tool-result',
        {
          toolCallId: 'm',
          toolName: 'crmTool',
          args: {},
          result: { token: 'sk-model-1' },
          providerMetadata: { mastra: { modelOutput: { type: 'text', value: 'sk-model-1' } } },
        },
        displayMeta({ 'output-available': { transformed: { token: '•' } } }),
      ),
    ]);
    expect(everythingShown(state)).not.toContain('sk-model-1');
    expect(state.toolCalls.get('m')?.raw.modelOutput).toBeDefined();
  });

  it('hides the step payloads of a display-transformed workflow call', () => {
    const step = (type: string, payload: object) =>
      chunk('tool-output', {
        toolCallId: 'w',
        toolName: 'workflow-export',
        output: { type, runId: 'wf-1', from: 'WORKFLOW', payload },
      });
    const chunks = [
      chunk('start', {}),
      chunk(
        'tool-call',
        { toolCallId: 'w', toolName: 'workflow-export', args: { key: 'sk-wf-1' } },
        displayMeta({ 'input-available': { transformed: { key: '•' } } }),
      ),
      step('workflow-start', { workflowId: 'export' }),
      step('workflow-step-start', { id: 's1', payload: { key: 'sk-wf-1' } }),
      step('workflow-step-result', { id: 's1', status: 'success', output: { key: 'sk-wf-1' } }),
      step('workflow-finish', { workflowStatus: 'success', finalWorkflowResult: 'sk-wf-1' }),
    ];
    neverShows(chunks, ['sk-wf-1']);
  });

  it('hides earlier step payloads when the workflow call turns out to be transformed', () => {
    const chunks = [
      chunk('start', {}),
      chunk('tool-call-input-streaming-start', { toolCallId: 'w', toolName: 'workflow-export' }),
      chunk('tool-output', {
        toolCallId: 'w',
        output: {
          type: 'workflow-step-start',
          runId: 'wf-1',
          from: 'WORKFLOW',
          payload: { id: 's1', payload: { key: 'sk-wf-2' } },
        },
      }),
      chunk(
        'tool-call-delta',
        { toolCallId: 'w', toolName: 'workflow-export', argsTextDelta: '{}' },
        displayMeta({ 'input-delta': { suppress: true } }),
      ),
    ];
    const state = reduceAll(chunks);
    expect(state.toolCalls.get('w')?.workflow?.steps.size).toBe(1);
    expect(everythingShown(state)).not.toContain('sk-wf-2');
  });

  it('keeps payload strings out of issue excerpts', () => {
    const state = reduceAll([
      chunk('start', {}),
      // Malformed: toolCallId is not a string; the args are a transformed call's secret.
      chunk(
        'tool-call',
        { toolCallId: 7, toolName: 'loginTool', args: { password: 'hunter2-excerpt' } },
        displayMeta({ 'input-available': { transformed: {} } }),
      ),
      {
        type: 'toolpane/issue',
        issue: { kind: 'transport', message: 'x', excerpt: '{"password":"hunter3-excerpt"' },
      },
    ]);
    expect(state.issues).toHaveLength(2);
    expect(state.issues[0]?.excerpt).toContain('"type":"tool-call"');
    expect(everythingShown(state)).not.toMatch(/hunter[23]-excerpt/);
  });
});
