// @vitest-environment node
import {
  createToolpaneStore,
  type DisplayValue,
  reduceAll,
  selectPendingApprovals,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * A request for approval whose arguments are not those its call was made with: what a person is
 * shown to approve is never other than what the tool runs with, silently.
 */

type Chunk = { type: string; runId?: string; payload?: Record<string, unknown> };
type Part = { type: string; data?: Record<string, unknown> };

/** The arguments an attacker swaps in. */
const SWAPPED = { id: 'rec-swapped-in', cascade: true };

/** The chunk inside its `tool-output` wrappers, and how many there are. */
function unwrap(chunk: Chunk): { inner: Chunk; depth: number } {
  let inner = chunk;
  let depth = 0;
  while (inner.type === 'tool-output') {
    const output = inner.payload?.output as Chunk | undefined;
    if (typeof output?.type !== 'string') break;
    inner = output;
    depth++;
  }
  return { inner, depth };
}

/** A copy of `chunk` whose innermost `tool-call-approval` carries `args`. */
function withArgs(chunk: Chunk, args: unknown): Chunk {
  if (chunk.type === 'tool-call-approval') return { ...chunk, payload: { ...chunk.payload, args } };
  const output = withArgs(chunk.payload!.output as Chunk, args);
  return { ...chunk, payload: { ...chunk.payload, output } };
}

const shownValue = (value: DisplayValue | undefined) =>
  value?.kind === 'raw' ? value.value : undefined;

/** Whether any pending approval, or any call's request, shows the swapped arguments. */
function showsSwapped(state: ToolpaneState): boolean {
  const swapped = JSON.stringify(SWAPPED);
  if (
    selectPendingApprovals(state).some(
      (p) => JSON.stringify(shownValue(p.call.approval?.args)) === swapped,
    )
  )
    return true;
  return [...state.toolCalls.values()].some(
    (call) => JSON.stringify(shownValue(call.approval?.args)) === swapped,
  );
}

const OTHER = /repeated one level up with other arguments than its call inside was made with/;
const otherIssue = (state: ToolpaneState) =>
  state.issues.some((issue) => OTHER.test(issue.message));

/**
 * Each native recording's nested request: the index of the inner call's own request and the
 * repeats one level up that follow it (one per enclosing `agent-*` call).
 */
function nestedRequests(chunks: Chunk[]): { at: number; repeats: number[] }[] {
  const found: { at: number; repeats: number[] }[] = [];
  const consumed = new Set<number>();
  for (let i = 0; i < chunks.length; i++) {
    const { inner, depth } = unwrap(chunks[i]!);
    if (inner.type !== 'tool-call-approval' || depth === 0 || consumed.has(i)) continue;
    const repeats: number[] = [];
    for (let j = i + 1; j < chunks.length && repeats.length < depth; j++) {
      const next = unwrap(chunks[j]!);
      if (next.inner.type === 'tool-call-approval' && next.depth < depth) repeats.push(j);
    }
    for (const j of repeats) consumed.add(j);
    if (repeats.length > 0) found.push({ at: i, repeats });
  }
  return found;
}

/** Whether the call that asked at `at` is in the state before its request: the stream made it. */
function callKnown(chunks: Chunk[], at: number): boolean {
  const toolCallId = unwrap(chunks[at]!).inner.payload!.toolCallId as string;
  return reduceAll(chunks.slice(0, at)).toolCalls.has(toolCallId);
}

const native = fixtureNames().filter((name) => !name.includes('aisdk'));
const nestedCases = native.flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  return nestedRequests(chunks)
    .filter(({ at }) => callKnown(chunks, at))
    .map((request) => ({ name, ...request }));
});

const decisionIssues = (state: ToolpaneState) =>
  state.issues.filter((issue) => issue.kind === 'decision').length;

describe('a request repeated one level up before its inner call asked', () => {
  it('finds nested requests among the recordings', () => {
    expect(nestedCases.length).toBeGreaterThanOrEqual(3);
  });

  it.each(nestedCases)('$name at $at: other arguments show no card', ({ name, at, repeats }) => {
    const chunks = loadFixture(name) as Chunk[];
    const before = chunks.slice(0, at);
    const issuesBefore = decisionIssues(reduceAll(before));
    // Each repeat alone, and all of them, with the inner call's own request lost.
    for (const sent of [...repeats.map((r) => [r]), repeats]) {
      const state = reduceAll([...before, ...sent.map((r) => withArgs(chunks[r]!, SWAPPED))]);
      expect(showsSwapped(state), `repeats ${sent.join(',')}`).toBe(false);
      // An issue says so (this one, or why the repeat cannot be one at all).
      expect(decisionIssues(state)).toBeGreaterThan(issuesBefore);
      // The inner call's own request, when it comes after all, shows what the call was made with.
      const later = reduceAll([
        ...before,
        ...sent.map((r) => withArgs(chunks[r]!, SWAPPED)),
        chunks[at]!,
      ]);
      expect(showsSwapped(later)).toBe(false);
      expect(selectPendingApprovals(later).length).toBeGreaterThan(0);
    }
  });

  it.each(nestedCases)(
    '$name at $at: the same arguments still reach the inner call',
    ({ name, at, repeats }) => {
      const chunks = loadFixture(name) as Chunk[];
      // While another subagent's request waits, a repeat alone cannot be told from a stray one.
      if (selectPendingApprovals(reduceAll(chunks.slice(0, at))).length > 0) return;
      const honest = reduceAll(chunks.slice(0, repeats.at(-1)! + 1));
      const repeatOnly = reduceAll([...chunks.slice(0, at), chunks[repeats.at(-1)!]!]);
      expect(otherIssue(repeatOnly)).toBe(false);
      expect(selectPendingApprovals(repeatOnly).map((p) => p.key)).toEqual(
        selectPendingApprovals(honest).map((p) => p.key),
      );
    },
  );
});

const aiSdkCases = fixtureNames()
  .filter((name) => name.includes('aisdk'))
  .flatMap((name) =>
    (loadFixture(name) as Part[]).flatMap((part, at) =>
      part.type === 'data-tool-call-approval' ? [{ name, at }] : [],
    ),
  );

describe('an AI SDK request part whose arguments no call inside was made with', () => {
  it('finds request parts among the recordings', () => {
    expect(aiSdkCases.length).toBeGreaterThanOrEqual(3);
  });

  it.each(aiSdkCases)('$name at $at: shows no card for them on a call inside', ({ name, at }) => {
    const parts = loadFixture(name) as Part[];
    const honest = reduceAll(parts.slice(0, at + 1), { formats: [aiSdk] });
    const toolCallId = parts[at]!.data!.toolCallId;
    const asked = [...honest.toolCalls.values()].find(
      (call) => call.approval !== undefined && call.parentToolCallId !== null,
    );
    // Only where the stream tells the inner call (subagent snapshots): without them the request
    // stays on the call it names, which the stream alone describes.
    if (asked === undefined || asked.toolCallId === toolCallId) return;
    const swapped = { ...parts[at]!, data: { ...parts[at]!.data, args: SWAPPED } };
    const state = reduceAll([...parts.slice(0, at), swapped], { formats: [aiSdk] });
    expect(showsSwapped(state)).toBe(false);
    expect(otherIssue(state)).toBe(true);
    // An approval a v6 request put on the outer call waits for arguments that never came: no
    // Approve, only Decline.
    for (const pending of selectPendingApprovals(state)) {
      expect(pending.call.approval!.args.kind).not.toBe('raw');
    }
  });
});

describe('a request with other arguments than its own call', () => {
  const chunks = loadFixture('approval-request') as Chunk[];
  const at = chunks.findIndex((chunk) => chunk.type === 'tool-call-approval');
  const request = chunks[at]!;
  const toolCallId = request.payload!.toolCallId as string;
  const swapped = [...chunks.slice(0, at), withArgs(request, SWAPPED), ...chunks.slice(at + 1)];

  it('says so when it comes, and shows what it asks', () => {
    const state = reduceAll(swapped);
    const call = state.toolCalls.get(toolCallId)!;
    expect(call.approval!.args).toEqual({ kind: 'raw', value: SWAPPED });
    expect(state.issues).toContainEqual(
      expect.objectContaining({
        kind: 'decision',
        toolCallId,
        message: expect.stringMatching(/names other arguments than its call was made with/),
      }),
    );
    expect(reduceAll(chunks).issues).toEqual([]);
  });

  it('keeps what was approved when the result names the arguments the call was made with', () => {
    const store = createToolpaneStore();
    store.dispatchMany(swapped);
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId, approved: true });
    const before = store.getState().issues.length;
    store.dispatchMany(loadFixture('approval-approve'));
    const state = store.getState();
    const call = state.toolCalls.get(toolCallId)!;
    expect(call.approval!.args).toEqual({ kind: 'raw', value: SWAPPED });
    expect(state.issues.slice(before)).toContainEqual(
      expect.objectContaining({
        kind: 'decision',
        message: expect.stringMatching(/other arguments while it waits for approval/),
      }),
    );
  });
});
