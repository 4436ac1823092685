// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { deserializeState, type SerializedState, serializeState } from '@toolpane/client/history';
import { inspectState } from '@toolpane/client/inspect';
import { readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/*
 * A chat reloaded mid-stream goes on from its snapshot: the chunks that follow read as they would
 * have without the reload (bare `data-*` chunks go to the subagent run that was streaming), and
 * nothing the live reading hid shows, including a failure that quotes hidden arguments after the
 * snapshot dropped the raw values. A chat rebuilt from its UI messages with the state that showed
 * them keeps hidden what it hid. A snapshot that was tampered with never throws: what cannot be
 * read is left out with an issue, and what is read can be serialized and inspected again.
 */

const END = { type: 'toolpane/stream-end' };
const AI: ReduceOptions = { formats: [aiSdk] };

/** The state after `chunks`, live, and reloaded from a JSON snapshot after `cut` chunks. */
function liveAndReloaded(chunks: readonly unknown[], cut: number, options: ReduceOptions = {}) {
  const live = reduceAll(chunks, options);
  const before = reduceAll(chunks.slice(0, cut), options);
  const snapshot = JSON.parse(JSON.stringify(serializeState(before)));
  const store = createToolpaneStore({ ...options, initialState: deserializeState(snapshot) });
  store.dispatchMany(chunks.slice(cut));
  return { live, reloaded: store.getState() };
}

/** Each data part, by the depth of the run holding it. */
const dataParts = (state: ToolpaneState) =>
  [...state.runs.values()].flatMap((run) =>
    run.parts.flatMap((part) =>
      part.type === 'data' ? [[run.depth, part.name, part.hidden]] : [],
    ),
  );

describe('a snapshot taken mid-stream, and the stream going on', () => {
  it.each(['subagent-data-hidden', 'subagent-two-level'])(
    '%s: bare data chunks go to the run they went to live, at every cut',
    (name) => {
      const chunks = [...loadFixture(name), END];
      for (let cut = 1; cut < chunks.length; cut++) {
        const { live, reloaded } = liveAndReloaded(chunks, cut);
        expect(dataParts(reloaded), `cut at ${cut}`).toEqual(dataParts(live));
        expect(everythingShown(reloaded)).not.toContain('pass-data-hidden-secret-5150');
      }
    },
  );

  it('hides a failure quoting arguments the call hides, though the snapshot has no raw input', () => {
    const chunks = [...loadFixture('hidden-argument-echoed-aisdk'), END];
    const secret = 'pw-echo-secret-4417';
    for (let cut = 1; cut < chunks.length; cut++) {
      const { live, reloaded } = liveAndReloaded(chunks, cut, AI);
      expect(everythingShown(live)).not.toContain(secret);
      expect(everythingShown(reloaded), `cut at ${cut}`).not.toContain(secret);
    }
  });
});

/** The UI message `useChat` builds from an AI SDK stream. */
async function messageOf(chunks: readonly unknown[]): Promise<UIMessage> {
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: stream as never })) last = message;
  return last!;
}

describe('a chat rebuilt from its UI messages with the state that showed them', () => {
  it.each([
    ['transform-data-streamed-hidden', 'badge-data-hidden-secret-3307'],
    ['workflow-error-hidden', '4111-wf-error-secret-0042'],
  ])('%s keeps hidden what the live state hid', async (name, secret) => {
    for (const version of ['v5', 'v6'] as const) {
      const chunks = await throughAiSdk(loadFixture(name), { version });
      const live = reduceAll([...chunks, END], AI);
      expect(everythingShown(live)).not.toContain(secret);
      const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go.' }] };
      const rebuilt = stateFromUIMessages([user, await messageOf(chunks)], { shownBefore: live });
      expect(everythingShown(rebuilt), version).not.toContain(secret);
    }
  });
});

describe('a tampered snapshot', () => {
  const good = () =>
    JSON.parse(
      JSON.stringify(serializeState(reduceAll([...loadFixture('workflow-suspend-request'), END]))),
    ) as Omit<SerializedState, 'toolCalls' | 'runs' | 'issues'> & {
      toolCalls: Record<string, unknown>[];
      runs: Record<string, unknown>[];
      issues: unknown[];
    };
  const workflowCall = (snapshot: ReturnType<typeof good>) =>
    snapshot.toolCalls.find((call: Record<string, unknown>) => call.workflow !== undefined) as {
      workflow: { steps: unknown };
    };

  const CASES: Record<string, (snapshot: ReturnType<typeof good>) => void> = {
    'a workflow step that is null': (s) => {
      workflowCall(s).workflow.steps = [null];
    },
    'workflow steps that are an object': (s) => {
      workflowCall(s).workflow.steps = {};
    },
    'a step whose iterations hold null': (s) => {
      (workflowCall(s).workflow.steps as Record<string, unknown>[])[0]!.iterations = [null];
    },
    'a call that is only its id': (s) => {
      s.toolCalls[0] = { toolCallId: 'call-x' };
    },
    'a run whose parts are null': (s) => {
      s.runs[0]!.parts = null;
    },
    'an approval target that is null': (s) => {
      s.toolCalls[0]!.approval = { args: { kind: 'raw', value: 1 }, target: null };
    },
    'an issue that is null': (s) => {
      s.issues = [null];
    },
  };

  it.each(Object.keys(CASES))(
    '%s: reads what it can, says what it left out, never throws',
    (name) => {
      const snapshot = good();
      CASES[name]!(snapshot);
      const state = deserializeState(snapshot);
      expect(() => JSON.stringify(serializeState(state))).not.toThrow();
      expect(() => inspectState(state)).not.toThrow();
      expect(() => everythingShown(state)).not.toThrow();
      if (name !== 'an issue that is null') {
        expect(state.issues.some((issue) => issue.message.includes('snapshot'))).toBe(true);
      }
    },
  );

  it("keeps a workflow's steps as the live state does, written out by id", () => {
    const state = deserializeState(good());
    const call = [...state.toolCalls.values()].find((c) => c.workflow !== undefined)!;
    expect(JSON.stringify(call.workflow!.steps)).toContain('"id"');
  });
});
