// @vitest-environment node
import { createToolpaneStore, selectPendingApprovals, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/**
 * A request for a person, seen again or early. A stream replayed after the decision was sent (a
 * reconnect) asks nothing anew: no call waits again, no outer `agent-*` call gets a request of its
 * own. A request that surfaces on the outer call before the inner call asked (Mastra repeats it
 * once per level) is the inner call's. Neither shows what a display transform hides. Every native
 * recording that ends waiting for a person is read both ways.
 */

type Chunk = { type: string; runId?: string; payload?: Record<string, unknown> };

const END = { type: 'toolpane/stream-end' };

/** Native recordings (not networks, whose decisions differ) that end waiting for a person. */
const WAITING = fixtureNames().filter((name) => {
  if (name.includes('aisdk') || name.startsWith('network')) return false;
  const store = createToolpaneStore();
  store.dispatchMany([...loadFixture(name), END]);
  return selectPendingApprovals(store.getState()).length > 0;
});

/** Strings (six characters or more) of a value. */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.length >= 6) out.push(value);
  } else if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) leaves(child, out);
  }
  return out;
}

/** The raw strings of transformed calls that the reading in order never shows. */
function hiddenBy(state: ToolpaneState): string[] {
  const shown = everythingShown(state);
  const raws = [...state.toolCalls.values()]
    .filter((call) => call.displayTransform === 'display')
    .flatMap((call) => leaves(call.raw));
  return [...new Set(raws)].filter((raw) => !shown.includes(raw));
}

/** What each call waiting for a person waits with, by key. */
const waiting = (state: ToolpaneState) =>
  selectPendingApprovals(state).map((p) => [p.key, p.kind, p.call.approval?.revision ?? 0]);

function read(chunks: readonly unknown[]): ToolpaneState {
  const store = createToolpaneStore();
  store.dispatchMany([...chunks, END]);
  return store.getState();
}

describe('a request stream replayed after the decision was sent', () => {
  it('reaches the recordings that wait for a person, nested ones among them', () => {
    expect(WAITING).toEqual(
      expect.arrayContaining([
        'approval-request',
        'suspend-request',
        'nested-approval-request',
        'approval-two-level-request',
        'nested-transform-approval-request',
        'nested-suspend-request',
        'nested-transform-suspend-request',
      ]),
    );
  });

  it.each(WAITING)('%s: asks nothing anew and shows nothing hidden', (name) => {
    const chunks = loadFixture(name);
    const store = createToolpaneStore();
    store.dispatchMany([...chunks, END]);
    const secrets = hiddenBy(store.getState());
    for (const request of selectPendingApprovals(store.getState())) {
      store.dispatch({
        type: 'toolpane/decision-sent',
        toolCallId: request.key,
        approved: true,
        ...(request.kind === 'suspension' ? { resumeData: { ok: true } } : {}),
      });
    }
    const decided = store.getState();
    const statuses = new Map([...decided.toolCalls].map(([key, call]) => [key, call.status]));
    store.dispatchMany(chunks);
    const after = store.getState();
    expect(waiting(after)).toEqual([]);
    for (const [key, call] of after.toolCalls) {
      // No call went back to waiting; one with a decision sent keeps it.
      if (statuses.get(key) === 'approval-responded')
        expect(call.status, key).toBe(statuses.get(key));
      if (call.kind !== 'tool') expect(call.approval, key).toBeUndefined();
    }
    const shown = everythingShown(after);
    for (const secret of secrets) expect(shown).not.toContain(secret);
  });
});

/** How many `tool-output` wrappers a chunk is inside. */
function depthOf(chunk: Chunk | undefined): number {
  let depth = 0;
  for (let at = chunk; at?.type === 'tool-output'; at = at.payload?.output as Chunk) depth++;
  return depth;
}

/** The toolCallId of the innermost chunk a `tool-output` wraps, at any depth. */
function innermostId(chunk: Chunk | undefined): string | undefined {
  let at: Chunk | undefined = chunk;
  while (at?.type === 'tool-output') at = at.payload?.output as Chunk | undefined;
  const id = at?.payload?.toolCallId;
  return typeof id === 'string' ? id : undefined;
}

describe('a request that surfaces on the outer call before the inner call asked', () => {
  /**
   * Each top-level repeat of a nested request, moved earlier to every place after the first
   * chunk of the inner call it repeats (before that, nothing tells whose it is).
   */
  function earlier(chunks: readonly Chunk[]): Array<{ at: number; chunks: Chunk[] }> {
    const out: Array<{ at: number; chunks: Chunk[] }> = [];
    chunks.forEach((chunk, index) => {
      if (chunk.type !== 'tool-call-approval' && chunk.type !== 'tool-call-suspended') return;
      const outer = chunk.payload?.toolCallId;
      const outerCall = chunks.find(
        (c) => c.type === 'tool-call' && c.payload?.toolCallId === outer,
      );
      const name = outerCall?.payload?.toolName;
      if (typeof name !== 'string' || !name.startsWith('agent-')) return;
      // The innermost request this one repeats: the deepest of the wrapped requests just before.
      let innerAt = -1;
      for (let i = index - 1; i >= 0 && depthOf(chunks[i]) > 0; i--) {
        if (chunks[i]?.payload?.toolCallId !== outer) continue;
        if (innerAt === -1 || depthOf(chunks[i]) > depthOf(chunks[innerAt])) innerAt = i;
      }
      const innerId = innermostId(chunks[innerAt]);
      const first = chunks.findIndex(
        (c) =>
          c.payload?.toolCallId === outer && innerId !== undefined && innermostId(c) === innerId,
      );
      if (first === -1) return;
      for (let at = first + 1; at < index; at++) {
        const moved = chunks.slice();
        moved.splice(index, 1);
        moved.splice(at, 0, chunk);
        out.push({ at, chunks: moved });
      }
    });
    return out;
  }

  const NESTED = WAITING.filter((name) => earlier(loadFixture(name) as Chunk[]).length > 0);

  it('reaches nested approvals and suspensions, with and without a transform', () => {
    expect(NESTED).toEqual(
      expect.arrayContaining([
        'nested-approval-request',
        'nested-transform-approval-request',
        'nested-transform-suspend-request',
      ]),
    );
  });

  it.each(NESTED)('%s: hides what the reading in order hides', (name) => {
    const chunks = loadFixture(name) as Chunk[];
    const secrets = hiddenBy(read(chunks));
    for (const { at, chunks: moved } of earlier(chunks)) {
      const shown = everythingShown(read(moved));
      for (const secret of secrets) expect(shown, `moved to ${at}`).not.toContain(secret);
    }
  });

  it.each(NESTED)('%s: asks once, on the inner call', (name) => {
    const chunks = loadFixture(name) as Chunk[];
    const inOrder = waiting(read(chunks));
    for (const { at, chunks: moved } of earlier(chunks)) {
      expect(waiting(read(moved)), `moved to ${at}`).toEqual(inOrder);
    }
  });
});
