// @vitest-environment node
import { createToolpaneStore, initialState, reduce, reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';
import { everythingShown } from '../utils/shown';

/*
 * What decides whether a value shown before is searched again, tried where it could be missed:
 * the state's calls read for the first time by a value that also ended a second call that hides
 * (both written by the stream's end, the first read making the scope), read by `reduce` chunk by
 * chunk (each call reads the state afresh), a store and `reduceAll`; and a quote Mastra cut short
 * inside the hidden text (`… (truncated)`), which holds only its start, shown before the call
 * that hides it.
 */

type Json = Record<string, unknown>;
const NAME = 'transform-input-whole';
const recording = loadFixture(NAME) as Json[];
const runId = recording[0]!.runId;
const options = recordingOptions(NAME);
const OTHER = 'sk-other-456789';

const chunk = (type: string, payload: Json, metadata?: Json) => ({
  type,
  runId,
  from: 'AGENT',
  payload,
  ...(metadata ? { metadata } : {}),
});

/** Every state `chunks` make, one at a time, by `reduce`, a store, and `reduceAll` at the end. */
function everyWay(chunks: readonly unknown[]): string[] {
  const shown: string[] = [];
  let state = initialState;
  const store = createToolpaneStore(options);
  for (const value of chunks) {
    state = reduce(state, value, options);
    store.dispatch(value);
    shown.push(everythingShown(state), everythingShown(store.getState()));
  }
  shown.push(everythingShown(reduceAll(chunks, options)));
  return shown;
}

describe('a value searched again once calls that hide end', () => {
  it('is searched for what each call the stream ended hides, whichever made the scope', () => {
    const open = recording.find((c) => c.type === 'tool-call')!;
    // A call whose input a display transform keeps from the stream: its view never comes.
    const masked = [
      chunk('tool-call-input-streaming-start', { toolCallId: 'a2', toolName: 'vaultTool' }),
      chunk(
        'tool-call-delta',
        { argsTextDelta: `{"apiKey":"${OTHER}"}`, toolCallId: 'a2', toolName: 'vaultTool' },
        { mastra: { toolPayloadTransform: { display: { 'input-delta': {} } } } },
      ),
      chunk('tool-call-input-streaming-end', { toolCallId: 'a2' }),
      chunk('tool-call', { toolCallId: 'a2', toolName: 'vaultTool', args: { apiKey: OTHER } }),
    ];
    const lookup = { toolCallId: 'b', toolName: 'lookup', args: { q: 'x' } };
    const quoting = [
      chunk('tool-call', lookup),
      chunk('tool-result', { ...lookup, result: { note: `key ${OTHER}` } }),
    ];
    const chunks = [...recording.slice(0, 2), open, ...masked, ...quoting, END];
    const states = everyWay(chunks);
    // While the masked call may still get a view, nothing says what it hides; once the stream
    // ended without one, every text of its arguments is hidden, wherever the scope was read.
    for (const shown of states.slice(-3)) expect(shown).not.toContain(OTHER);
    expect(states.at(-1)).toContain('key [hidden]');
  });

  it('is searched again when it quotes the start of a hidden text cut short', () => {
    // `sk-secret-123`, the key the recorded call's view hides, cut after `sk-secret-1`.
    const lookup = { toolCallId: 'b', toolName: 'lookup', args: { q: 'x' } };
    const cut = [
      chunk('tool-call', lookup),
      chunk('tool-error', {
        ...lookup,
        error: { message: 'failed: {"note":"key sk-secret-1... (truncated)' },
      }),
    ];
    const start = recording.findIndex((c) => c.type === 'step-start') + 1;
    const chunks = [...recording.slice(0, start), ...cut, ...recording.slice(start), END];
    const states = everyWay(chunks);
    for (const shown of states.slice(-3)) {
      expect(shown).not.toContain('sk-secret-1');
      expect(shown).toContain('key [hidden]... (truncated)');
    }
  });
});
