import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { HIDDEN } from '../../bench/hidden-shapes';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * Hiding when what is hidden grows with the stream (bench/hidden-shapes.ts): a call whose streamed
 * arguments pile up secrets and whose result quotes every one, a subagent whose result carries
 * every hidden call it made (after them, and before them, which Mastra never does), and an AI
 * SDK call shown masked whose refusal quotes every argument. test/client/linear.test.ts holds their
 * cost linear; here nothing of them shows, in any snapshot, and only what is hidden is replaced.
 */

const SECRET = /sk-\d+-hidden-\d+/;
const END = { type: 'toolpane/stream-end' };

describe.each(HIDDEN)('$name', ({ chunks, format }) => {
  const options = format === 'ai-sdk' ? { formats: [aiSdk] } : {};

  // Every snapshot of 600 chunks searched for 250 secrets: seconds of work, more on a busy machine.
  it('shows no secret in any snapshot', { timeout: 30_000 }, () => {
    const stream = chunks(600);
    const secrets = [...new Set(JSON.stringify(stream).match(new RegExp(SECRET, 'g')))];
    expect(secrets.length).toBeGreaterThan(250);
    neverShows([...stream, END], secrets, options);
  });

  it('replaces each quoted secret and nothing else', () => {
    const text = everythingShown(reduceAll([...chunks(3000), END], options));
    expect(text).not.toMatch(SECRET);
    // The quotes keep their words around the mark.
    const marks = text.match(/matched \[hidden\]|\\"\[hidden\]\\"/g)?.length ?? 0;
    const receipts = text.match(/"receipt":"hidden"/g)?.length ?? 0;
    expect(marks + receipts).toBeGreaterThan(1400);
  });
});

describe('secrets whose occurrences overlap', () => {
  it('hide every character any of them covers', () => {
    const meta = (output: unknown) => ({
      mastra: {
        toolPayloadTransform: {
          display: {
            'input-available': { transformed: { a: '•', b: '•' } },
            'output-available': { transformed: output },
          },
        },
      },
    });
    const args = { a: 'abcdef', b: 'defghi' };
    const result = { note: 'x abcdefghi y abcdef-defghi z' };
    const top = (type: string, payload: object, metadata?: object) => ({
      type,
      runId: 'r',
      from: 'AGENT',
      payload: { toolCallId: 'c', toolName: 't', args, ...payload },
      ...(metadata ? { metadata } : {}),
    });
    const state = reduceAll([
      { type: 'start', runId: 'r', from: 'AGENT', payload: {} },
      top('tool-call', {}, meta(undefined)),
      top('tool-result', { result }, meta(result)),
      END,
    ]);
    expect(state.toolCalls.get('c')?.output).toEqual({
      kind: 'transformed',
      value: { note: 'x [hidden] y [hidden]-[hidden] z' },
    });
  });
});

describe('hidden values quoted back across runs and subagents', () => {
  const [shape] = HIDDEN;
  /** The chunks of `run`, each wrapped in `tool-output` of the `agent-*` calls above it. */
  const nested = (run: string, parents: readonly [string, string][]) =>
    (shape!.chunks(200) as { runId: string }[]).map((chunk) => {
      let value: unknown = { ...chunk, runId: run };
      for (const [runId, callId] of [...parents].reverse()) {
        value = {
          type: 'tool-output',
          runId,
          from: 'USER',
          payload: { output: value, toolCallId: callId, toolName: 'agent-vault' },
        };
      }
      return value;
    });
  const agentCall = (runId: string, toolCallId: string) => ({
    type: 'tool-call',
    runId,
    from: 'AGENT',
    payload: { toolCallId, toolName: 'agent-vault', args: {} },
  });

  it('hide them in every run that repeats the call id, at the top and three levels deep', () => {
    const stream = [
      ...nested('run-1', []),
      ...nested('run-2', []),
      { type: 'start', runId: 'run-3', from: 'AGENT', payload: {} },
      agentCall('run-3', 'agent-1'),
      {
        type: 'tool-output',
        runId: 'run-3',
        from: 'USER',
        payload: {
          output: agentCall('sub-1', 'agent-2'),
          toolCallId: 'agent-1',
          toolName: 'agent-vault',
        },
      },
      ...nested('sub-2', [
        ['run-3', 'agent-1'],
        ['sub-1', 'agent-2'],
      ]),
      END,
    ];
    const secrets = [...new Set(JSON.stringify(stream).match(new RegExp(SECRET, 'g')))];
    const state = neverShows(stream, secrets);
    const calls = [...state.toolCalls.values()].filter((call) => call.toolCallId === 'c');
    expect(calls.map((call) => call.runId)).toEqual(['run-1', 'run-2', 'sub-2']);
    for (const call of calls) expect(JSON.stringify(call.output)).toContain('matched [hidden]');
  });
});

describe('a subagent result hidden whole past the limit, then sent again, then a call inside it learns to hide', () => {
  it('shows none of what that call hides', () => {
    const chunk = (type: string, payload: unknown, runId = 'run', metadata?: unknown) => ({
      type,
      runId,
      from: 'AGENT',
      payload,
      ...(metadata === undefined ? {} : { metadata }),
    });
    const hides = {
      mastra: {
        toolPayloadTransform: {
          display: {
            'input-available': { transformed: { key: 'hidden' } },
            'output-available': { transformed: { receipt: 'hidden' } },
          },
        },
      },
    };
    const wrap = (inner: unknown) =>
      chunk('tool-output', { output: inner, toolCallId: 'agent-c', toolName: 'agent-vault' });
    const calls = Array.from({ length: 12 }, (_, i) => ({
      toolCallId: `c${i}`,
      toolName: 'vault',
      args: { key: `sk-${i}-hidden-${i}` },
      result: { receipt: `receipt sk-${i}-hidden-${i}` },
    }));
    const result = chunk('tool-result', {
      toolCallId: 'agent-c',
      toolName: 'agent-vault',
      args: {},
      result: { text: 'done', subAgentToolResults: calls },
    });
    const inner = ({ result: output, ...payload }: (typeof calls)[number], metadata?: unknown) => [
      wrap(chunk('tool-call', payload, 'sub', metadata)),
      wrap(chunk('tool-result', { ...payload, result: output }, 'sub', metadata)),
    ];
    const last = calls.at(-1)!;
    const stream = [
      chunk('start', { id: 'agent', messageId: 'm' }),
      chunk('tool-call', { toolCallId: 'agent-c', toolName: 'agent-vault', args: {} }),
      wrap(chunk('start', { id: 'vault', messageId: 'm-sub' }, 'sub')),
      result,
      // Eleven calls learn to hide after the result: past the limit, the result hides whole.
      ...calls.slice(0, -1).flatMap((call) => inner(call, hides)),
      // The last call, seen without its transform, then the result again (a replay): shown with
      // that call's values as they are, until its transform comes.
      wrap(chunk('tool-call', { ...last, result: undefined }, 'sub')),
      result,
      wrap(chunk('tool-result', last, 'sub', hides)),
      { type: 'toolpane/stream-end' },
    ];
    for (const state of [reduceAll(stream), neverShowsAtEnd(stream)]) {
      expect(everythingShown(state)).not.toMatch(SECRET);
      expect(state.toolCalls.get('agent-c')?.output.kind).toBe('hidden');
    }
  });
});

/** The state a store reaches chunk by chunk. */
function neverShowsAtEnd(chunks: readonly unknown[]) {
  const store = createToolpaneStore();
  for (const chunk of chunks) store.dispatch(chunk);
  return store.getState();
}
