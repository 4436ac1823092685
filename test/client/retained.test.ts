// @vitest-environment node
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';

/*
 * What a long run keeps in memory: the state, and not a second copy of every streamed argument.
 * Each call's input is parsed as it streams by a parser of its own, which holds about as much as
 * the input again; once the input stopped streaming nothing needs it. A call that hides values
 * keeps the texts it hides, not the matcher that finds them, which takes a few dozen bytes per
 * character. Measured as the heap that stays after a full collection (a count of bytes, not a
 * time).
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CALLS = 2_000;
const ARGS = {
  query: 'q'.repeat(300),
  rows: Array.from({ length: 20 }, (_, i) => ({ i, name: `row-${i}` })),
};
const TEXT = JSON.stringify(ARGS);

/** `CALLS` calls whose arguments stream in 100-character deltas, as fresh strings each. */
function nativeChunks(): unknown[] {
  const top = (type: string, payload: unknown) => ({ type, runId: 'r', from: 'AGENT', payload });
  const out: unknown[] = [top('start', {})];
  for (let i = 0; i < CALLS; i++) {
    const call = { toolCallId: `c${i}`, toolName: 'search' };
    out.push(top('tool-call-input-streaming-start', call));
    for (let at = 0; at < TEXT.length; at += 100) {
      out.push(top('tool-call-delta', { ...call, argsTextDelta: TEXT.slice(at, at + 100) }));
    }
    out.push(top('tool-call', { ...call, args: ARGS }));
    out.push(top('tool-result', { ...call, result: i }));
  }
  return JSON.parse(JSON.stringify(out));
}

function aiSdkChunks(): unknown[] {
  const out: unknown[] = [{ type: 'start', messageId: 'm' }, { type: 'start-step' }];
  for (let i = 0; i < CALLS; i++) {
    const call = { toolCallId: `c${i}` };
    out.push({ type: 'tool-input-start', ...call, toolName: 'search' });
    for (let at = 0; at < TEXT.length; at += 100) {
      out.push({ type: 'tool-input-delta', ...call, inputTextDelta: TEXT.slice(at, at + 100) });
    }
    out.push({ type: 'tool-input-available', ...call, toolName: 'search', input: ARGS });
    out.push({ type: 'tool-output-available', ...call, output: i });
  }
  return JSON.parse(JSON.stringify(out));
}

/** Bytes per call that applying `chunks` leaves on the heap, with the chunks still held. */
function retainedPerCall(chunks: readonly unknown[], make: () => ToolpaneStore): number {
  gc();
  const before = getHeapStatistics().used_heap_size;
  const store = make();
  for (const chunk of chunks) store.dispatch(chunk);
  // Read once, as a UI reads what it shows: until then the store keeps what a rollback would take
  // back since its last read (at most 256 values' worth, however long the run).
  store.getState();
  gc();
  const after = getHeapStatistics().used_heap_size;
  expect(store.getState().toolCalls.size).toBe(CALLS);
  return (after - before) / CALLS;
}

describe('a long run keeps its state, not its parsers', () => {
  // The state holds each call's input text and its arguments: about twice the text. A parser kept
  // per call added as much again and more (about four times the text, measured).
  const bound = 2.5 * TEXT.length;

  it('on native streams', () => {
    const chunks = nativeChunks();
    expect(retainedPerCall(chunks, () => createToolpaneStore())).toBeLessThan(bound);
  });

  it('on AI SDK streams', () => {
    const chunks = aiSdkChunks();
    const bytes = retainedPerCall(chunks, () => createToolpaneStore({ formats: [aiSdk] }));
    expect(bytes).toBeLessThan(bound);
  });
});

/**
 * `CALLS` calls each hiding an account number its result quotes back, with the display transform's
 * metadata, or (`hiding` false) the same calls without it.
 */
function hidingChunks(hiding: boolean): unknown[] {
  const top = (type: string, payload: unknown, metadata?: unknown) => ({
    type,
    runId: 'r',
    from: 'AGENT',
    payload,
    ...(hiding ? { metadata } : {}),
  });
  const shows = (output: unknown) => ({
    mastra: {
      toolPayloadTransform: {
        display: {
          'input-available': { transformed: { account: '••••', amount: 12 } },
          'output-available': { transformed: output },
        },
      },
    },
  });
  const out: unknown[] = [top('start', {})];
  for (let i = 0; i < CALLS; i++) {
    const call = { toolCallId: `c${i}`, toolName: 'pay' };
    const args = { account: `DE89-3704-0044-0532-${String(i).padStart(6, '0')}`, amount: 12 };
    const result = { receipt: `paid 12 from ${args.account}` };
    out.push(top('tool-call', { ...call, args }, shows(undefined)));
    out.push(top('tool-result', { ...call, args, result }, shows(result)));
  }
  return JSON.parse(JSON.stringify(out));
}

describe('a call that hides values keeps the texts it hides, not a matcher for them', () => {
  it('on native streams', () => {
    // The median of five: a collection may leave garbage of an earlier run behind, or collect
    // some the first measurement still counted, so one figure may be off either way.
    const median = (hiding: boolean) => {
      const figures = [0, 1, 2, 3, 4].map(() =>
        retainedPerCall(hidingChunks(hiding), () => createToolpaneStore()),
      );
      return figures.sort((a, b) => a - b)[2]!;
    };
    const plain = median(false);
    const hiding = median(true);
    const state = createToolpaneStore();
    state.dispatchMany(hidingChunks(true));
    expect(JSON.stringify(state.getState().toolCalls.get('c7')?.output)).toContain('[hidden]');
    // A matcher kept per call held about 2,800 bytes more than the plain call; the texts it hides
    // in each form they may be quoted in (a link, a form body, base64), about 1,300. It keeps the
    // texts as written, about 1,000: the forms are made when a search is.
    expect(hiding - plain).toBeLessThan(1_200);
  });
});
