/**
 * What a stream's break ended, reopened when the stream is sent again from its run's `start` (see
 * `replay.ts`): the break notes its top-level runs in the cursor; a call it ended
 * (`ToolCallState.brokenOff`) goes back to where it stood when the stream sent again names it,
 * and what it gathers from the stream starts again, so a stream broken off and sent again reads
 * as one read. A call the stream does not name again stays as the break left it: reopening each
 * at the `start` would cost every stream sent again all the calls any break left.
 */

import type { Mutable } from '../state/draft.js';
import { findCallKey } from '../state/identity.js';
import { PersistentMap } from '../state/persistent-map.js';
import { topLevelCall } from '../state/repeats.js';
import {
  HUMAN_TOOL_STATUSES,
  NO_VALUE,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
} from '../state/state.js';
import { REPLAY_LIMITS, type ReopenMark } from '../state/state-root.js';
import type { WorkflowState } from '../state/workflow.js';
import { WorkflowRecord } from '../state/workflow-record.js';
import type { Ctx } from './context.js';
import { replayInside, replayOf } from './replay.js';
import { pushUndoably } from './undo.js';

/** Notes that the stream's break ended top-level run `runId` (see `beginReplay` in replay.ts). */
export function noteBroken(ctx: Ctx, runId: string): void {
  const broken = ctx.draft.cursor().broken ?? [];
  if (broken.at(-1) === runId) return;
  const kept = broken.filter((id) => id !== runId).slice(1 - REPLAY_LIMITS.broken);
  ctx.draft.moveCursor('broken', [...kept, runId]);
}

/**
 * A chunk of the stream names call `key`: a call a break ended whose top-level run the stream
 * sends again goes back to where it stood before the chunk is read (see {@link reopenCall}), and
 * the runs inside it are read again beside the replays under way (those that went on in a
 * continuation are read again from their marks already). O(1) when nothing is reopening.
 */
export function reopenNamed(ctx: Ctx, key: string | undefined): void {
  const call = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  const mark = call?.brokenOff === undefined ? undefined : reopeningFor(ctx, call);
  if (mark === undefined) return;
  for (const inside of reopenCall(ctx, key!, mark[1])) {
    if (replayOf(ctx, inside) === undefined) replayInside(ctx, inside);
  }
}

/**
 * Whether a break ended call `call` and the stream under way sends its top-level run again: the
 * stream may yet name it, and it goes back to where it stood (O(1) when nothing is reopening).
 */
export const mayReopen = (ctx: Ctx, call: ToolCallState): boolean =>
  call.brokenOff !== undefined && reopeningFor(ctx, call) !== undefined;

/** The mark of call `call`'s top-level run when the stream under way sends it again. */
function reopeningFor(ctx: Ctx, call: ToolCallState): ReopenMark | undefined {
  const reopening = ctx.draft.cursor().reopening;
  if (reopening === undefined) return undefined;
  const top = topLevelCall(ctx.draft.root.toolCalls, call).runId;
  return reopening.find(([runId]) => runId === top);
}

/**
 * The start of call `call`'s streamed input came again while the stream sends its top-level run
 * again: input a break left streaming in a run that waits for a person (the break ends none of its
 * calls) is read again from its start.
 */
export function inputSentAgain(ctx: Ctx, call: Mutable<ToolCallState>): void {
  if (call.status === 'input-streaming' && reopeningFor(ctx, call) !== undefined) {
    restartInput(ctx, call);
  }
}

/**
 * A workflow's start came again inside call `key` while the stream sends its top-level run again
 * from its `start`: the steps of a workflow a break left running in a run that waits for a person
 * start again, as the stream sends them again (a continuation sends only the steps after it).
 */
export function workflowSentAgain(ctx: Ctx, key: string): void {
  const known = ctx.draft.root.toolCalls.get(key);
  if (known === undefined || unstarted(known.workflow)) return;
  const mark = reopeningFor(ctx, known);
  if (mark !== undefined && !mark[1]) restartWorkflow(ctx, ctx.draft.toolCall(key)!);
}

/** The key of the call with this toolCallId in run `runId` (see `findCallKey`), reopened if a
 * break ended it and the stream sends its run again (see {@link reopenNamed}). */
export function namedCallKey(
  ctx: Ctx,
  toolCallId: string,
  runId: string | undefined,
): string | undefined {
  const key = findCallKey(ctx.draft.root, toolCallId, runId);
  reopenNamed(ctx, key);
  return key;
}

/**
 * A call the stream's break ended, named again by the stream sent again, goes back to where it
 * stood (see `ToolCallState.brokenOff`): the stream goes on with it. What it gathers from the
 * stream starts again, as the stream sends it again from its first chunk: arguments still
 * streaming, and a workflow's steps (a continuation sends a workflow's start again but not the
 * steps before it: those stay). Gives the runs inside it, which are read again too (read once,
 * whether or not they say `start` again: an AI SDK stream or a tripwire does not). O(1) but for
 * those runs.
 */
function reopenCall(ctx: Ctx, key: string, continuation: boolean): readonly string[] {
  const call = ctx.draft.toolCall(key);
  if (call?.brokenOff === undefined) return [];
  const status = call.brokenOff;
  const open = !TERMINAL_TOOL_STATUSES.has(status) && !HUMAN_TOOL_STATUSES.has(status);
  unbreak(ctx, call);
  if (status === 'input-streaming') restartInput(ctx, call);
  if (open && !continuation && !unstarted(call.workflow)) restartWorkflow(ctx, call);
  return open ? call.childRunIds.filter((child) => child !== call.runId) : [];
}

/** A call's streamed input, if any came, is read again from its start. */
function restartInput(ctx: Ctx, call: Mutable<ToolCallState>): void {
  if (call.inputText === '' && call.inputError === undefined) return;
  call.inputText = '';
  delete call.inputError;
  ctx.scratch.parsers.delete(call.key);
}

/** A call's workflow starts again: the run it reports on stays, as the stream names it again. */
function restartWorkflow(ctx: Ctx, call: Mutable<ToolCallState>): void {
  const { workflowId, runId } = call.workflow!;
  call.workflow = ctx.draft.adopt(
    new WorkflowRecord({ workflowId, runId, status: 'running' }, PersistentMap.empty()),
  );
}

/** Whether a call's workflow (if any) holds nothing yet: it runs, with no step, result or error. */
const unstarted = (workflow: WorkflowState | undefined): boolean =>
  workflow === undefined ||
  (workflow.status === 'running' &&
    workflow.stepIds.length === 0 &&
    workflow.result === undefined &&
    workflow.error === undefined);

/** A call a break ended goes back to where it stood. */
export function unbreak(ctx: Ctx, call: Mutable<ToolCallState>): void {
  call.status = call.brokenOff!;
  delete call.brokenOff;
  delete call.endedAt;
  call.error = NO_VALUE;
  // Indexes of open calls dropped it when it ended: it joins them again.
  pushUndoably(ctx.draft.undo, ctx.scratch.namedLate, call.key);
}
