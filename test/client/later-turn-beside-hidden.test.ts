// @vitest-environment node
import { createToolpaneStore, reduceAll, type ToolpaneState } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { TURNS } from '../../bench/hidden-shapes';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { base64After } from '../utils/quote-forms';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts, neverShows, TOLD_LATE } from '../utils/shown';

/*
 * A chat's later turn may get back what an earlier turn hid: a tool that reads the thread's
 * memory, a lookup that returns the key an earlier turn's call was given. Every recording with a
 * call a display transform is known to hide a value through, as the first turn of a chat whose
 * second turn (a plain recording of the same format) has a tool whose result, or error, quotes
 * each hidden text (as written, in capitals, URL-encoded or in base64), or writes a data part that
 * does: no state a store publishes shows it, through a store read chunk by chunk and through
 * `reduceAll`, and the rest of the value shows. So does a chat reloaded from the `UIMessage`s an
 * app saved of both turns.
 */

type Json = Record<string, unknown>;
type Chunk = Json & { type: string };

const SAID = 'remembered near 7781: ';

const CASES = fixtureNames().flatMap((name) => {
  if (TOLD_LATE.has(name)) return [];
  const state = reduceAll([...loadFixture(name), END], recordingOptions(name));
  // As across a tree of runs: every text of a call's arguments only where a display transform
  // is known to apply, and once a view of them can no longer come.
  const known = [...state.toolCalls.values()].filter(
    (call) =>
      call.displayTransform === 'display' &&
      !(call.input.kind === 'hidden' && call.input.reason === 'pending'),
  );
  const secrets = hiddenTexts(state, known);
  return secrets.length === 0 ? [] : [{ name, secrets }];
});

const WAYS = ['its result', 'its error', 'a data part it writes'] as const;
type Way = (typeof WAYS)[number];

/**
 * How the later turn quotes each hidden text: as written, in capitals, URL-encoded, and in base64
 * (texts of six bytes or more; shorter ones as written).
 */
const FORMS = {
  'as written': (secret: string) => secret,
  'in capitals': (secret: string) => secret.toUpperCase(),
  'URL-encoded': (secret: string) => encodeURIComponent(secret),
  'in base64': (secret: string) => base64After(secret),
} as const;
type Form = keyof typeof FORMS;
const QUOTES = WAYS.flatMap((way) => (Object.keys(FORMS) as Form[]).map((form) => [way, form]));

/** The second turn's tool call, in recording `second`. */
const WEATHER = { native: 'call-weather-1', aisdk: 'call-weather-ai-1' };

/** A plain recording of `name`'s format as a second turn, its tool quoting `quote` `way`. */
function secondTurn(name: string, way: Way, quote: string): unknown[] {
  const note = `${SAID}${quote}`;
  const aisdk = isAiSdkRecording(name);
  const chunks = loadFixture(aisdk ? 'aisdk-v6' : 'tool-then-text') as Chunk[];
  const runId = chunks[0]!.runId;
  return chunks.flatMap((chunk) => {
    if (aisdk && chunk.type === 'tool-output-available' && chunk.toolCallId === WEATHER.aisdk) {
      if (way === 'its result') return [{ ...chunk, output: { ...(chunk.output as Json), note } }];
      if (way === 'its error')
        return [{ type: 'tool-output-error', toolCallId: WEATHER.aisdk, errorText: note }];
      return [{ type: 'data-memory', data: { note: SAID, quoted: note } }, chunk];
    }
    const payload = chunk.payload as Json | undefined;
    if (!aisdk && chunk.type === 'tool-result' && payload?.toolCallId === WEATHER.native) {
      if (way === 'its result')
        return [
          { ...chunk, payload: { ...payload, result: { ...(payload.result as Json), note } } },
        ];
      if (way === 'its error')
        return [
          {
            ...chunk,
            type: 'tool-error',
            payload: { ...payload, result: undefined, error: { message: note } },
          },
        ];
      return [
        { type: 'data-memory', runId, from: 'USER', data: { note: SAID, quoted: note } },
        chunk,
      ];
    }
    return [chunk];
  });
}

/** What the second turn's tool, or its data part, shows of the quoting value. */
function quoted(state: ToolpaneState, way: Way, firstCalls: ReadonlySet<string>): string {
  const weather = [...state.toolCalls.values()].filter(
    (call) => !firstCalls.has(call.key) && Object.values(WEATHER).includes(call.toolCallId),
  );
  if (way === 'a data part it writes') {
    const parts = [...state.runs.values()].flatMap((run) => run.parts);
    return JSON.stringify(parts.filter((part) => part.type === 'data' && part.name === 'memory'));
  }
  return JSON.stringify(weather.map((call) => (way === 'its result' ? call.output : call.error)));
}

describe('a later turn quoting what an earlier turn hid', () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.length).toBeGreaterThan(10);
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
    expect(CASES.some(({ name }) => !isAiSdkRecording(name))).toBe(true);
  });

  describe.each(CASES)('$name', ({ name, secrets }) => {
    it.each(QUOTES)('in %s, %s: shows none of it, and the rest shows', (way, form) => {
      const first = [...loadFixture(name), END];
      const firstCalls = new Set(reduceAll(first, recordingOptions(name)).toolCalls.keys());
      const quotes = secrets.map(FORMS[form as Form]);
      const second = [...secondTurn(name, way as Way, quotes.join(' and ')), END];
      const store = createToolpaneStore(recordingOptions(name));
      for (const chunk of first) store.dispatch(chunk);
      const states: ToolpaneState[] = [];
      for (const chunk of second) {
        store.dispatch(chunk);
        states.push(store.getState());
      }
      states.push(reduceAll([...first, ...second], recordingOptions(name)));
      for (const [index, state] of states.entries()) {
        const shown = everythingShown(state);
        for (const text of new Set([...secrets, ...quotes]))
          expect(shown, `${text} at ${index}`).not.toContain(text);
      }
      for (const state of [store.getState(), states.at(-1)!]) {
        expect(quoted(state, way as Way, firstCalls)).toContain(`${SAID}[hidden]`);
      }
    });
  });
});

/** The message `useChat` builds of `chunks`, as an app saves it (JSON). */
async function saved(chunks: readonly unknown[]): Promise<unknown> {
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return JSON.parse(JSON.stringify(last));
}

describe('a chat reloaded from its saved messages', () => {
  const NAME = 'transform-input-streamed-aisdk';
  const SECRET = 'sk-secret-123';
  // The saved message keeps the raw input: the tool's client transform hides the key.
  const transforms = {
    crmLookupTool: { input: (v: unknown) => ({ ...(v as object), apiKey: '••' }) },
  };

  it.each(['its result', 'its error'] as const)(
    "shows none of it in a later turn's tool in %s",
    async (way) => {
      const first = await saved(loadFixture(NAME));
      const second = await saved(secondTurn(NAME, way, SECRET));
      const user = { id: 'user-2', role: 'user', parts: [{ type: 'text', text: 'And now?' }] };
      const state = stateFromUIMessages([first, user, second], { transforms });
      expect(JSON.stringify(second)).toContain(SECRET);
      expect(everythingShown(state)).not.toContain(SECRET);
      expect(quoted(state, way, new Set())).toContain(`${SAID}[hidden]`);
    },
  );
});

describe('chats whose every turn hides a key (bench/hidden-shapes.ts)', () => {
  const KEY = /sk-[0-9a-f]{16}/g;
  it.each(TURNS.map((s) => [s.name, s]))(
    '%s: no published state shows a key, and every quote shows marked',
    (_, shape) => {
      const chunks = shape.chunks(400);
      const keys = [...new Set(JSON.stringify(chunks).match(KEY))];
      const state = neverShows([...chunks, END], keys);
      // Every turn's result that quotes a key (all but the first turn's, when keys are new).
      const remembered = [...state.toolCalls.values()].filter(
        (call) =>
          call.toolName === 'vault' &&
          call.status === 'output-available' &&
          JSON.stringify(call.output).includes('sk-') === false &&
          call.output.kind === 'transformed',
      );
      const results = [...state.toolCalls.values()].filter(
        (call) => call.toolName === 'vault' && call.status === 'output-available',
      );
      expect(results.length).toBeGreaterThan(40);
      expect(remembered.length).toBeGreaterThanOrEqual(results.length - 1);
      for (const call of remembered) {
        expect(call.output).toEqual({ kind: 'transformed', value: { remembered: '[hidden]' } });
      }
    },
  );
});
