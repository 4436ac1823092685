// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createToolpaneStore,
  type FetchLike,
  reduce,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { createAgentSession } from '@toolpane/client/session';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, loadFixture, recordedResponse } from '../utils/fixtures';
import { END, isAiSdkRecording, keptState, recordingOptions } from '../utils/replays';

/*
 * A request for a person comes more than once: Mastra repeats a nested one one level up, once per
 * level, on the parent `agent-*` call, and an agent network repeats its agent's request on the
 * execution. Such a repeat with other values (another suspension payload or schema, other
 * arguments) is never taken silently, and never changes what a call shows under the revision a
 * person saw: the call keeps what its tool asked, where the decision goes, and an issue says so.
 * The request itself with other values (an AI SDK part, which names only the parent call, a
 * top-level request) is the next revision. Built by changing one value of every recorded request
 * chunk, in every recording of both fixture folders (native, AI SDK, network; top-level and
 * nested at any depth), read through `reduce`, `reduceAll` and a store that publishes per chunk.
 */

type Json = Record<string, unknown>;
type Chunk = Json & { type: string };

const FOLDERS = [join('test', 'fixtures'), join('..', 'shared', 'fixtures', 'mastra')];

/** Every recording of both folders, by name. */
const RECORDINGS = FOLDERS.flatMap((folder) => {
  const dir = join(process.cwd(), folder);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));
  } catch {
    // The shared folder is optional.
  }
  return files.map((file) => ({
    name: `${folder.includes('shared') ? 'shared/' : ''}${file.slice(0, -'.jsonl'.length)}`,
    chunks: readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Chunk),
  }));
});

const options = (name: string) => ({ ...recordingOptions(name), families: [network] });

const REQUEST =
  /^(?:tool-call-(?:approval|suspended)|data-tool-call-(?:approval|suspended)|(?:agent|workflow|tool)-execution-(?:approval|suspended))$/;

/** The request a chunk carries, however deep Mastra wrapped it, and its type. */
function innermost(chunk: Json): { type: string; fields: Json } | undefined {
  const type = String(chunk.type);
  if (REQUEST.test(type)) {
    const fields = (chunk.data ?? chunk.payload) as Json | undefined;
    return fields === undefined ? undefined : { type, fields };
  }
  const payload = chunk.payload as Json | undefined;
  if (payload === undefined) return undefined;
  // `tool-output` wraps a nested chunk in `output`; a network event wraps its agent's in `payload`.
  const inner = (payload.output ?? payload) as Json;
  return typeof inner.type === 'string' ? innermost(inner) : undefined;
}

/** The chunk with `field` of the request it carries set to `value`, at whatever depth. */
function withField(chunk: Json, field: string, value: unknown): Json {
  if (REQUEST.test(String(chunk.type))) {
    const key = chunk.data !== undefined ? 'data' : 'payload';
    return { ...chunk, [key]: { ...(chunk[key] as Json), [field]: value } };
  }
  const payload = chunk.payload as Json;
  if (payload.output !== undefined) {
    return {
      ...chunk,
      payload: { ...payload, output: withField(payload.output as Json, field, value) },
    };
  }
  return { ...chunk, payload: withField(payload, field, value) };
}

const OTHER: Record<string, unknown> = {
  suspendPayload: { question: 'Something else entirely?' },
  resumeSchema: JSON.stringify({ type: 'object', properties: { other: { type: 'string' } } }),
  args: { id: 'ALL-RECORDS' },
};

/** The values of a request chunk that may be changed: those it carries that say what is asked. */
function fieldsOf(type: string, fields: Json): string[] {
  const suspension = type.endsWith('suspended');
  // An agent execution's approval carries the agent's prompt, not the inner tool's arguments.
  const names = suspension
    ? ['suspendPayload', 'resumeSchema']
    : type === 'agent-execution-approval'
      ? []
      : ['args'];
  return names.filter((name) => Object.hasOwn(fields, name));
}

interface Case {
  readonly name: string;
  readonly index: number;
  readonly field: string;
  readonly chunks: readonly Chunk[];
}

const CASES: Case[] = RECORDINGS.flatMap(({ name, chunks }) =>
  chunks.flatMap((chunk, index) => {
    const request = innermost(chunk);
    if (request === undefined) return [];
    return fieldsOf(request.type, request.fields).map((field) => ({ name, index, field, chunks }));
  }),
);

/**
 * Whether a person was shown what the call's request asks: not an approval whose arguments are
 * none or still to come (an AI SDK v6 request before its data part), which a part fills in quietly.
 */
function seen(call: ToolCallState): boolean {
  const shown = call.suspension?.payload ?? call.approval!.args;
  return (
    call.suspension !== undefined ||
    !(shown.kind === 'none' || (shown.kind === 'hidden' && shown.reason === 'pending'))
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const HUMAN = new Set(['suspended', 'approval-requested', 'approval-responded']);
const requestOf = (call: ToolCallState) => call.suspension ?? call.approval;

/** The calls waiting for a person, with the revision of their request. */
const waiting = (state: ToolpaneState) =>
  new Map(
    [...state.toolCalls.values()]
      .filter((call) => HUMAN.has(call.status) && requestOf(call) !== undefined)
      .map((call) => [call.key, requestOf(call)!.revision] as const),
  );

/** What each waiting call shows of its request, and its revision (not where it goes). */
const requests = (state: ToolpaneState) =>
  Object.fromEntries(
    [...waiting(state).keys()].map((key) => {
      const { target: _, ...request } = requestOf(state.toolCalls.get(key)!)!;
      return [key, request];
    }),
  );

const label = ({ name, index, field, chunks }: Case) =>
  `${name} #${index} ${innermost(chunks[index]!)!.type} ${field}`;

// Repeats of nested requests, native at depth 1 and 2, in networks, and AI SDK parts, all covered.
for (const name of [
  'nested-suspend-request',
  'deep-subagent-suspend-request',
  'nested-transform-suspend-request',
  'approval-two-level-request',
  'nested-approval-request',
  'network-suspend-request',
  'aisdk-v6-nested-suspend',
  'aisdk-v6-approval-two-level',
]) {
  if (!CASES.some((c) => c.name === name)) throw new Error(`No request chunk in ${name}`);
}

describe('every recorded request chunk, with one of its values changed', () => {
  it.each(CASES.map((c) => [label(c), c] as const))(
    '%s: is never ignored, nor shown under a revision a person saw',
    (_, { name, index, field, chunks }) => {
      const changed = withField(chunks[index]!, field, OTHER[field]) as never;
      const start = reduceAll(chunks.slice(0, index), options(name));
      const original = reduce(start, chunks[index] as never, options(name));
      const next = reduce(start, changed, options(name));
      // Something shows the change: a request of its own, a new revision, or an issue.
      expect(keptState(next)).not.toEqual(keptState(original));
      // A call that waited keeps what it showed under the same revision, or is asked anew.
      for (const [key, revision] of waiting(start)) {
        const call = next.toolCalls.get(key)!;
        const now = requestOf(call);
        // An AI SDK v6 approval put on the `agent-*` call moves to the inner call its part names.
        if (now === undefined) {
          expect(requestOf(original.toolCalls.get(key)!), key).toBeUndefined();
          continue;
        }
        // Where it goes may move (a network's request aims at the network); what it shows not.
        if (now.revision === revision) {
          expect(requests(next)[key], key).toEqual(requests(start)[key]);
          continue;
        }
        expect(now.revision, key).toBe(revision + 1);
        expect(call.status, key).toMatch(/^(suspended|approval-requested)$/);
        if (seen(start.toolCalls.get(key)!)) {
          expect(next.issues.length, key).toBeGreaterThan(start.issues.length);
        }
      }
    },
  );
});

/**
 * The repeats among the cases: chunks that find a call waiting and, as recorded, change nothing it
 * shows (Mastra's repeat one level up, a network's of its agent's request).
 */
const REPEATS = CASES.filter(({ name, index, chunks }) => {
  const start = reduceAll(chunks.slice(0, index), options(name));
  if (waiting(start).size === 0) return false;
  return sameJson(requests(reduce(start, chunks[index] as never, options(name))), requests(start));
});

describe('a repeat one level up with other values', () => {
  it('is found in native nested recordings at depth 1 and 2, and in networks', () => {
    const names = new Set(REPEATS.map((c) => c.name));
    for (const name of [
      'nested-suspend-request',
      'deep-subagent-suspend-request',
      'nested-transform-suspend-request',
      'approval-two-level-request',
      'network-suspend-request',
    ]) {
      expect([...names]).toContain(name);
    }
  });

  it.each(REPEATS.map((c) => [label(c), c] as const))(
    '%s: the call keeps what it showed and a decision sent on it, and an issue says so',
    (_, { name, index, field, chunks }) => {
      const store = createToolpaneStore(options(name));
      store.dispatchMany(chunks.slice(0, index));
      // The person answered what was shown; the repeat with other values comes after.
      for (const key of waiting(store.getState()).keys()) {
        const call = store.getState().toolCalls.get(key)!;
        if (call.status === 'approval-responded') continue;
        store.dispatch({
          type: 'toolpane/decision-sent',
          toolCallId: key,
          ...(call.suspension !== undefined ? { resumeData: { sent: 1 } } : { approved: true }),
        } as never);
      }
      const before = store.getState();
      store.dispatch(withField(chunks[index]!, field, OTHER[field]) as never);
      const after = store.getState();
      expect(requests(after)).toEqual(requests(before));
      for (const key of waiting(before).keys()) {
        expect(after.toolCalls.get(key)!.status, key).toBe('approval-responded');
      }
      expect(after.issues.slice(before.issues.length)).toEqual([
        expect.objectContaining({ kind: 'decision', message: expect.stringMatching(/repeated/) }),
      ]);
      // The rest of the recording reads on.
      store.dispatchMany([...chunks.slice(index + 1), END] as never[]);
    },
  );
});

describe('several runs in one store', () => {
  it.each(['nested-suspend-request', 'deep-subagent-suspend-request', 'network-suspend-request'])(
    '%s: a changed repeat in the second run is that run’s issue, and moves no run’s request',
    (name) => {
      const first = fixtureAsRun(name, 1) as Chunk[];
      const second = fixtureAsRun(name, 2) as Chunk[];
      const store = createToolpaneStore(options(name));
      store.dispatchMany([...first, END]);
      // The last request chunk of the second run (the outermost repeat) with another payload.
      const at = second.map((chunk) => innermost(chunk) !== undefined).lastIndexOf(true);
      store.dispatchMany(second.slice(0, at));
      const before = store.getState();
      expect(Object.keys(requests(before)).length).toBeGreaterThan(1);
      store.dispatch(withField(second[at]!, 'suspendPayload', OTHER.suspendPayload) as never);
      const after = store.getState();
      expect(requests(after)).toEqual(requests(before));
      const added = after.issues.slice(before.issues.length);
      expect(added).toEqual([
        expect.objectContaining({ kind: 'decision', runId: expect.stringMatching(/~2$/) }),
      ]);
    },
  );
});

describe('AI SDK and native read alike', () => {
  it('a subagent’s suspension part with only its payload changed is the next revision', () => {
    const name = 'aisdk-v6-nested-suspend';
    expect(isAiSdkRecording(name)).toBe(true);
    const chunks = loadFixture(name) as Chunk[];
    const at = chunks.findIndex((chunk) => chunk.type === 'data-tool-call-suspended');
    const store = createToolpaneStore(options(name));
    store.dispatchMany(chunks.slice(0, at + 1));
    const [key, revision] = [...waiting(store.getState())][0]!;
    expect(store.getState().toolCalls.get(key)!.suspension!.payload.kind).toBe('hidden');
    store.dispatch(withField(chunks[at]!, 'suspendPayload', OTHER.suspendPayload) as never);
    expect(waiting(store.getState()).get(key)).toBe(revision + 1);
    // The same part again keeps it.
    store.dispatch(withField(chunks[at]!, 'suspendPayload', OTHER.suspendPayload) as never);
    expect(waiting(store.getState()).get(key)).toBe(revision + 1);
  });
});

describe('a session', () => {
  it('resumes what the inner tool asked, at the top-level call, when the repeat says otherwise', async () => {
    const name = 'nested-suspend-request';
    const chunks = loadFixture(name) as Chunk[];
    const at = 17;
    const store = createToolpaneStore(options(name));
    store.dispatchMany(chunks.slice(0, at));
    const [key, drawn] = [...waiting(store.getState())][0]!;
    const shown = store.getState().toolCalls.get(key)!.suspension!.payload;
    store.dispatchMany([
      withField(chunks[at]!, 'suspendPayload', OTHER.suspendPayload),
      ...chunks.slice(at + 1),
      END,
    ] as never[]);
    const call = store.getState().toolCalls.get(key)!;
    expect(call.suspension).toMatchObject({ revision: drawn, payload: shown });
    expect(store.getState().issues).toEqual([
      expect.objectContaining({
        kind: 'decision',
        toolCallId: (chunks[at]!.payload as Json).toolCallId,
      }),
    ]);
    const sent: Json[] = [];
    const fetch: FetchLike = async (_, init) => {
      sent.push(JSON.parse(String(init.body)) as Json);
      return recordedResponse('nested-suspend-resume');
    };
    const session = createAgentSession({
      baseUrl: 'http://localhost:4111',
      agentId: 'a',
      store,
      fetch,
    });
    const data = { confirmed: true };
    expect((await session.resume(key, data, { revision: drawn })).status).toBe('done');
    expect(sent).toEqual([
      expect.objectContaining({
        runId: chunks[at]!.runId,
        toolCallId: (chunks[at]!.payload as Json).toolCallId,
        resumeData: data,
      }),
    ]);
  });
});
