/**
 * What a stream's break ended, reopened when the stream is sent again from its run's `start` (see
 * `replay.ts`): the break notes its top-level runs in the cursor; their calls it ended
 * (`ToolCallState.brokenOff`) go back to where they stood, and what open calls gather from the
 * stream starts again, so a stream broken off and sent again reads as one read.
 */

import type { Mutable } from '../state/draft.js';
import { PersistentMap } from '../state/persistent-map.js';
import { reviveRun } from '../state/run-record.js';
import {
  HUMAN_TOOL_STATUSES,
  NO_VALUE,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
} from '../state/state.js';
import { REPLAY_LIMITS } from '../state/state-root.js';
import type { WorkflowState } from '../state/workflow.js';
import { WorkflowRecord } from '../state/workflow-record.js';
import type { Ctx } from './context.js';

/** Notes that the stream's break ended top-level run `runId` (see `beginReplay` in replay.ts). */
export function noteBroken(ctx: Ctx, runId: string): void {
  const broken = ctx.draft.cursor().broken ?? [];
  if (broken.at(-1) === runId) return;
  const kept = broken.filter((id) => id !== runId).slice(1 - REPLAY_LIMITS.broken);
  ctx.draft.moveCursor('broken', [...kept, runId]);
}

/**
 * A run a break ended is read on as it comes again: bare data and the run's end find it open, as
 * read once. (The runs inside it are when their own `start` comes again: a run streaming is not
 * one sent again.)
 */
export function revive(ctx: Ctx, runId: string): void {
  if (ctx.draft.root.runs.get(runId)?.status !== 'interrupted') return;
  reviveRun(ctx.draft.run(runId)!);
}

/**
 * The calls of run `runId`, and of the runs inside them, that its stream's break ended go back to
 * where they stood (see `ToolCallState.brokenOff`): the stream sent again goes on with them. What
 * an open call gathers from the stream starts again, as the stream sends it again from its first
 * chunk: arguments still streaming, and a workflow's steps. Once per break, O(calls inside).
 * Gives the runs inside calls still open, which are read again too.
 */
export function reopenBrokenOff(ctx: Ctx, runId: string, continuation = false): string[] {
  const { root } = ctx.draft;
  const work = [runId];
  const inside: string[] = [];
  for (let runId = work.pop(); runId !== undefined; runId = work.pop()) {
    for (const key of root.runs.get(runId)?.toolCallIds ?? []) {
      const known = root.toolCalls.get(key);
      if (known === undefined) continue;
      const status = known.brokenOff ?? known.status;
      const open = !TERMINAL_TOOL_STATUSES.has(status) && !HUMAN_TOOL_STATUSES.has(status);
      for (const child of known.childRunIds) {
        if (child === runId) continue;
        work.push(child);
        // What ran inside a call still open comes again: read once, whether or not it says
        // `start` again (an AI SDK stream or a tripwire does not).
        if (open) inside.push(child);
      }
      const streams =
        status === 'input-streaming' && (known.inputText !== '' || !!known.inputError);
      // A continuation sends a workflow's start again but not the steps before it: those stay.
      const restarts = streams || (open && !continuation && !unstarted(known.workflow));
      if (known.brokenOff === undefined && !restarts) continue;
      const call = ctx.draft.toolCall(key)!;
      if (call.brokenOff !== undefined) unbreak(ctx, call);
      if (streams) {
        call.inputText = '';
        delete call.inputError;
        ctx.scratch.parsers.delete(key);
      }
      // Its steps start again; the run it reports on stays, as the stream names it again.
      if (open && !continuation && !unstarted(call.workflow)) {
        const { workflowId, runId } = call.workflow!;
        call.workflow = ctx.draft.adopt(
          new WorkflowRecord({ workflowId, runId, status: 'running' }, PersistentMap.empty()),
        );
      }
    }
  }
  return inside;
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
  ctx.scratch.namedLate.push(call.key);
}
