// @vitest-environment node
import { createToolpaneStore, type ReduceOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { everythingShown, neverShows } from '../utils/shown';

/**
 * A value hidden once stays hidden when a later chunk brings it again: a replayed stream, a
 * duplicated chunk, an error that repeats the input. On the AI SDK path the client hides the input
 * of `transform-input-streamed-aisdk` only because its deltas were dropped (protocol §6.4); the
 * raw input rides along on `tool-input-available`, so every later chunk that carries it must find
 * the call already hidden.
 */

const NAME = 'transform-input-streamed-aisdk';
const SECRET = 'sk-secret-123';
const AI: ReduceOptions = { formats: [aiSdk] };

const recording = () => loadFixture(NAME) as { type: string; input?: unknown }[];
/** Where the recording's `tool-input-available` is. */
const at = recording().findIndex((chunk) => chunk.type === 'tool-input-available');
const available = () => recording()[at]!;

describe('an AI SDK input hidden because its deltas were dropped', () => {
  it('stays hidden when tool-input-available comes again, at once or at the end', () => {
    const chunks = recording();
    expect(JSON.stringify(available())).toContain(SECRET);
    const early = [...chunks.slice(0, at + 1), available(), ...chunks.slice(at + 1)];
    const late = [...chunks.slice(0, -1), available(), chunks.at(-1)];
    const whole = [...chunks, ...chunks];
    for (const sequence of [early, late, whole]) {
      const state = neverShows(sequence, [SECRET], AI);
      expect(state.toolCalls.get('call-crm-1')?.input).toEqual({
        kind: 'hidden',
        reason: 'suppressed',
      });
    }
  });

  it('stays hidden when a tool-input-error repeats the input', () => {
    const chunks = recording();
    const { input } = available();
    const error = { type: 'tool-input-error', toolCallId: 'call-crm-1', input, errorText: 'bad' };
    const state = neverShows([...chunks.slice(0, at + 1), error], [SECRET], AI);
    expect(state.toolCalls.get('call-crm-1')?.status).toBe('output-error');
  });

  it('hides the error text of an input error that quotes the input', () => {
    const chunks = recording();
    const { input } = available();
    const errorText = `Invalid input for tool crmLookupTool: ${JSON.stringify(input)}`;
    const error = { type: 'tool-input-error', toolCallId: 'call-crm-1', input, errorText };
    // The error in place of tool-input-available: the call streamed, and no delta came through.
    const state = neverShows([...chunks.slice(0, at), error], [SECRET], AI);
    const call = state.toolCalls.get('call-crm-1')!;
    expect(call.status).toBe('output-error');
    expect(call.input).toEqual({ kind: 'hidden', reason: 'suppressed' });
    expect(call.error).toEqual({ kind: 'hidden', reason: 'suppressed' });
    // An error with no sign of a transform shows as it came.
    const open = createToolpaneStore(AI);
    open.dispatchMany([chunks[0]!, { ...error, toolName: 'crmLookupTool', input: { q: 1 } }]);
    expect(open.getState().toolCalls.get('call-crm-1')).toMatchObject({
      input: { kind: 'raw', value: { q: 1 } },
      error: { kind: 'raw', value: errorText },
      inputError: errorText,
    });
  });

  it('shows the client transform of the tool, the one way to see it', () => {
    const chunks = recording();
    const transforms = {
      crmLookupTool: { input: (v: unknown) => ({ ...(v as object), apiKey: '••' }) },
    };
    const state = neverShows([...chunks.slice(0, at + 1), available()], [SECRET], {
      ...AI,
      transforms,
    });
    expect(state.toolCalls.get('call-crm-1')?.input).toEqual({
      kind: 'transformed',
      value: { query: 'Ada Lovelace', apiKey: '••' },
    });
  });
});

describe('streamed arguments a display transform hides', () => {
  it('are not parsed, so no parse error quotes them (native)', () => {
    const chunks = loadFixture('transform-input-streamed') as { type: string }[];
    const first = chunks.findIndex((chunk) => chunk.type === 'tool-call-delta');
    // The first delta lost: the rest starts mid-string, which a parser would report, quoting it.
    const store = createToolpaneStore();
    store.dispatchMany([...chunks.slice(0, first), ...chunks.slice(first + 1)]);
    const call = store.getState().toolCalls.get('call-crm-1')!;
    expect(call.displayTransform).toBe('display');
    expect(call.inputError).toBeUndefined();
  });

  it('lose the quote of a parse error made before the transform was known (native)', () => {
    const chunks = loadFixture('transform-input-streamed') as {
      type: string;
      metadata?: unknown;
    }[];
    const deltas = chunks.flatMap((chunk, i) => (chunk.type === 'tool-call-delta' ? [i] : []));
    // Deltas without their metadata, the third lost: the text breaks off where a parser reports
    // the character it stopped at, before the tool-result tells the call is transformed.
    const cut = chunks
      .filter((_, i) => i !== deltas[2])
      .map((chunk) =>
        chunk.type === 'tool-call-delta' ? { ...chunk, metadata: undefined } : chunk,
      );
    const store = createToolpaneStore();
    const call = () => store.getState().toolCalls.get('call-crm-1')!;
    const result = cut.findIndex((chunk) => chunk.type === 'tool-result');
    store.dispatchMany(cut.slice(0, result));
    const quoted = /'[^']+'/.exec(call().inputError ?? '')?.[0];
    expect(quoted).toBeDefined();
    store.dispatchMany(cut.slice(result));
    expect(call().displayTransform).toBe('display');
    expect(call().inputError).toBeDefined();
    expect(call().inputError).not.toContain(quoted);
    expect(call().inputError).not.toMatch(/offset|expected/);
  });

  it('are not parsed on the AI SDK path under a client transform', () => {
    const transforms = { deleteTool: { input: () => ({ id: '••' }) } };
    const store = createToolpaneStore({ ...AI, transforms });
    store.dispatchMany([
      { type: 'start', messageId: 'm-hidden-1' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'deleteTool' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'trip-2019"}' },
    ]);
    const call = store.getState().toolCalls.get('c1')!;
    expect(call.input).toEqual({ kind: 'hidden', reason: 'pending' });
    expect(call.inputError).toBeUndefined();
    expect(everythingShown(store.getState())).not.toContain('trip');
  });
});
