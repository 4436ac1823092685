import { decisionCall } from '../state/identity.js';
import { topLevelCall } from '../state/repeats.js';
import { HUMAN_TOOL_STATUSES, type ToolCallState, type ToolCallStatus } from '../state/state.js';
import type { ToolpaneEvent } from '../stream/events.js';
import { applyClientOutput } from './client-output.js';
import { addIssue, type Ctx } from './context.js';
import { messageWithoutEchoes, WITHHELD } from './echo.js';
import { affords, clientMessageShown } from './hide.js';
import { endRun, moveTo, ownMessage, setEnded } from './lifecycle.js';
import { noteAnswered } from './replay.js';
import { requestHiders } from './rescrub.js';
import { streamStopped } from './stream-stop.js';
import { latestNestedCall } from './tree.js';
import { runWaitsForHuman } from './waiting.js';

/**
 * Marks a call's approval or suspension as expired: Mastra no longer holds its run. A run that
 * waited only for it can no longer go on: it is interrupted, with the same message, and its calls
 * stay as they were (the expired one keeps what it asked).
 */
/** A client event that names no call in the state it speaks of: an issue says so. */
function unmatched(ctx: Ctx, what: string, toolCallId: string): void {
  addIssue(ctx, {
    kind: 'decision',
    message: `${what} was reported for ${toolCallId}, where no call waits for it`,
    toolCallId,
  });
}

function expireDecision(ctx: Ctx, toolCallId: string, message: string) {
  const known = ctx.draft.root.toolCalls.get(toolCallId);
  if (
    known === undefined ||
    (!HUMAN_TOOL_STATUSES.has(known.status) && known.status !== 'approval-responded') ||
    (known.suspension === undefined && known.approval === undefined)
  ) {
    unmatched(ctx, 'An expired decision', toolCallId);
    return;
  }
  const call = ctx.draft.toolCall(toolCallId)!;
  if (call.suspension !== undefined && (call.status === 'suspended' || !call.approval?.decision)) {
    const { resumeData: _, error: __, ...suspension } = call.suspension;
    call.suspension = { ...suspension, expired: message };
    call.status = 'suspended';
  } else if (call.approval !== undefined) {
    const { decision: _, error: __, ...approval } = call.approval;
    call.approval = { ...approval, expired: message };
    call.status = 'approval-requested';
  } else {
    unmatched(ctx, 'An expired decision', toolCallId);
    return;
  }
  addIssue(ctx, { kind: 'decision', message, toolCallId });
  const top = ctx.draft.root.runs.get(topLevelCall(ctx.draft.root.toolCalls, call).runId);
  if (top?.status === 'waiting' && !runWaitsForHuman(ctx, top.runId)) {
    const run = ctx.draft.run(top.runId)!;
    run.status = 'interrupted';
    run.error ??= message;
  }
}

/**
 * The server took a decision but nothing of what it led to arrived (the stream was aborted, or
 * ended or broke before its first event). The decision stays taken, so it is never sent again:
 * the call ends (`output-aborted` after a stop, else `output-error` with the message), the issue
 * says what happened, and the runs that waited for it, from its own run up to the top, end as
 * `aborted` or `interrupted`. A loop, not recursion: chains can be deep.
 */
function endAcceptedCall(ctx: Ctx, toolCallId: string, error: string, aborted: boolean) {
  const call = ctx.draft.toolCall(toolCallId)!;
  if (aborted) {
    moveTo(call, 'output-aborted');
  } else {
    moveTo(call, 'output-error');
    call.error = ownMessage(call, error);
  }
  setEnded(ctx, call);
  addIssue(ctx, { kind: 'decision', message: error, toolCallId: call.toolCallId });
  const seen = new Set<string>();
  for (let runId: string | undefined = call.runId; runId !== undefined && !seen.has(runId); ) {
    seen.add(runId);
    const run = ctx.draft.root.runs.get(runId);
    if (run === undefined) return;
    if (run.status === 'waiting' && !runWaitsForHuman(ctx, runId)) {
      endRun(ctx, runId, aborted ? 'aborted' : 'interrupted', error);
    }
    const parent =
      run.parentToolCallId === null
        ? undefined
        : ctx.draft.root.toolCalls.get(run.parentToolCallId);
    runId = parent?.runId;
  }
}
const RESPONDED: ReadonlySet<ToolCallStatus> = new Set(['approval-responded']);

/**
 * The key of the call a decision answers: the call `ref` names while it waits for a person, or,
 * when `ref` names an `agent-*` or `workflow-*` call (the id a request raised inside it is
 * answered with, its `target.toolCallId`), the call inside it that waits with that target.
 */
function waitingCall(ctx: Ctx, ref: string): string | undefined {
  const named = decisionCall(ctx.draft.root, ref);
  if (named === undefined) return undefined;
  if (HUMAN_TOOL_STATUSES.has(named.status)) return named.key;
  if (named.kind === 'tool') return undefined;
  const aimed = (call: ToolCallState) =>
    HUMAN_TOOL_STATUSES.has(call.status) &&
    (call.status === 'suspended' ? call.suspension : (call.approval ?? call.suspension))?.target
      .toolCallId === ref;
  return latestNestedCall(ctx.draft.root, named, aimed)?.key;
}

/** Applies a client event (stream end, abort, decisions, client-side tool results) to the state. */
export function applyEvent(ctx: Ctx, event: ToolpaneEvent): void {
  switch (event.type) {
    case 'toolpane/stream-end': {
      streamStopped(ctx, 'The stream ended before the run finished', true);
      return;
    }
    case 'toolpane/stream-error': {
      const message = clientMessageShown(ctx, event.message);
      addIssue(ctx, { kind: 'transport', message });
      streamStopped(ctx, message, true);
      return;
    }
    case 'toolpane/abort': {
      streamStopped(ctx, event.reason ?? 'The run was aborted', false);
      return;
    }
    case 'toolpane/issue': {
      addIssue(ctx, { ...event.issue, message: clientMessageShown(ctx, event.issue.message) });
      return;
    }
    case 'toolpane/decision-sent': {
      const key = waitingCall(ctx, event.toolCallId);
      const call = key === undefined ? undefined : ctx.draft.toolCall(key);
      if (call === undefined) {
        addIssue(ctx, {
          kind: 'decision',
          message: `A decision was sent for ${event.toolCallId}, where no request waits for one`,
          toolCallId: event.toolCallId,
        });
        return;
      }
      if (call.status === 'approval-requested' && call.approval !== undefined) {
        const decision = {
          approved: event.approved ?? true,
          ...(event.reason === undefined ? {} : { reason: event.reason }),
        };
        const { error: _, ...approval } = call.approval;
        call.approval = { ...approval, decision };
      } else if (call.suspension !== undefined) {
        const { error: _, ...suspension } = call.suspension;
        call.suspension = { ...suspension, resumeData: event.resumeData };
      }
      call.status = 'approval-responded';
      noteAnswered(ctx, call);
      return;
    }
    case 'toolpane/decision-failed': {
      // With a key, that call only: never another call that repeats its toolCallId.
      const known =
        event.key === undefined
          ? decisionCall(ctx.draft.root, event.toolCallId, RESPONDED)
          : ctx.draft.root.toolCalls.get(event.key);
      if (known?.status !== 'approval-responded') {
        unmatched(ctx, 'A failed decision', event.key ?? event.toolCallId);
        return;
      }
      const call = ctx.draft.toolCall(known.key)!;
      // A server's message may quote the arguments the call hides, or (the decision went to the
      // outermost call it runs inside) those the calls beside and above it hide: paid for, as
      // every message of the client is, so that many failures under one call stay linear.
      const pay = affords(ctx);
      const hiders = requestHiders(ctx, call, pay);
      const error =
        hiders === undefined ? WITHHELD : messageWithoutEchoes(hiders, event.error, pay);
      if (event.accepted === true) {
        endAcceptedCall(ctx, call.key, error, event.aborted === true);
        return;
      }
      if (
        call.approval !== undefined &&
        call.approval.decision !== undefined &&
        call.suspension === undefined
      ) {
        const { decision: _, ...approval } = call.approval;
        call.approval = { ...approval, error };
        call.status = 'approval-requested';
      } else if (call.suspension !== undefined) {
        const { resumeData: _, ...suspension } = call.suspension;
        call.suspension = { ...suspension, error };
        call.status = 'suspended';
      }
      addIssue(ctx, { kind: 'decision', message: error, toolCallId: call.toolCallId });
      return;
    }
    case 'toolpane/decision-expired': {
      expireDecision(ctx, event.toolCallId, event.message);
      return;
    }
    case 'toolpane/client-output': {
      applyClientOutput(ctx, event);
      return;
    }
    default: {
      event satisfies never;
    }
  }
}
