// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  type ReduceOptions,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END } from '../utils/replays';

/*
 * Mastra names a call by one tool: a chunk that begins a call under the toolCallId of an open call
 * of another tool (a model that reuses an id, parallel calls given one id) is refused with an
 * issue that names both tools, and the call keeps what it received. Without the check the chunk
 * took the call over: its input replaced by the other tool's, the other tool's call gone. Checked
 * in every recording, native and AI SDK, at every depth of subagents, on every path; and an AI SDK
 * subagent snapshot whose ancestry names such a call, which hung a run under the wrong call.
 */

const OPTIONS: ReduceOptions = { formats: [aiSdk], families: [network], now: () => 0 };

type Chunk = { type: string; payload?: Record<string, unknown> } & Record<string, unknown>;

/** The chunk types that begin a call, native and AI SDK. */
const BEGINS = new Set(['tool-call-input-streaming-start', 'tool-call', 'tool-input-start']);
BEGINS.add('tool-input-available');

/** A chunk's innermost chunk through its `tool-output` wrappers, and the toolCallIds on the way. */
function leafOf(chunk: Chunk): { leaf: Chunk; scope: string[] } {
  const scope: string[] = [];
  let leaf = chunk;
  while (leaf.type === 'tool-output' && typeof leaf.payload?.output === 'object') {
    scope.push(String(leaf.payload.toolCallId), String(leaf.runId));
    leaf = leaf.payload.output as Chunk;
  }
  scope.push(String(leaf.runId));
  return { leaf, scope };
}

/** `chunk` with its innermost chunk's toolCallId set to `id`. */
function renamed(chunk: Chunk, id: string): Chunk {
  if (chunk.type === 'tool-output' && typeof chunk.payload?.output === 'object') {
    const output = renamed(chunk.payload.output as Chunk, id);
    return { ...chunk, payload: { ...chunk.payload, output } };
  }
  if (chunk.payload === undefined) return { ...chunk, toolCallId: id };
  return { ...chunk, payload: { ...chunk.payload, toolCallId: id } };
}

interface Begun {
  readonly at: number;
  readonly id: string;
  readonly toolName: string;
  readonly scope: string;
  readonly depth: number;
}

/** The first chunk that begins each call of a recording, with the run (and wrappers) it is in. */
function begins(chunks: readonly Chunk[]): Begun[] {
  const out = new Map<string, Begun>();
  chunks.forEach((chunk, at) => {
    const { leaf, scope } = leafOf(chunk);
    if (!BEGINS.has(leaf.type)) return;
    const fields = leaf.payload ?? leaf;
    const { toolCallId: id, toolName } = fields as { toolCallId?: unknown; toolName?: unknown };
    if (typeof id !== 'string' || typeof toolName !== 'string' || toolName === '') return;
    const key = `${scope.join(' ')} ${id}`;
    const depth = (scope.length - 1) / 2;
    if (!out.has(key)) out.set(key, { at, id, toolName, scope: scope.join(' '), depth });
  });
  return [...out.values()];
}

interface Case {
  readonly name: string;
  readonly chunks: readonly Chunk[];
  /** Where the other tool's chunk goes: right after the call's first chunk, while it is open. */
  readonly at: number;
  readonly bad: Chunk;
  readonly depth: number;
}

/** For each call, the first chunk of another tool's call of its run, renamed to its id. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const name of fixtureNames()) {
    const chunks = loadFixture(name) as Chunk[];
    const calls = begins(chunks);
    for (const a of calls) {
      const b = calls.find((c) => c.scope === a.scope && c.toolName !== a.toolName);
      if (b === undefined) continue;
      out.push({ name, chunks, at: a.at + 1, bad: renamed(chunks[b.at]!, a.id), depth: a.depth });
    }
  }
  return out;
}

const CASES = cases();

type Path = (chunks: readonly unknown[]) => ToolpaneState;

const PATHS: Record<string, Path> = {
  reduceAll: (chunks) => reduceAll(chunks, OPTIONS),
  store: (chunks) => {
    const store = createToolpaneStore(OPTIONS);
    store.subscribe(() => {});
    for (const chunk of chunks) store.dispatch(chunk);
    return store.getState();
  },
  reduce: (chunks) => chunks.reduce<ToolpaneState>((s, c) => reduce(s, c, OPTIONS), initialState),
};

/** A state as JSON without its issues, and its issues' messages. */
function parts(state: ToolpaneState): { rest: string; issues: string[] } {
  const { issues, ...rest } = JSON.parse(JSON.stringify(state)) as {
    issues: { message: string }[];
  };
  return { rest: JSON.stringify(rest), issues: issues.map((issue) => issue.message) };
}

describe("a chunk that begins a call under an open call's id for another tool", () => {
  it('is found in native and AI SDK recordings, top-level and inside subagents', () => {
    expect(CASES.length).toBeGreaterThan(20);
    expect(CASES.some((c) => c.name.includes('aisdk'))).toBe(true);
    expect(CASES.some((c) => c.depth > 0)).toBe(true);
  });

  it.each(CASES.map((c, i) => [`${c.name} #${i}`, c] as const))(
    '%s: is one issue naming both tools, and changes nothing else',
    (_, c) => {
      const { toolName } = (leafOf(c.bad).leaf.payload ?? c.bad) as { toolName: string };
      for (const [path, run] of Object.entries(PATHS)) {
        const before = parts(run([...c.chunks, END]));
        let state: ToolpaneState | undefined;
        const mutated = [...c.chunks.slice(0, c.at), c.bad, ...c.chunks.slice(c.at), END];
        expect(() => {
          state = run(mutated);
        }, path).not.toThrow();
        const after = parts(state!);
        expect(after.rest, path).toBe(before.rest);
        const added = after.issues.filter((message, i) => message !== before.issues[i]);
        expect(added, path).toHaveLength(1);
        expect(after.issues, path).toHaveLength(before.issues.length + 1);
        expect(added[0], path).toMatch(/^A chunk for \S+ names call \S+ of \S+$/);
        expect(added[0], path).toContain(`A chunk for ${toolName} names call`);
      }
    },
  );
});

/**
 * For each AI SDK subagent snapshot, a copy (a run of its own) whose ancestry names an open
 * top-level call of another tool: what the old reader hung under that call.
 */
function snapshotCases(): Case[] {
  const out: Case[] = [];
  for (const name of fixtureNames().filter((n) => n.includes('aisdk'))) {
    const chunks = loadFixture(name) as Chunk[];
    const calls = begins(chunks);
    const endAt = (id: string) =>
      chunks.findIndex((c) => c.toolCallId === id && String(c.type).startsWith('tool-output-'));
    chunks.forEach((chunk, i) => {
      if (chunk.type !== 'data-tool-agent' || !Array.isArray(chunk.ancestry)) return;
      const [first, ...rest] = chunk.ancestry as { toolCallId: string; toolName?: string }[];
      const other = calls.find(
        (c) =>
          c.depth === 0 &&
          c.at < i &&
          endAt(c.id) > i &&
          first?.toolName !== undefined &&
          c.toolName !== first.toolName,
      );
      if (other === undefined || out.some((c) => c.name === name)) return;
      const ancestry = [{ ...first, toolCallId: other.id }, ...rest];
      const bad = { ...chunk, id: `${String(chunk.id)}-copy`, ancestry };
      out.push({ name, chunks, at: i + 1, bad, depth: 1 });
    });
  }
  return out;
}

const SNAPSHOT_CASES = snapshotCases();

describe('an AI SDK subagent snapshot whose ancestry names an open call of another tool', () => {
  it('is found in the AI SDK recordings', () => {
    expect(SNAPSHOT_CASES.length).toBeGreaterThan(2);
  });

  it.each(SNAPSHOT_CASES.map((c) => [c.name, c] as const))(
    '%s: is one issue naming both tools, and changes nothing else',
    (_, c) => {
      const { toolName } = (c.bad.ancestry as { toolName: string }[])[0]!;
      for (const [path, run] of Object.entries(PATHS)) {
        const before = parts(run([...c.chunks, END]));
        const after = parts(run([...c.chunks.slice(0, c.at), c.bad, ...c.chunks.slice(c.at), END]));
        expect(after.rest, path).toBe(before.rest);
        expect(after.issues, path).toHaveLength(before.issues.length + 1);
        expect(after.issues.at(-1), path).toMatch(
          new RegExp(`^A chunk for ${toolName} names call `),
        );
      }
    },
  );
});
