// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import {
  answering,
  END,
  failing,
  isAiSdkRecording,
  recordingOptions,
  runError,
} from '../utils/replays';
import { everythingShown, hiddenTexts, hidesValue } from '../utils/shown';

/*
 * A message stored before a call turns out to hide values (its transform metadata came later, or
 * its arguments did) is searched again once it does. Over every recording with a call that hides
 * a value, in both formats: a run's error quoting what the call hides, moved to each place before
 * the last chunk that tells of the call, and the failing result of the `agent-*` or `workflow-*`
 * call above it (a workflow's result too), moved to each place after that call began: the end
 * shows none of it wherever the call still hides.
 */

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

const hides = (call: ToolCallState | undefined) => call !== undefined && hidesValue(call);

const shownOf = (state: ToolpaneState) =>
  everythingShown(state) + [...state.runs.values()].map((run) => run.error ?? '').join('\n');

interface Case {
  name: string;
  chunks: Chunk[];
  call: ToolCallState;
  secrets: string[];
  /** The first chunk after which the call is known, and the last after which it differs. */
  born: number;
  last: number;
}

const CASES: Case[] = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  const options = recordingOptions(name);
  const end = reduceAll([...chunks, END], options);
  const calls = [...end.toolCalls.values()].filter(hides);
  if (calls.length === 0) return [];
  const store = createToolpaneStore(options);
  const born = new Map<string, number>();
  const last = new Map<string, number>();
  chunks.forEach((chunk, i) => {
    const before = store.getState().toolCalls;
    store.dispatch(chunk);
    for (const [key, call] of store.getState().toolCalls) {
      if (!born.has(key)) born.set(key, i);
      if (before.get(key) !== call) last.set(key, i);
    }
  });
  return calls
    .map((call) => ({
      name,
      chunks,
      call,
      secrets: hiddenTexts(end, [call]),
      born: born.get(call.key)!,
      last: last.get(call.key)!,
    }))
    .filter(({ secrets }) => secrets.length > 0);
});

/**
 * Reduces `chunks` and fails when `call` still hides at the end and a secret its raw values hold
 * shows. (A subagent's snapshot that the end cut off may have shown the call without its raw
 * arguments being kept: see the report on `ai-sdk/agent.ts`.)
 */
function check({ name, call, secrets }: Case, chunks: Chunk[], at: number): boolean {
  const state = reduceAll([...chunks, END], recordingOptions(name));
  const now = state.toolCalls.get(call.key);
  if (now === undefined || !hides(now)) return false;
  const raw = JSON.stringify([now.raw.input, now.raw.approvalArgs, now.raw.suspendPayload]);
  // A call that hides nothing shows its own arguments (the same password given to another call
  // that the moved error split off, as a call of its own, from the one it ended).
  const own = JSON.stringify(
    [...state.toolCalls.values()].map((c) => (c.input.kind === 'raw' ? c.input.value : null)),
  );
  const shown = shownOf(state);
  for (const secret of secrets) {
    if (raw.includes(secret) && !own.includes(secret))
      expect(shown, `at ${at}: ${secret}`).not.toContain(secret);
  }
  return true;
}

const insert = (chunks: Chunk[], at: number, chunk: Chunk) => [
  ...chunks.slice(0, at),
  chunk,
  ...chunks.slice(at),
];

describe("a run's error that came before a call turned out to hide what it quotes", () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.length).toBeGreaterThan(20);
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
  });

  describe.each(CASES)('$name: $call.key', (c) => {
    it('shows none of it, wherever the error came', () => {
      const error = runError(c.name, c.chunks[0]!.runId, `failed: ${c.secrets.join(' and ')}`);
      for (let at = 1; at <= c.last; at++) check(c, insert(c.chunks, at, error), at);
    });
  });
});

/** The top-level `agent-*` or `workflow-*` call above `call`, in the recording's end state. */
function ownerOf(name: string, chunks: Chunk[], call: ToolCallState): ToolCallState | undefined {
  const state = reduceAll([...chunks, END], recordingOptions(name));
  let owner: ToolCallState | undefined;
  for (let at = state.toolCalls.get(call.key); at?.parentToolCallId != null; ) {
    owner = state.toolCalls.get(at.parentToolCallId);
    at = owner;
  }
  return owner;
}

/** Where `owner` began and where its result is, or undefined. */
function ownerSpan(name: string, chunks: Chunk[], owner: ToolCallState) {
  const id = owner.toolCallId;
  const names = (chunk: Chunk) =>
    (isAiSdkRecording(name) ? chunk.toolCallId : chunk.payload?.toolCallId) === id;
  const began = chunks.findIndex(names);
  const ends = chunks.findIndex(
    (chunk) =>
      names(chunk) && (chunk.type === 'tool-result' || chunk.type === 'tool-output-available'),
  );
  return began < 0 || ends < 0 ? undefined : { began, ends };
}

const NESTED = CASES.flatMap((c) => {
  const owner = ownerOf(c.name, c.chunks, c.call);
  const span = owner && ownerSpan(c.name, c.chunks, owner);
  return owner === undefined || span === undefined ? [] : [{ ...c, owner, ...span }];
});

describe('the result of the call above, come before the call inside turned out to hide', () => {
  it('is checked over subagents and workflows in both formats', () => {
    expect(new Set(NESTED.map(({ owner }) => owner.kind))).toEqual(new Set(['agent', 'workflow']));
    expect(NESTED.some(({ name }) => isAiSdkRecording(name))).toBe(true);
  });

  describe.each(NESTED)('$name: $call.key under $owner.toolName', (c) => {
    const quote = c.secrets.join(' and ');
    const moved = (make: (chunk: Chunk) => Chunk, at: number) => {
      const rest = c.chunks.filter((_, i) => i !== c.ends);
      return insert(rest, at, make(c.chunks[c.ends]!));
    };
    const each = (make: (chunk: Chunk) => Chunk) => {
      // From the chunk after the one that made the call inside: before, the result ends the
      // call above before the call inside is known under it (a later chunk makes another).
      const from = Math.max(c.began, c.born) + 1;
      for (let at = from; at <= Math.min(c.last, c.ends); at++) check(c, moved(make, at), at);
    };

    it('as an error shows none of it, wherever it came', () => {
      each(failing(c.name, quote));
    });

    if (c.owner.kind === 'workflow') {
      it('as a workflow result shows none of it, wherever it came', () => {
        each(answering(c.name, quote));
      });
    }
  });
});
