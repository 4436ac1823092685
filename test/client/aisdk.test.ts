// @vitest-environment node
// Nothing here renders: Node's own streams and typed arrays keep the converter and byte streams in
// one realm.
import {
  createToolpaneStore,
  type DisplayValue,
  initialState,
  type ReduceOptions,
  type RunState,
  reduce,
  reduceAll,
  selectPendingApprovals,
  selectRunText,
  selectSubagents,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { consumeStream } from '@toolpane/client/stream';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { byteStream, loadFixture, toSse } from '../utils/fixtures';

type Chunk = Record<string, unknown>;

const END = { type: 'toolpane/stream-end' };

/** Reads AI SDK UI message streams besides native ones. */
const AI: ReduceOptions = { formats: [aiSdk] };

/** Runs a recorded native stream through the real `@mastra/ai-sdk` converter. */
const convert = (name: string, version: 'v5' | 'v6'): Promise<Chunk[]> =>
  throughAiSdk(loadFixture(name), { version });

/** Streams played one after another, as a session does, with a stream end after each. */
function play(streams: readonly (readonly unknown[])[], options?: ReduceOptions): ToolpaneState {
  return reduceAll(
    streams.flatMap((chunks) => [...chunks, END]),
    { ...AI, ...options },
  );
}

/** Runs in transcript order: each top-level run followed by the subagent runs inside it. */
function orderedRuns(state: ToolpaneState): RunState[] {
  const out: RunState[] = [];
  const visit = (runId: string) => {
    const run = state.runs.get(runId);
    if (run === undefined || out.includes(run)) return;
    out.push(run);
    for (const id of run.toolCallIds)
      for (const child of state.toolCalls.get(id)!.childRunIds) visit(child);
  };
  for (const runId of state.runOrder) visit(runId);
  return out;
}

function transcript(run: RunState) {
  return run.parts.map((part) => {
    switch (part.type) {
      case 'text':
        return { text: part.text };
      case 'tool-call':
        return { call: part.toolCallId };
      case 'error':
        return { error: part.message };
      case 'tripwire':
        return { tripwire: part.reason };
      case 'data':
        return { data: part.name };
      default:
        return { type: part.type };
    }
  });
}

/**
 * What a UI renders of a state. Left out on purpose: top-level run ids (the AI SDK stream only has
 * the message id), the top-level agent id (not on the wire), timestamps, and `raw` values.
 */
function essentials(state: ToolpaneState) {
  const calls = state.toolCallOrder.map((id) => {
    const call = state.toolCalls.get(id)!;
    const { workflow, approval, suspension } = call;
    return {
      toolCallId: id,
      toolName: call.toolName,
      kind: call.kind,
      status: call.status,
      parentToolCallId: call.parentToolCallId,
      runIsTopLevel: state.runs.get(call.runId)?.parentToolCallId === null,
      input: call.input,
      output: call.output,
      error: call.error,
      modelOutput: call.modelOutput,
      approval: approval && {
        toolName: approval.toolName,
        args: approval.args,
        resumeSchema: approval.resumeSchema,
        target: approval.target,
      },
      suspension: suspension && {
        payload: suspension.payload,
        resumeSchema: suspension.resumeSchema,
        target: suspension.target,
      },
      workflow: workflow && {
        workflowId: workflow.workflowId,
        runId: workflow.runId,
        status: workflow.status,
        result: workflow.result,
        steps: workflow.stepIds.map((stepId) => {
          const { id, name, status, input, output } = workflow.steps.get(stepId)!;
          return { id, name, status, input, output };
        }),
      },
      subagentRuns: call.childRunIds,
    };
  });
  const runs = orderedRuns(state).map((run) => {
    const top = run.parentToolCallId === null;
    return {
      runId: top ? 'top-level' : run.runId,
      agentId: top ? undefined : run.agentId,
      status: run.status,
      parentToolCallId: run.parentToolCallId,
      depth: run.depth,
      transcript: transcript(run),
    };
  });
  return { calls, runs, issues: state.issues };
}

type Essentials = ReturnType<typeof essentials>;

const placeholder = (phase: string) => ({ message: `Tool ${phase} payload unavailable` });

/**
 * What the AI SDK stream shows of a native stream's essentials. Its subagent snapshots carry the
 * inner calls raw with no transform metadata, so their values stay hidden, and so do the inner
 * calls' values in a subagent's result (and what the model saw of it) and the arguments and
 * payload of a request raised inside a subagent.
 */
function asAiSdkShows(native: Essentials): Essentials {
  const hide = (value: DisplayValue): DisplayValue =>
    value.kind === 'none' ? value : { kind: 'hidden', reason: 'suppressed' };
  const calls = native.calls.map((call) => {
    if (call.parentToolCallId !== null) {
      return {
        ...call,
        input: hide(call.input),
        output: hide(call.output),
        error: hide(call.error),
        approval: call.approval && { ...call.approval, args: hide(call.approval.args) },
        suspension: call.suspension && {
          ...call.suspension,
          payload: hide(call.suspension.payload),
        },
      };
    }
    const value = call.output.kind === 'raw' ? (call.output.value as Record<string, unknown>) : {};
    const entries = value?.subAgentToolResults;
    if (call.kind !== 'agent' || !Array.isArray(entries) || entries.length === 0) return call;
    const redacted = entries.map((entry: Record<string, unknown>) => ({
      ...entry,
      ...('args' in entry ? { args: placeholder('input-available') } : {}),
      ...('result' in entry ? { result: placeholder('output-available') } : {}),
    }));
    return {
      ...call,
      output: { kind: 'transformed' as const, value: { ...value, subAgentToolResults: redacted } },
      modelOutput: undefined,
    };
  });
  return { ...native, calls };
}

/** The structure only, for recordings of different sessions (ids and thread ids differ). */
function outline(state: ToolpaneState) {
  return {
    calls: state.toolCallOrder.map((id) => {
      const call = state.toolCalls.get(id)!;
      return {
        toolCallId: id,
        toolName: call.toolName,
        status: call.status,
        parentToolCallId: call.parentToolCallId,
        input: call.input,
      };
    }),
    runs: orderedRuns(state).map((run) => ({
      agentId: run.parentToolCallId === null ? undefined : run.agentId,
      status: run.status,
      parentToolCallId: run.parentToolCallId,
      depth: run.depth,
      transcript: transcript(run),
    })),
  };
}

const typed = (chunks: readonly unknown[], type: string) =>
  chunks.filter((chunk) => (chunk as Chunk).type === type) as Chunk[];

describe.each([
  [
    'subagent-aisdk-ui-v5',
    '72b90874-7209-49fa-a912-80e32f8483f2',
    '66cbbbbd-1527-44c8-af23-c836ddb809d6',
  ],
  [
    'subagent-aisdk-ui-v6',
    '647dd212-0a73-4991-997f-6185b7e85e01',
    '3d68f7b5-c5ec-4641-8cab-676e8a1b5971',
  ],
])('recorded %s', (name, messageId, subRunId) => {
  const state = reduceAll(loadFixture(name), AI);
  const native = reduceAll(loadFixture('subagent'), AI);

  it('is detected as an AI SDK stream with one run per message, keyed by the message id', () => {
    expect(state.format).toBe('ai-sdk');
    expect(state.runOrder).toEqual([messageId]);
    expect(state.runs.get(messageId)).toMatchObject({
      messageId,
      status: 'finished',
      finishReason: 'stop',
      parentToolCallId: null,
      depth: 0,
    });
    expect(state.issues).toEqual([]);
  });

  it('has the tool calls of the native stream, nested the same way', () => {
    expect(state.toolCallOrder).toEqual(['call-agent-1', 'sub-call-1']);
    expect(state.toolCalls.get('call-agent-1')).toMatchObject({
      toolName: 'agent-weather',
      kind: 'agent',
      status: 'output-available',
      runId: messageId,
      parentToolCallId: null,
      input: { kind: 'raw', value: { prompt: 'What is the weather in Paris?' } },
      childRunIds: [subRunId],
    });
    // The result quotes the inner call, whose transform this stream cannot tell: withheld.
    expect(state.toolCalls.get('call-agent-1')?.modelOutput).toBeUndefined();
    expect(state.toolCalls.get('call-agent-1')?.raw.modelOutput).toEqual({
      type: 'text',
      value: 'Paris: 21°C, sunny.',
    });
    // Snapshots carry the inner call raw, with no transform metadata: its values stay hidden.
    expect(state.toolCalls.get('sub-call-1')).toMatchObject({
      toolName: 'weatherTool',
      kind: 'tool',
      status: 'output-available',
      runId: subRunId,
      parentToolCallId: 'call-agent-1',
      input: { kind: 'hidden', reason: 'suppressed' },
      output: { kind: 'hidden', reason: 'suppressed' },
    });
  });

  it('builds the subagent run from its snapshots without duplicates', () => {
    expect(selectSubagents(state)).toEqual([
      {
        toolCallId: 'call-agent-1',
        toolName: 'agent-weather',
        agentId: 'weather-agent',
        runId: subRunId,
        depth: 1,
        status: 'finished',
      },
    ]);
    const sub = state.runs.get(subRunId)!;
    expect(sub.parts).toMatchObject([
      { type: 'tool-call', toolCallId: 'sub-call-1' },
      { type: 'text', text: 'Paris: 21°C, sunny.', state: 'done' },
    ]);
    expect(sub.toolCallIds).toEqual(['sub-call-1']);
    expect(sub.finishReason).toBe('stop');
    expect(sub.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
  });

  it('has the texts of the native stream', () => {
    expect(selectRunText(state, messageId)).toBe('The weather agent says Paris is 21°C and sunny.');
    expect(selectRunText(state, subRunId)).toBe('Paris: 21°C, sunny.');
    expect(selectRunText(native, native.runOrder[0]!)).toBe(selectRunText(state, messageId));
  });

  it('renders like the native recording of the same scenario, nested values hidden', () => {
    const expected = outline(native);
    const calls = expected.calls.map((call) =>
      call.parentToolCallId === null
        ? call
        : { ...call, input: { kind: 'hidden' as const, reason: 'suppressed' as const } },
    );
    expect(outline(state)).toEqual({ ...expected, calls });
  });
});

describe('recorded AI SDK streams that end in an approval', () => {
  it.each(['aisdk-v5', 'aisdk-v6'])('%s asks for approval of deleteTool once', (name) => {
    const chunks = loadFixture(name);
    const state = play([chunks]);
    const [approvalPart] = typed(chunks, 'data-tool-call-approval');
    const mastraRunId = (approvalPart!.data as { runId: string }).runId;

    const pending = selectPendingApprovals(state);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      toolCallId: 'call-del-ai-1',
      toolName: 'deleteTool',
      kind: 'approval',
      resumeWith: { runId: mastraRunId, toolCallId: 'call-del-ai-1' },
    });
    expect(pending[0]!.call.approval).toMatchObject({
      toolName: 'deleteTool',
      args: { kind: 'raw', value: { id: 'trip-2019' } },
      resumeSchema: { type: 'object', required: ['approved'] },
    });
    // The decision goes to Mastra's run, never to the synthetic run of the message.
    expect(mastraRunId).not.toBe(state.runOrder[0]);
    expect(state.runs.get(state.runOrder[0]!)?.status).toBe('waiting');
  });

  it('splits the v6 approvalId at the last "::" into the same target as the data part', () => {
    const chunks = loadFixture('aisdk-v6');
    const [request] = typed(chunks, 'tool-approval-request');
    const [approvalPart] = typed(chunks, 'data-tool-call-approval');
    const approvalId = request!.approvalId as string;
    const runId = (approvalPart!.data as { runId: string }).runId;
    expect(approvalId).toBe(`${runId}::call-del-ai-1`);

    const onlyRequest = reduceAll(
      chunks.filter((chunk) => chunk !== approvalPart),
      AI,
    );
    expect(onlyRequest.toolCalls.get('call-del-ai-1')).toMatchObject({
      status: 'approval-requested',
      approval: { toolName: 'deleteTool', target: { runId, toolCallId: 'call-del-ai-1' } },
    });
    const reordered = chunks.filter((chunk) => chunk !== request).concat(request!);
    expect(selectPendingApprovals(reduceAll(reordered, AI))).toHaveLength(1);
  });

  it.each(['aisdk-v5', 'aisdk-v6'])('%s keeps the lookup subagent and its tool call', (name) => {
    const state = play([loadFixture(name)]);
    const [subagent] = selectSubagents(state);
    expect(subagent).toMatchObject({
      toolCallId: 'call-lookup-1',
      toolName: 'agent-lookup',
      agentId: 'lookup-agent',
      status: 'finished',
    });
    expect(selectRunText(state, subagent!.runId)).toBe('Oslo is 17°C and sunny.');
    expect(state.toolCalls.get('call-lookup-weather-1')).toMatchObject({
      toolName: 'weatherTool',
      status: 'output-available',
      parentToolCallId: 'call-lookup-1',
      output: { kind: 'hidden', reason: 'suppressed' },
    });
    expect(state.toolCallOrder).toEqual([
      'call-weather-ai-1',
      'call-lookup-1',
      'call-lookup-weather-1',
      'call-del-ai-1',
    ]);
  });
});

// Every scenario below is a native recording run through the real @mastra/ai-sdk converter.
const SCENARIOS: readonly (readonly string[])[] = [
  ['tool-call-then-text'],
  ['subagent'],
  ['subagent-two-level'],
  ['subagents-parallel'],
  ['parallel-tools-error'],
  ['model-error'],
  ['workflow-tool'],
  ['approval-request'],
  ['approval-request', 'approval-approved'],
  ['subagent-approval-request'],
  ['subagent-approval-request', 'subagent-approval-approved'],
  ['nested-approval-request'],
  ['nested-approval-request', 'nested-approval-approve'],
  ['suspend-request'],
  ['suspend-request', 'suspend-resume'],
];

describe.each(['v5', 'v6'] as const)('@mastra/ai-sdk %s output', (version) => {
  it.each(SCENARIOS.map((names) => [names.join(' + '), names] as const))(
    '%s gives the state of the native stream',
    async (_, names) => {
      const converted = await Promise.all(names.map((name) => convert(name, version)));
      const native = play(names.map((name) => loadFixture(name)));
      const state = play(converted);
      expect(state.format).toBe('ai-sdk');
      expect(essentials(state)).toEqual(asAiSdkShows(essentials(native)));
    },
  );

  it('routes a nested approval to the inner call and leaves the agent call alone', async () => {
    const state = play([await convert('nested-approval-request', version)]);
    const native = play([loadFixture('nested-approval-request')]);
    const outer = state.toolCalls.get('call-ops-1')!;
    expect(outer).toMatchObject({ status: 'input-available', toolName: 'agent-ops' });
    expect(outer.approval).toBeUndefined();
    const pending = selectPendingApprovals(state);
    expect(pending.map((p) => [p.toolCallId, p.toolName, p.resumeWith])).toEqual([
      ['call-del-sub-1', 'deleteTool', { runId: native.runOrder[0], toolCallId: 'call-ops-1' }],
    ]);
  });

  it('binds workflow snapshots to the workflow call by run id', async () => {
    const state = play([await convert('workflow-tool', version)]);
    const call = state.toolCalls.get('call-report-1')!;
    expect(call.workflow).toMatchObject({
      workflowId: 'report-workflow',
      status: 'success',
      stepIds: ['fetch-figures', 'summarize'],
      result: { summary: 'Q3 sales: revenue 1250000, growth 12%' },
    });
    expect(call.workflow?.steps.get('fetch-figures')).toMatchObject({
      status: 'success',
      input: { topic: 'Q3 sales' },
      output: { topic: 'Q3 sales', revenue: 1250000, growth: 0.12 },
    });
    expect(state.runs.get(state.runOrder[0]!)?.parts.some((p) => p.type === 'data')).toBe(false);
  });

  it('ends a tripwire stream, which has no start, in a run of its own', async () => {
    const state = play([await convert('tripwire', version)]);
    const native = play([loadFixture('tripwire')]);
    const nativeRun = native.runs.get(native.runOrder[0]!)!;
    expect(state.runOrder).toEqual(['ai-sdk-run-1']);
    expect(state.runs.get('ai-sdk-run-1')).toMatchObject({
      status: 'tripwire',
      finishReason: 'tripwire',
      error: nativeRun.error,
      parts: nativeRun.parts,
    });
  });

  it('keeps an aborted run aborted through the finish that follows', async () => {
    const state = play([await convert('abort', version)]);
    const native = play([loadFixture('abort')]);
    const run = state.runs.get(state.runOrder[0]!)!;
    expect(run).toMatchObject({ status: 'aborted', error: 'The run was aborted' });
    expect(transcript(run)).toEqual(transcript(native.runs.get(native.runOrder[0]!)!));
  });

  it('marks a declined call denied', async () => {
    const state = play([
      await convert('approval-request', version),
      await convert('approval-declined', version),
    ]);
    expect(state.toolCalls.get('call-del-1')).toMatchObject({
      status: 'output-denied',
      approval: { decision: { approved: false } },
    });
    expect(state.runOrder).toHaveLength(1);
    expect(state.runs.get(state.runOrder[0]!)?.status).toBe('finished');
  });
});

describe('values on the AI SDK stream', () => {
  const chunks = loadFixture('aisdk-v6');

  it('shows what the server sent as raw and never claims it as the pre-transform value', () => {
    const call = reduceAll(chunks, AI).toolCalls.get('call-weather-ai-1')!;
    expect(call.input).toEqual({ kind: 'raw', value: { city: 'Paris' } });
    expect(call.inputText).toBe('{"city":"Paris"}');
    expect(call.displayTransform).toBe('unknown');
    expect(call.raw).toEqual({});
  });

  it('applies a client transform configured for the tool', () => {
    const state = reduceAll(chunks, {
      ...AI,
      transforms: {
        deleteTool: { input: () => 'a trip', approval: (args) => ({ trip: (args as Chunk).id }) },
      },
    });
    const call = state.toolCalls.get('call-del-ai-1')!;
    expect(call.displayTransform).toBe('display');
    expect(call.input).toEqual({ kind: 'transformed', value: 'a trip' });
    expect(call.approval?.args).toEqual({ kind: 'transformed', value: { trip: 'trip-2019' } });
  });
});

describe('AI SDK streams through every entry point', () => {
  it.each(['subagent-aisdk-ui-v6', 'aisdk-v6'])(
    '%s: chunk-by-chunk reduce and the store agree with reduceAll',
    (name) => {
      const chunks = loadFixture(name);
      const options = { ...AI, now: () => 1 };
      const whole = reduceAll(chunks, options);
      let state = initialState;
      for (const chunk of chunks) state = reduce(state, chunk, options);
      expect(essentials(state)).toEqual(essentials(whole));
      const store = createToolpaneStore(options);
      store.subscribe(() => {});
      for (const chunk of chunks) store.dispatch(chunk);
      expect(essentials(store.getState())).toEqual(essentials(whole));
    },
  );

  it('consumes the SSE bytes of a recorded AI SDK stream', async () => {
    const chunks = loadFixture('aisdk-v5');
    const store = createToolpaneStore(AI);
    // Pieces of 37 bytes split frames and the multi-byte "°" alike.
    const result = await consumeStream(store, byteStream(toSse(chunks), 37));
    expect(result.status).toBe('done');
    expect(essentials(store.getState())).toEqual(essentials(play([chunks])));
  });
});

describe('malformed AI SDK chunks', () => {
  const chunks: Chunk[] = [
    { type: 'start', messageId: 'msg-1' },
    { type: 'tool-input-start', toolName: 'weatherTool' },
    {
      type: 'tool-input-available',
      toolCallId: 'c1',
      toolName: 'weatherTool',
      input: { city: 'Oslo' },
    },
    { type: 'text-delta', id: 't1' },
    { type: 'tool-output-error', toolCallId: 'c1' },
    { type: 'tool-approval-request', approvalId: 'no-separator', toolCallId: 'c1' },
    { type: 'data-tool-call-approval', data: { toolCallId: 'c1', toolName: 'weatherTool' } },
    { type: 'data-tool-agent', id: 'sub-1', data: { text: 'lost' }, ancestry: [] },
    { type: 'data-tool-agent', id: 'sub-1', data: 'nope', ancestry: [{ toolCallId: 'c2' }] },
    {
      type: 'data-tool-agent',
      id: 'sub-2',
      data: { id: 'helper', text: 'Done.', toolCalls: [{ toolName: 'x' }], status: 'finished' },
      ancestry: [{ toolCallId: 'c2', toolName: 'agent-helper' }],
      depth: 1,
    },
    { type: 'data-tool-workflow-step', id: 'wf-1:s1', data: { stepId: 's1' } },
    { type: 'data-background-task-started', data: { taskId: 7 } },
    { type: 'tool-output-available', toolCallId: 'c1', output: { tempC: 17 } },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: 'Oslo is 17°C.' },
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: 'stop' },
  ];

  it('become issues while the rest of the stream applies', () => {
    let state: ToolpaneState | undefined;
    expect(() => {
      state = reduceAll(chunks, AI);
    }).not.toThrow();
    expect(state!.issues.map((issue) => [issue.kind, issue.chunkType])).toEqual([
      ['invalid-chunk', 'tool-input-start'],
      ['invalid-chunk', 'text-delta'],
      ['invalid-chunk', 'tool-output-error'],
      ['invalid-chunk', 'tool-approval-request'],
      ['invalid-chunk', 'data-tool-call-approval'],
      ['invalid-chunk', 'data-tool-agent'],
      ['invalid-chunk', 'data-tool-agent'],
      ['invalid-chunk', 'data-tool-agent'],
      ['invalid-chunk', 'data-tool-workflow-step'],
      ['invalid-chunk', 'data-background-task-started'],
    ]);
    expect(state!.issues[0]?.message).toBe(
      '"toolCallId" of tool-input-start must be a non-empty string',
    );
    expect(state!.toolCalls.get('c1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { tempC: 17 } },
    });
    expect(selectPendingApprovals(state!)).toEqual([]);
    expect(selectRunText(state!, 'msg-1')).toBe('Oslo is 17°C.');
    expect(state!.runs.get('msg-1')?.status).toBe('finished');
    // A usable snapshot still applies, with its agent call created on first sight.
    expect(state!.toolCalls.get('c2')).toMatchObject({ toolName: 'agent-helper', kind: 'agent' });
    expect(state!.runs.get('sub-2')).toMatchObject({ agentId: 'helper', status: 'finished' });
    expect(selectRunText(state!, 'sub-2')).toBe('Done.');
  });

  it('become issues in a pure reduce too', () => {
    const next = reduce(initialState, { type: 'tool-output-denied', toolCallId: '' }, AI);
    expect(next.issues).toMatchObject([{ kind: 'invalid-chunk', chunkType: 'tool-output-denied' }]);
    expect(next.toolCalls.size).toBe(0);
  });
});

describe('without the ai-sdk format', () => {
  it('reports AI SDK chunks as issues that name the missing option', async () => {
    const state = reduceAll(await convert('tool-call-then-text', 'v6'));
    expect(state.toolCalls.size).toBe(0);
    expect(state.format).toBe('mastra');
    const messages = state.issues.map((issue) => issue.message);
    expect(messages).toContain(
      "runId: a chunk needs a runId; AI SDK UI message streams need `formats: [aiSdk]` from '@toolpane/client/ai-sdk'",
    );
  });
});
