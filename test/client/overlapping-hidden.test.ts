// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';
import {
  END,
  endsOwner,
  failing,
  isAiSdkRecording,
  recordingOptions,
  runError,
} from '../utils/replays';
import { everythingShown, hiddenTexts, hidesValue } from '../utils/shown';

/*
 * What one call hides may hold what another hides: one call hides `sk-leak-123`, another
 * `sk-leak-123-456789`. A message that may quote either (a run's error, the stream's, the
 * transport's, a failed decision's, the error of the agent call above them, a request's resume
 * schema) shows no part of
 * either: not the longer with the shorter cut out of it, whichever call was made first, and also
 * when the call that hides the longer is known only after the message came (its end searched
 * again then). Over every recording with two calls that hide a value, in both formats, the
 * second made to hide a value that holds the first's: at its start, at its end, and twice with
 * text between.
 */

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

/** Before and after the quote in every message. */
const BEFORE = 'refused (7781): ';
const AFTER = ' (code 7781)';

/** How the longer value holds the shorter one, and the parts of it that are its own. */
const HOLDS = {
  'at its start': (short: string) => [short, '-456789'],
  'at its end': (short: string) => ['tail7781-', short],
  'twice with text between': (short: string) => ['q7781-', short, '-mid7781-', short, '-z7781'],
} as const;

/** A hidden value that reads the same as written and JSON-escaped (most recorded ones). */
const plain = (text: string) => /^[\w.@:+\- ]{6,}$/.test(text);

interface Pair {
  name: string;
  chunks: Chunk[];
  /** The call whose value the other's holds, and its value. */
  short: ToolCallState;
  secret: string;
  /** The call made to hide the longer value, and the value it hid as recorded. */
  long: ToolCallState;
  recorded: string;
}

const PAIRS: Pair[] = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  const state = reduceAll([...chunks, END], recordingOptions(name));
  const hiding = [...state.toolCalls.values()]
    .filter(hidesValue)
    .map((call) => ({ call, secret: hiddenTexts(state, [call]).find(plain) }))
    .filter((found): found is { call: ToolCallState; secret: string } => !!found.secret);
  const [a, b] = hiding;
  if (a === undefined || b === undefined) return [];
  if (a.secret.includes(b.secret) || b.secret.includes(a.secret)) return [];
  const pair = (x: typeof a, y: typeof a): Pair => ({
    name,
    chunks,
    short: x.call,
    secret: x.secret,
    long: y.call,
    recorded: y.secret,
  });
  // Each way round: the call that hides the longer made after the other, and before it.
  return [pair(a, b), pair(b, a)];
});

interface Case extends Pair {
  holds: keyof typeof HOLDS;
  /** The longer value, its own parts, and the message that quotes it. */
  longer: string;
  own: string[];
  message: string;
  /** The recording with the longer value in place of the one recorded. */
  made: Chunk[];
}

const CASES: Case[] = PAIRS.flatMap((pair) =>
  (Object.keys(HOLDS) as (keyof typeof HOLDS)[]).map((holds) => {
    const parts = HOLDS[holds](pair.secret);
    const longer = parts.join('');
    const made = JSON.parse(JSON.stringify(pair.chunks).split(pair.recorded).join(longer));
    return {
      ...pair,
      holds,
      longer,
      own: parts.filter((part) => part !== pair.secret),
      message: `${BEFORE}${longer}${AFTER}`,
      made,
    };
  }),
);

/** Everything shown, with the requests (their errors) too. */
const shownOf = (state: ToolpaneState) =>
  everythingShown(state) +
  JSON.stringify([...state.toolCalls.values()].map((call) => [call.approval, call.suspension])) +
  JSON.stringify([...state.runs.values()].map((run) => run.error ?? null));

/** Fails when `state` shows any part of the case's values. */
function expectHidden(c: Case, state: ToolpaneState, message = true) {
  const shown = shownOf(state);
  for (const part of [c.secret, c.longer, ...c.own])
    expect(shown, `${c.name}: ${part}`).not.toContain(part);
  // What the message says around the quote stays.
  if (message) expect(shown).toContain(`${BEFORE}[hidden]${AFTER}`);
}

/** The index of the first chunk after which `call` is in the state. */
function bornAt(c: Case, call: ToolCallState): number {
  const store = createToolpaneStore(recordingOptions(c.name));
  for (const [i, chunk] of c.made.entries()) {
    store.dispatch(chunk);
    if (store.getState().toolCalls.has(call.key)) return i;
  }
  return -1;
}

/** The top-level call `call` runs inside (itself at the top). */
function topOf(state: ToolpaneState, call: ToolCallState): ToolCallState {
  let at = state.toolCalls.get(call.key)!;
  while (at.parentToolCallId !== null) at = state.toolCalls.get(at.parentToolCallId)!;
  return at;
}

/** The recording's result of the top-level call above both, made to fail quoting the value. */
function ownerFails(c: Case): Chunk[] | undefined {
  const end = reduceAll([...c.made, END], recordingOptions(c.name));
  const owner = topOf(end, c.long);
  if (owner.key === c.long.key || topOf(end, c.short).key !== owner.key) return undefined;
  const at = c.made.findIndex((chunk) => endsOwner(c.name, chunk, owner));
  if (at < 0) return undefined;
  return c.made.map((chunk, i) => (i === at ? failing(c.name, c.message)(chunk) : chunk));
}

/** The call waiting for a person at the end of the recording, if one is. */
function waitingOf(c: Case): ToolCallState | undefined {
  const end = reduceAll([...c.made, END], recordingOptions(c.name));
  return [...end.toolCalls.values()].find(
    (call) => call.status === 'approval-requested' || call.status === 'suspended',
  );
}

/** The recording with a run's error quoting the value just before the longer's call is known. */
function errorBefore(c: Case): Chunk[] | undefined {
  const [short, long] = [bornAt(c, c.short), bornAt(c, c.long)];
  if (short < 0 || long <= short) return undefined;
  const runId = (c.made[0] as { runId?: unknown }).runId;
  return [...c.made.slice(0, long), runError(c.name, runId, c.message), ...c.made.slice(long)];
}

/**
 * The recording with the first request's resume schema made to quote the value in a property's
 * description; undefined when no request carries a schema.
 */
function schemaQuoting(c: Case): Chunk[] | undefined {
  const made = structuredClone(c.made);
  const find = (value: unknown): Record<string, unknown> | undefined => {
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    if (typeof record.resumeSchema === 'object' || typeof record.resumeSchema === 'string')
      return record;
    for (const child of Object.values(record)) {
      const found = find(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const request = made.map(find).find((found) => found !== undefined);
  if (request === undefined) return undefined;
  // Mastra sends it as JSON text; a UI stream as an object.
  const sent = request.resumeSchema;
  const schema = (typeof sent === 'string' ? JSON.parse(sent) : sent) as {
    properties?: Record<string, unknown>;
  };
  const quoting = {
    ...schema,
    properties: { ...schema.properties, note: { type: 'string', description: c.message } },
  };
  request.resumeSchema = typeof sent === 'string' ? JSON.stringify(quoting) : quoting;
  return made;
}

const OWNED = CASES.flatMap((c) => {
  const made = ownerFails(c);
  return made === undefined ? [] : [{ ...c, failed: made }];
});
const WAITING = CASES.flatMap((c) => {
  const waiting = waitingOf(c);
  return waiting === undefined ? [] : [{ ...c, waiting }];
});
const ASKED = CASES.flatMap((c) => {
  const made = schemaQuoting(c);
  return made === undefined ? [] : [{ ...c, asked: made }];
});
const EARLY = CASES.flatMap((c) => {
  const made = errorBefore(c);
  return made === undefined ? [] : [{ ...c, early: made }];
});

describe('values hidden by two calls, one holding the other', () => {
  it('is checked in both formats, at one depth and two, on every path', () => {
    for (const cases of [CASES, OWNED, WAITING, ASKED, EARLY]) {
      expect(cases.some(({ name }) => isAiSdkRecording(name))).toBe(true);
      expect(cases.some(({ name }) => !isAiSdkRecording(name))).toBe(true);
    }
    expect(CASES.some(({ short }) => short.parentToolCallId !== null)).toBe(true);
    const depth = (c: Case, call: ToolCallState) =>
      reduceAll(c.chunks, recordingOptions(c.name)).runs.get(call.runId)?.depth;
    expect(CASES.some((c) => depth(c, c.long) !== depth(c, c.short))).toBe(true);
  });

  describe.each(CASES)('$name: $long.toolCallId holds what $short.toolCallId hides $holds', (c) => {
    it('shows none of it as recorded', () => {
      const end = reduceAll([...c.made, END], recordingOptions(c.name));
      expect(hidesValue(end.toolCalls.get(c.long.key)!)).toBe(true);
      expectHidden(c, end, false);
    });

    it("in a run's error", () => {
      const runId = (c.made[0] as { runId?: unknown }).runId;
      const error = runError(c.name, runId, c.message);
      expectHidden(c, reduceAll([...c.made, error, END], recordingOptions(c.name)));
    });

    it("in a run's error, as the second turn of a chat whose first turn repeats its ids", () => {
      const runId = (c.made[0] as { runId?: unknown }).runId;
      const error = runError(c.name, runId, c.message);
      const first = [...fixtureAsRun(c.name, 1), END];
      expectHidden(c, reduceAll([...first, ...c.made, error, END], recordingOptions(c.name)));
    });

    it('when the stream breaks, or the transport fails', () => {
      for (const failure of [
        { type: 'toolpane/stream-error', message: c.message },
        { type: 'toolpane/issue', issue: { kind: 'transport', message: c.message } },
      ]) {
        const store = createToolpaneStore(recordingOptions(c.name));
        store.dispatchMany([...c.made, END, failure]);
        expectHidden(c, store.getState());
      }
    });
  });

  describe.each(OWNED)('$name: $long.toolCallId holds what $short.toolCallId hides $holds', (c) => {
    it('in the error of the call above them', () => {
      expectHidden(c, reduceAll([...c.failed, END], recordingOptions(c.name)));
    });
  });

  describe.each(WAITING)(
    '$name: $long.toolCallId holds what $short.toolCallId hides $holds',
    (c) => {
      it('in a failed decision', () => {
        const store = createToolpaneStore(recordingOptions(c.name));
        store.dispatchMany([...c.made, END]);
        const { key, status } = c.waiting;
        store.dispatch(
          status === 'suspended'
            ? { type: 'toolpane/decision-sent', toolCallId: key, resumeData: {} }
            : { type: 'toolpane/decision-sent', toolCallId: key, approved: true },
        );
        store.dispatch({ type: 'toolpane/decision-failed', toolCallId: key, error: c.message });
        expectHidden(c, store.getState());
      });
    },
  );

  describe.each(ASKED)('$name: $long.toolCallId holds what $short.toolCallId hides $holds', (c) => {
    it("in a request's resume schema", () => {
      expectHidden(c, reduceAll([...c.asked, END], recordingOptions(c.name)));
    });
  });

  describe.each(EARLY)('$name: $long.toolCallId holds what $short.toolCallId hides $holds', (c) => {
    it('in a message that came before the call that hides the longer', () => {
      const state = reduceAll([...c.early, END], recordingOptions(c.name));
      expect(hidesValue(state.toolCalls.get(c.long.key)!)).toBe(true);
      expectHidden(c, state);
    });
  });
});
