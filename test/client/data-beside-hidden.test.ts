// @vitest-environment node
import { createToolpaneStore, reduceAll, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { DATA } from '../../bench/hidden-shapes';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import {
  END,
  isAiSdkRecording,
  keptState,
  recordingOptions,
  startedRecordings,
} from '../utils/replays';
import { everythingShown, hiddenTexts, TOLD_LATE } from '../utils/shown';

/*
 * What a tool or workflow step writes (`writer.custom`, a `data-*` part) is no call's own value:
 * Mastra applies no transform to it, and a bare one names no call, so it lands on the run a
 * reader can tell (the subagent run still streaming, else the top-level run). Wherever it lands,
 * it shows none of what a call of its tree hides. Over every recording with a call that hides a
 * value through a display transform, in both formats: a data part quoting each hidden value, sent
 * once the value is hidden (at the end of the stream, and after the stream ended) or before the
 * call that hides it came (after the stream's first chunk: searched again once it hides), bare or
 * with an id, shows none of it, and shows the rest of what it carries.
 */

const SAID = 'written near 7781';

const CASES = fixtureNames().flatMap((name) => {
  if (TOLD_LATE.has(name)) return [];
  const chunks = loadFixture(name);
  const state = reduceAll([...chunks, END], recordingOptions(name));
  // Of calls a display transform is known to apply to: where nothing says one does (an AI SDK
  // stream tells nothing of a subagent's calls), only values of the same run are searched for
  // every word of their arguments (client README, "Security").
  // Nor while a view of its arguments may still come: what it will show is not known yet.
  const known = [...state.toolCalls.values()].filter(
    (call) =>
      call.displayTransform === 'display' &&
      !(call.input.kind === 'hidden' && call.input.reason === 'pending'),
  );
  const secrets = hiddenTexts(state, known);
  return secrets.length === 0 ? [] : [{ name, chunks, secrets }];
});

/** A data part, as a tool's `writer.custom` sends it, quoting `secret`; bare unless given an id. */
const dataPart = (secret: string, id?: string) => ({
  type: 'data-handoff',
  ...(id === undefined ? {} : { id }),
  data: { note: SAID, quoted: `${SAID}: ${secret}`, nested: [{ again: secret }] },
});

describe('a data part quoting what a call of its tree hides', () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
    expect(CASES.some(({ name }) => !isAiSdkRecording(name))).toBe(true);
  });

  it.each(CASES)('$name: shows none of it', ({ name, chunks, secrets }) => {
    for (const secret of secrets) {
      for (const read of [
        [...chunks.slice(0, -1), dataPart(secret), ...chunks.slice(-1), END],
        [...chunks, END, dataPart(secret)],
        [chunks[0], dataPart(secret), ...chunks.slice(1), END],
        [chunks[0], dataPart(secret, 'h-1'), ...chunks.slice(1), END],
      ]) {
        const state = reduceAll(read, recordingOptions(name));
        const shown = everythingShown(state);
        expect(shown, secret).not.toContain(secret);
        // What it carries beside the hidden value still shows, unless a display transform applies
        // in its run (then it shows hidden whole, however late the call that tells so came).
        const run = [...state.runs.values()].find((each) =>
          each.parts.some((p) => p.type === 'data' && p.name === 'handoff'),
        );
        const data = run?.parts.find((p) => p.type === 'data' && p.name === 'handoff');
        expect(data).toBeDefined();
        const transformed = [...state.toolCalls.values()].some(
          (call) => call.runId === run?.runId && call.displayTransform === 'display',
        );
        if (data?.type === 'data') {
          if (transformed) expect(data.hidden, secret).toBe(true);
          else expect(JSON.stringify(data.data)).toContain(SAID);
        }
      }
    }
  });

  const STARTED = new Set(startedRecordings());
  it.each(CASES.filter(({ name }) => STARTED.has(name)))(
    '$name: one before the call, broken off after any chunk and sent again, reads as one read',
    ({ name, chunks, secrets }) => {
      // A call a break ended hides every text of its arguments only once no stream may name it
      // again: a data part, not read again when the stream is sent again, is searched again only
      // for what is hidden either way.
      const options = recordingOptions(name);
      const kept = (state: ToolpaneState) => keptState(state, { transport: false });
      const read = [chunks[0], dataPart(secrets[0]!), ...chunks.slice(1)];
      const once = kept(reduceAll([...read, END], options));
      for (let cut = 2; cut < read.length; cut++) {
        const state = reduceAll([...read.slice(0, cut), END, ...read, END], options);
        expect(kept(state), `broken off after chunk ${cut}`).toEqual(once);
      }
    },
  );

  it.each(DATA.map((shape) => [shape.name, shape] as const))(
    '%s: no data part shows a key a call hides, read at once or chunk by chunk',
    (_, shape) => {
      const chunks = [...shape.chunks(400), END];
      const store = createToolpaneStore();
      for (const chunk of chunks) {
        store.dispatch(chunk);
        store.getState();
      }
      for (const state of [reduceAll(chunks), store.getState()]) {
        const keys = [...state.toolCalls.values()]
          .filter((call) => call.toolName === 'lookup')
          .map((call) => (call.raw.input as { key: string }).key);
        expect(keys.length).toBeGreaterThan(20);
        const parts = [...state.runs.values()].flatMap((run) => run.parts);
        const data = parts.filter((part) => part.type === 'data');
        expect(data.length).toBeGreaterThanOrEqual(keys.length);
        const shown = JSON.stringify(data);
        for (const key of keys) expect(shown).not.toContain(key);
        // What each carries beside the key still shows.
        for (const part of data) expect(JSON.stringify(part)).toContain('crm');
      }
    },
  );
});
