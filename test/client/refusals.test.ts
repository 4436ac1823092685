// @vitest-environment node
import {
  type DisplayValue,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';

/*
 * Mastra's refusal of a value: when a model's arguments (or a tool's output) fail their schema,
 * Mastra does not run the tool and answers with a result `{ error: true, message,
 * validationErrors }`. The call failed: it ends in `output-error` with the refusal's message as its
 * error, wherever the refusal comes (a top-level tool, a workflow tool, a call inside a subagent,
 * a background task, the arguments or the output refused), in both formats, in snapshots and in chats rebuilt from
 * what `useChat` saved. Recordings: scripts/record/model-mistakes.ts, scripts/record/echoes.ts.
 */

type Refused = { error: true; message: string; validationErrors: unknown };

const isRefused = (value: unknown): value is Refused =>
  typeof value === 'object' &&
  value !== null &&
  (value as { error?: unknown }).error === true &&
  'validationErrors' in value;

/** The toolCallIds a recording answers with a refusal, at any depth (nested chunks too). */
function refusedIds(chunks: readonly unknown[]): Map<string, Refused> {
  const found = new Map<string, Refused>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const record = value as Record<string, unknown>;
    const answer = record.result ?? record.output;
    if (typeof record.toolCallId === 'string' && isRefused(answer)) {
      found.set(record.toolCallId, answer);
    }
    for (const child of Object.values(record)) visit(child);
  };
  chunks.forEach(visit);
  return found;
}

const shownText = (display: DisplayValue): string | undefined =>
  (display.kind === 'raw' || display.kind === 'transformed') && typeof display.value === 'string'
    ? display.value
    : undefined;

const callsWithId = (state: ToolpaneState, toolCallId: string): ToolCallState[] =>
  [...state.toolCalls.values()].filter((call) => call.toolCallId === toolCallId);

/** Checks each call `state` holds with a refused id: failed, with the message, and no output. */
function expectFailed(state: ToolpaneState, refused: Map<string, Refused>, label: string): number {
  let checked = 0;
  for (const [id, refusal] of refused) {
    for (const call of callsWithId(state, id)) {
      checked += 1;
      expect(call.status, `${label} ${id}`).toBe('output-error');
      expect(call.output, `${label} ${id}`).toEqual({ kind: 'none' });
      const error = shownText(call.error);
      // A value the call may hide (a subagent's inner call on an AI SDK stream, whose snapshot
      // carries no transform metadata) shows as hidden.
      if (error === undefined) {
        expect(call.error.kind, `${label} ${id}`).toBe('hidden');
        continue;
      }
      // The message as Mastra wrote it up to its quote (which may have values hidden).
      const head = refusal.message.split('\n\nProvided arguments: ')[0]!.split('\n\nReturned')[0]!;
      expect(error, `${label} ${id}`).toContain(head);
    }
  }
  return checked;
}

const WITH_REFUSALS = fixtureNames().filter((name) => refusedIds(loadFixture(name)).size > 0);

describe('a call Mastra answered with a refusal', () => {
  it('is in the recordings: arguments and outputs refused, in both formats, inside subagents', () => {
    expect(WITH_REFUSALS).toEqual(
      expect.arrayContaining([
        'model-mistakes',
        'model-mistakes-aisdk',
        'refusals-inside',
        'refusals-inside-aisdk',
        'hidden-argument-echoed',
        'hidden-argument-echoed-aisdk',
        'refusal-background',
        'refusal-background-aisdk',
        'refusals-deep',
        'refusals-deep-aisdk',
      ]),
    );
  });

  describe.each(WITH_REFUSALS)('%s', (name) => {
    const chunks = [...loadFixture(name), END];
    const options = recordingOptions(name);
    const refused = refusedIds(chunks);

    it('ends failed with the refusal as its error, the run going on', () => {
      const state = reduceAll(chunks, options);
      expect(expectFailed(state, refused, name)).toBeGreaterThan(0);
      expect(state.issues.filter((issue) => issue.kind === 'invalid-chunk')).toEqual([]);
    });

    it('stays failed in a snapshot read back', () => {
      const state = deserializeState(serializeState(reduceAll(chunks, options)));
      expect(expectFailed(state, refused, name)).toBeGreaterThan(0);
    });
  });
});

describe('refusals away from the top level', () => {
  it.each(['refusals-inside', 'refusals-inside-aisdk'])(
    '%s: a workflow and a tool fail with the message, and the answer shows',
    (name) => {
      const state = reduceAll([...loadFixture(name), END], recordingOptions(name));
      const [workflow] = callsWithId(state, 'call-refused-workflow-1');
      expect(workflow).toMatchObject({ kind: 'workflow', status: 'output-error' });
      // Not `true`, the refusal's `error` field, as a workflow's failed run would show it.
      expect(shownText(workflow!.error)).toMatch(
        /^Tool input validation failed for workflow-restock\.[\s\S]*- inputData\.boxes: must be number/,
      );
      const [output] = callsWithId(state, 'call-refused-output-1');
      expect(output?.status).toBe('output-error');
      expect(shownText(output!.error)).toMatch(
        /^Tool output validation failed for stock-count\.[\s\S]*- count: Expected number, received string/,
      );
      const [subagent] = callsWithId(state, 'call-refused-subagent-1');
      expect(subagent?.status, 'the subagent itself answered').toBe('output-available');
      expect([...state.runs.values()].every((run) => run.status === 'finished')).toBe(true);
    },
  );

  it.each(['refusals-inside', 'refusals-inside-aisdk'])(
    '%s: a call inside a subagent whose arguments Mastra refused fails inside it',
    (name) => {
      const state = reduceAll([...loadFixture(name), END], recordingOptions(name));
      const [inner] = callsWithId(state, 'call-refused-inner-1');
      expect(inner).toMatchObject({
        toolName: 'hoursTool',
        status: 'output-error',
        output: { kind: 'none' },
      });
      expect(inner?.parentToolCallId).toBe('call-refused-subagent-1');
      if (name.includes('aisdk')) {
        // The snapshot does not say whether a display transform hides the inner call's values.
        expect(inner?.error.kind).toBe('hidden');
      } else {
        expect(shownText(inner!.error)).toMatch(/^Tool input validation failed for hoursTool\./);
      }
    },
  );
});

describe('refusals three agents down', () => {
  // scripts/record/model-mistakes.ts: desk → manager → clerk → shopper, a refusal at each level.
  const DEEP = [
    { id: 'call-deep-refused-workflow-1', parent: 'call-deep-refused-manager-1', depth: 1 },
    { id: 'call-deep-refused-output-1', parent: 'call-deep-refused-manager-1', depth: 1 },
    { id: 'call-deep-refused-output-2', parent: 'call-deep-refused-clerk-1', depth: 2 },
    { id: 'call-deep-refused-inner-1', parent: 'call-deep-refused-shopper-1', depth: 3 },
  ];
  const depthOf = (state: ToolpaneState, call: ToolCallState): number => {
    let depth = 0;
    for (let at = call; at.parentToolCallId !== null; depth += 1) {
      const [parent] = callsWithId(state, at.parentToolCallId);
      if (parent === undefined) break;
      at = parent;
    }
    return depth;
  };

  it.each(['refusals-deep', 'refusals-deep-aisdk'])(
    '%s: each refused call fails where it was made, its agents answering',
    (name) => {
      const chunks = [...loadFixture(name), END];
      const state = reduceAll(chunks, recordingOptions(name));
      for (const { id, parent, depth } of DEEP) {
        const calls = callsWithId(state, id);
        expect(calls, id).toHaveLength(1);
        expect(calls[0], id).toMatchObject({
          status: 'output-error',
          output: { kind: 'none' },
          parentToolCallId: parent,
        });
        expect(depthOf(state, calls[0]!), id).toBe(depth);
      }
      for (const agent of ['manager', 'clerk', 'shopper']) {
        const [call] = callsWithId(state, `call-deep-refused-${agent}-1`);
        expect(call?.status, agent).toBe('output-available');
      }
      // Every refused id the recording carries, at any depth, is a failed call.
      expect(expectFailed(state, refusedIds(chunks), name)).toBe(DEEP.length);
    },
  );
});

describe('a chat saved by useChat and rebuilt', () => {
  async function saved(name: string): Promise<UIMessage> {
    const stream = new ReadableStream({
      start(controller) {
        for (const chunk of loadFixture(name)) controller.enqueue(chunk);
        controller.close();
      },
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream })) last = message;
    return JSON.parse(JSON.stringify(last));
  }

  it.each(['model-mistakes-aisdk', 'refusals-inside-aisdk', 'refusals-deep-aisdk'])(
    '%s: shows each refusal as the live stream did',
    async (name) => {
      const message = await saved(name);
      const live = reduceAll([...loadFixture(name), END], recordingOptions(name));
      const rebuilt = stateFromUIMessages([message]);
      const refused = refusedIds(loadFixture(name));
      expect(expectFailed(rebuilt, refused, 'rebuilt')).toBeGreaterThan(0);
      for (const id of refused.keys()) {
        const [was] = callsWithId(live, id);
        const [is] = callsWithId(rebuilt, id);
        if (was === undefined) continue;
        expect(is?.error, id).toEqual(was.error);
      }
    },
  );
});
