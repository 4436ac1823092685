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

/*
 * Only a request names a call by another tool: Mastra repeats a subagent's request one level up,
 * on the `agent-*` call, with the inner tool's name (every recording, scanned at every depth,
 * has no other chunk that does). What ends a call (a native result, error or denial), the
 * `tool-output` wrapper of what runs inside it and an AI SDK subagent snapshot's entries name
 * its own tool, so one that names an open call of another tool is refused as above.
 */

const ENDS = new Set(['tool-result', 'tool-error', 'tool-output-denied']);

/** The first chunk that ends each call of a recording, keyed as {@link begins} keys calls. */
function endsOf(chunks: readonly Chunk[]): Map<string, number> {
  const out = new Map<string, number>();
  chunks.forEach((chunk, at) => {
    const { leaf, scope } = leafOf(chunk);
    const id = leaf.payload?.toolCallId;
    const key = `${scope.join(' ')} ${String(id)}`;
    if (ENDS.has(leaf.type) && typeof id === 'string' && !out.has(key)) out.set(key, at);
  });
  return out;
}

/** `chunk` with the wrapper `depth` levels down (the one that names a call at that depth) renamed. */
function wrapperRenamed(chunk: Chunk, depth: number, id: string): Chunk {
  const payload = chunk.payload!;
  if (depth === 0) return { ...chunk, payload: { ...payload, toolCallId: id } };
  const output = wrapperRenamed(payload.output as Chunk, depth - 1, id);
  return { ...chunk, payload: { ...payload, output } };
}

/** The first `tool-output` wrapper that names call `b`, in the run `b` is in. */
function wrapperOf(chunks: readonly Chunk[], b: Begun): number {
  return chunks.findIndex((chunk) => {
    const { scope } = leafOf(chunk);
    const at = 2 * b.depth;
    if (scope.length <= at + 1 || scope[at] !== b.id) return false;
    return [...scope.slice(0, at), scope[at + 1]].join(' ') === b.scope;
  });
}

/**
 * For each native call, the chunk that ends another tool's call of its run, and the wrapper of
 * what runs inside one, each renamed to its id.
 */
function endCases(): { ends: Case[]; wrappers: Case[] } {
  const ends: Case[] = [];
  const wrappers: Case[] = [];
  for (const name of fixtureNames().filter((n) => !n.includes('aisdk'))) {
    const chunks = loadFixture(name) as Chunk[];
    const calls = begins(chunks);
    const ended = endsOf(chunks);
    for (const a of calls) {
      const others = calls.filter((c) => c.scope === a.scope && c.toolName !== a.toolName);
      const at = a.at + 1;
      const end = others.map((b) => ended.get(`${b.scope} ${b.id}`)).find((i) => i !== undefined);
      if (end !== undefined) {
        ends.push({ name, chunks, at, bad: renamed(chunks[end]!, a.id), depth: a.depth });
      }
      for (const b of others) {
        const wrap = wrapperOf(chunks, b);
        if (wrap < 0) continue;
        const bad = wrapperRenamed(chunks[wrap]!, b.depth, a.id);
        wrappers.push({ name, chunks, at, bad, depth: a.depth });
        break;
      }
    }
  }
  return { ends, wrappers };
}

const { ends: END_CASES, wrappers: WRAPPER_CASES } = endCases();

/** The tool a wrapper `depth` levels down names. */
function wrapperTool(chunk: Chunk, depth: number): string {
  const payload = chunk.payload!;
  return depth === 0 ? String(payload.toolName) : wrapperTool(payload.output as Chunk, depth - 1);
}

/** Checks that `bad` at `at` adds one issue for `toolName` and changes nothing else, on every path. */
function expectRefused(c: Case, toolName: string): void {
  for (const [path, run] of Object.entries(PATHS)) {
    const before = parts(run([...c.chunks, END]));
    const after = parts(run([...c.chunks.slice(0, c.at), c.bad, ...c.chunks.slice(c.at), END]));
    expect(after.rest, path).toBe(before.rest);
    expect(after.issues, path).toHaveLength(before.issues.length + 1);
    const added = after.issues.filter((message, i) => message !== before.issues[i]);
    expect(added, path).toHaveLength(1);
    expect(added[0], path).toMatch(new RegExp(`^A chunk for ${toolName} names call \\S+ of \\S+$`));
  }
}

describe("a chunk that ends a call under an open call's id for another tool", () => {
  it('is found in native recordings, top-level and inside subagents', () => {
    expect(END_CASES.length).toBeGreaterThan(20);
    expect(END_CASES.some((c) => c.depth > 0)).toBe(true);
  });

  it.each(END_CASES.map((c, i) => [`${c.name} #${i}`, c] as const))(
    '%s: is one issue naming both tools, and changes nothing else',
    (_, c) => expectRefused(c, String(leafOf(c.bad).leaf.payload!.toolName)),
  );
});

describe("a tool-output wrapper under an open call's id for another tool", () => {
  it('is found in native recordings, top-level and inside subagents', () => {
    expect(WRAPPER_CASES.length).toBeGreaterThan(10);
    expect(WRAPPER_CASES.some((c) => c.depth > 0)).toBe(true);
  });

  it.each(WRAPPER_CASES.map((c, i) => [`${c.name} #${i}`, c] as const))(
    '%s: is one issue naming both tools, and nothing inside it is read',
    (_, c) => expectRefused(c, wrapperTool(c.bad, c.depth)),
  );
});

type Entry = { toolCallId?: unknown; toolName?: unknown } & Record<string, unknown>;

/** The entries of a snapshot's lists, its steps' included. */
function entries(chunk: Chunk, list: 'toolCalls' | 'toolResults'): Entry[] {
  const data = chunk.data as Record<string, unknown> & { steps?: Record<string, unknown>[] };
  const lists = [data[list], ...(data.steps ?? []).map((step) => step[list])];
  if (list === 'toolCalls') lists.push(data.pendingToolCalls);
  return lists.flatMap((l) => (Array.isArray(l) ? (l as Entry[]) : []));
}

/**
 * For each AI SDK subagent snapshot that lists a call still open, a copy that also lists another
 * tool's result (of any snapshot of the recording) under that call's id.
 */
function entryCases(): Case[] {
  const out: Case[] = [];
  for (const name of fixtureNames().filter((n) => n.includes('aisdk'))) {
    const chunks = loadFixture(name) as Chunk[];
    const snapshots = chunks.filter((chunk) => chunk.type === 'data-tool-agent');
    const results = snapshots.flatMap((s) => entries(s, 'toolResults'));
    const seen = new Set<number>();
    chunks.forEach((chunk, i) => {
      if (chunk.type !== 'data-tool-agent' || seen.has(Number(chunk.depth))) return;
      const state = reduceAll(chunks.slice(0, i + 1), OPTIONS);
      const open = entries(chunk, 'toolCalls').find((entry) => {
        const call = [...state.toolCalls.values()].find(
          (c) => c.toolCallId === entry.toolCallId && c.runId === chunk.id,
        );
        return call !== undefined && !TERMINAL.has(call.status);
      });
      const other = results.find((entry) => open && entry.toolName !== open.toolName);
      if (open === undefined || other === undefined) return;
      seen.add(Number(chunk.depth));
      const data = chunk.data as Record<string, unknown>;
      const listed = Array.isArray(data.toolResults) ? data.toolResults : [];
      const result = { ...other, toolCallId: open.toolCallId };
      const bad = { ...chunk, data: { ...data, toolResults: [...listed, result] } };
      out.push({ name, chunks, at: i + 1, bad, depth: Number(chunk.depth) });
    });
  }
  return out;
}

const TERMINAL = new Set(['output-available', 'output-error', 'output-denied', 'output-aborted']);
const ENTRY_CASES = entryCases();

describe("an AI SDK subagent snapshot's entry under an open call's id for another tool", () => {
  it('is found in AI SDK recordings, one and two levels down', () => {
    expect(ENTRY_CASES.length).toBeGreaterThan(10);
    expect(ENTRY_CASES.some((c) => c.depth > 1)).toBe(true);
  });

  it.each(ENTRY_CASES.map((c, i) => [`${c.name} #${i}`, c] as const))(
    '%s: is one issue naming both tools, and changes nothing else',
    (_, c) => {
      const { toolResults } = c.bad.data as { toolResults: Entry[] };
      expectRefused(c, String(toolResults.at(-1)!.toolName));
    },
  );
});

/** `chunk` with its innermost chunk's toolName set to `toolName`. */
function retitled(chunk: Chunk, toolName: string): Chunk {
  const payload = chunk.payload!;
  if (chunk.type === 'tool-output' && typeof payload.output === 'object') {
    return {
      ...chunk,
      payload: { ...payload, output: retitled(payload.output as Chunk, toolName) },
    };
  }
  return { ...chunk, payload: { ...payload, toolName } };
}

/**
 * For each call a native recording asks about (an approval or a suspension it holds), its first
 * chunk named for another tool of the recording, right after the request: a call that holds a
 * request hears of no other tool (before, any chunk for a call that held one was let through).
 * Only a call that such a request repeated one level up named first, with the inner tool's
 * name, then hears of its own `agent-*` tool, which every recording reads without an issue.
 */
function askedCases(): Case[] {
  const out: Case[] = [];
  const REQUESTS = new Set(['tool-call-approval', 'tool-call-suspended']);
  for (const name of fixtureNames().filter((n) => !n.includes('aisdk'))) {
    const chunks = loadFixture(name) as Chunk[];
    const calls = begins(chunks);
    chunks.forEach((chunk, at) => {
      const { leaf, scope } = leafOf(chunk);
      const p = leaf.payload;
      if (!REQUESTS.has(leaf.type) || p === undefined) return;
      const a = calls.find((c) => c.scope === scope.join(' ') && c.id === p.toolCallId);
      if (a === undefined || a.toolName !== p.toolName || a.at > at) return;
      const other = calls.find(
        (c) => c.toolName !== a.toolName && !c.toolName.startsWith('agent-'),
      );
      if (other === undefined) return;
      // The call that holds it (a request raised inside a subagent is held by the inner call).
      const held = [...reduceAll(chunks.slice(0, at + 1), OPTIONS).toolCalls.values()].find(
        (call) => call.toolCallId === a.id && call.runId === leaf.runId,
      );
      if (held?.approval === undefined && held?.suspension === undefined) return;
      const bad = retitled(chunks[a.at]!, other.toolName);
      out.push({ name, chunks, at: at + 1, bad, depth: a.depth });
    });
  }
  return out;
}

const ASKED_CASES = askedCases();

describe('a chunk for another tool under the id of a call that holds a request', () => {
  it('is found in native recordings, top-level and inside subagents', () => {
    expect(ASKED_CASES.length).toBeGreaterThan(5);
    expect(ASKED_CASES.some((c) => c.depth > 0)).toBe(true);
  });

  it.each(ASKED_CASES.map((c, i) => [`${c.name} #${i}`, c] as const))(
    '%s: is one issue naming both tools, and changes nothing else',
    (_, c) => expectRefused(c, String(leafOf(c.bad).leaf.payload!.toolName)),
  );
});
