import type { MastraChunk } from '../chunks/mastra.js';
import { parseResumeSchema } from '../resume/schema.js';
import type { Mutable } from '../state/draft.js';
import { argsOf, topLevelCall } from '../state/repeats.js';
import { type DecisionTarget, TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { otherTarget, requestApproval, suspend } from './approval.js';
import { callKeyFor } from './call-key.js';
import { addIssue, type Ctx, type Scope } from './context.js';
import { displayed, learn } from './display.js';
import { treeHides } from './inside.js';
import { ensureCall } from './lifecycle.js';
import { latestOpenNested } from './open-nested.js';
import { asked, askingCall, refusedOtherArgs, strayRepeat, takeOver } from './repeat-up.js';
import { sameSchema } from './rescrub.js';
import { beginsAnew, callReadAgain } from './retry.js';
import { sameValue } from './same-value.js';
import { type DisplayMetadata, readDisplayMetadata, suppressedValue } from './transform.js';
import { inside, latestNestedCall } from './tree.js';

type Chunk<T extends MastraChunk['type']> = Extract<MastraChunk, { type: T }>;

/** The runId the stream gave run `runId` (another when it was kept under `<runId>@top`). */
const streamRunId = (ctx: Ctx, runId: string): string =>
  ctx.draft.root.runs.get(runId)?.streamRunId ?? runId;

/** The run and call a decision must be sent to: the outermost call this one runs inside. */
export function decisionTarget(ctx: Ctx, call: ToolCallState): DecisionTarget {
  const top = topLevelCall(ctx.draft.root.toolCalls, call);
  return { runId: streamRunId(ctx, top.runId), toolCallId: top.toolCallId };
}

/**
 * The innermost, latest call under `parent` that `matches`: the calls of its subagent and workflow
 * runs, searched at any depth, latest first.
 */
export function findNestedCall(
  ctx: Ctx,
  parent: ToolCallState,
  matches: (call: ToolCallState) => boolean,
): string | undefined {
  return latestNestedCall(ctx.draft.root, parent, matches)?.key;
}

/**
 * The call under `parent` a repeated request names, of tool `tool` when it names one: the one the
 * latest request went to, when it matches (Mastra repeats a request one level up right after it),
 * found without a search; the latest made of the calls that asked and match otherwise.
 */
function requestedCall(
  ctx: Ctx,
  parent: ToolCallState,
  tool: string | undefined,
  matches: (call: ToolCallState) => boolean,
): string | undefined {
  const { toolCalls } = ctx.draft.root;
  const latest = ctx.draft.cursor().lastRequest;
  const last = latest === undefined ? undefined : toolCalls.get(latest);
  const fits = (call: ToolCallState) =>
    (tool === undefined || call.toolName === tool) && matches(call);
  if (last !== undefined && fits(last) && inside(toolCalls, last, parent.key)) return last.key;
  return latestOpenNested(ctx, parent, { asked: true, tool }, fits)?.key;
}

/**
 * Notes the arguments a request for a person (or its denial) carries. They show when the call
 * shows no input yet (`always`: even without arguments), or only waits for its transform's view,
 * which the chunk's metadata carries (a call whose deltas were suppressed).
 */
export function showRequestInput(
  ctx: Ctx,
  call: Mutable<ToolCallState>,
  metadata: DisplayMetadata | undefined,
  args: unknown,
  always: boolean,
): void {
  if (args !== undefined && call.raw.input === undefined) call.raw = { ...call.raw, input: args };
  const { input } = call;
  const waiting = input.kind === 'hidden' && input.reason === 'pending';
  if (
    (input.kind === 'none' && (always || args !== undefined)) ||
    (waiting && metadata?.['input-available'] !== undefined)
  ) {
    call.input = displayed(ctx, call, metadata, 'input-available', args);
  }
}

/**
 * Whether a suspension with `payload` and `resumeSchema` (parsed) is the one `call` holds. The
 * payload is compared raw; a state read back from a snapshot (which leaves raw values out)
 * compares one it shows as it came. The schema is compared as sent or as the state keeps it.
 */
export const sameSuspension = (
  ctx: Ctx,
  call: ToolCallState,
  payload: unknown,
  resumeSchema: unknown,
): boolean =>
  (Object.hasOwn(call.raw, 'suspendPayload')
    ? sameValue(call.raw.suspendPayload, payload)
    : call.suspension!.payload.kind === 'raw' &&
      sameValue(call.suspension!.payload.value, payload)) && sameSchema(ctx, call, resumeSchema);

/** Notes a request for a person that no call shows, naming where it was sent. */
const issue = (ctx: Ctx, target: DecisionTarget, message: string) =>
  addIssue(ctx, { kind: 'decision', message, ...target });

/** Applies a request for a person: an approval or a suspension. */
export function onHumanRequest(
  ctx: Ctx,
  chunk: Chunk<'tool-call-approval' | 'tool-call-suspended'>,
  scope: Scope,
): void {
  const p = chunk.payload;
  const status = chunk.type === 'tool-call-approval' ? 'approval-requested' : 'suspended';
  const echo = { runId: streamRunId(ctx, chunk.runId), toolCallId: p.toolCallId };
  const existingKey = callKeyFor(ctx, chunk.runId, p.toolCallId, 'continue', scope);
  const existing =
    existingKey === undefined ? undefined : ctx.draft.root.toolCalls.get(existingKey);
  // A nested request surfaces again one level up, once per level: its toolCallId is the parent
  // agent-* call, and toolName the inner tool (approvals) or the parent's own name (suspensions).
  // It is the same decision: it stays on the inner call, aimed at the outermost call, also when
  // it comes again after a decision was sent (a replayed stream).
  // The arguments whole, `__mastraMetadata` included: Mastra 1.71 passes a key the model wrote
  // under that name on to the tool's `execute` (only its channel summaries leave it out), so what
  // a person approves is what the tool gets.
  const args = (chunk.payload as { args?: unknown }).args;
  const resumeSchema = parseResumeSchema(p.resumeSchema);
  let inner: string | undefined;
  if (existing !== undefined && existing.kind !== 'tool') {
    const ended = TERMINAL_TOOL_STATUSES.has(existing.status);
    const stray = ended ? undefined : strayRepeat(ctx, existing, status, p.toolName, args);
    if (stray !== undefined) {
      issue(ctx, echo, `A request for ${p.toolName} ${stray}`);
      return;
    }
    const named = existing.toolName !== p.toolName;
    const innerId =
      named || status === 'suspended'
        ? requestedCall(ctx, existing, named ? p.toolName : undefined, (call) =>
            asked(call, status),
          )
        : undefined;
    const current = innerId === undefined ? undefined : ctx.draft.root.toolCalls.get(innerId)!;
    // An approval with other arguments than the call that asked, those another open call of its
    // tool inside was made with, is that call's own (its inner chunk came later, or not at all).
    // Not while the call that asked still waits on it: one decision would answer both, so the
    // repeat's other arguments are a request repeated with other values.
    const other =
      named &&
      current?.status === 'approval-responded' &&
      !sameValue(current.raw.approvalArgs, args)
        ? askingCall(ctx, existing, p.toolName, args)
        : undefined;
    if (current !== undefined && (other === undefined || !sameValue(argsOf(other), args))) {
      const target = scope.depth === 0 ? echo : decisionTarget(ctx, existing);
      const { raw } = current;
      // A repeat with other values than the inner call's own request says so; the call keeps
      // what its tool asked (the decision reaches that tool).
      if (
        status === 'suspended'
          ? !sameSuspension(ctx, current, p.suspendPayload, resumeSchema)
          : named && Object.hasOwn(raw, 'approvalArgs') && !sameValue(raw.approvalArgs, args)
      ) {
        issue(ctx, echo, `A request for ${p.toolName} repeated with other values`);
      }
      const before = status === 'approval-requested' ? current.approval : current.suspension;
      // The same target again: nothing changes, and the call keeps its identity. Another target
      // makes it a new request, which waits for a person again.
      if (!otherTarget(before!.target, target)) return;
      const editable = ctx.draft.toolCall(current.key)!;
      if (status === 'approval-requested')
        requestApproval(ctx, editable, { ...current.approval!, target });
      else suspend(ctx, editable, current.suspension!, target, true);
      return;
    }
    // A request that surfaces before the inner call asked (or whose inner request was lost) is
    // that call's when one open call inside can be it: of the tool it names (an approval), with
    // its arguments among several; a suspension names no inner tool. It goes to it, shown as its
    // transform allows; else it stays on this call, and the inner call's own request moves it.
    if (named && other === undefined && refusedOtherArgs(ctx, existing, p.toolName, args, echo))
      return;
    if (named || status === 'suspended') {
      inner = (
        named
          ? (other ?? askingCall(ctx, existing, p.toolName, args))
          : askingCall(ctx, existing, undefined, undefined)
      )?.key;
    }
  }
  let call =
    inner === undefined
      ? ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName)
      : ctx.draft.toolCall(inner)!;
  if (TERMINAL_TOOL_STATUSES.has(call.status)) {
    // Sent again, a request for a call that ended since changes nothing.
    if (callReadAgain(ctx, call)) return;
    // Else it is never dropped: a later step's call that reuses the id asks anew, on a call of
    // its own; any other request for an ended call is an issue.
    if (inner !== undefined || call.kind !== 'tool' || !beginsAnew(ctx, chunk.runId, call.key)) {
      issue(ctx, echo, `A request for ${p.toolName} came for an ended call`);
      return;
    }
    call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName, 'new');
  }
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(ctx, call, metadata, true);
  const target =
    scope.depth === 0 ? echo : decisionTarget(ctx, inner === undefined ? call : existing!);
  // A request left on an agent-* or workflow-* call carries an inner call's values with no
  // metadata (only the innermost chunk has it): hidden when a call inside hides anything.
  // (A call made by a repeat that came before its own `tool-call` may hold runs as a plain tool.)
  const hiddenInside =
    (call.kind !== 'tool' || call.childRunIds.length > 0) &&
    call.childRunIds.some((runId) => treeHides(ctx, runId));
  const show = (phase: 'approval' | 'suspend', value: unknown) =>
    hiddenInside ? suppressedValue() : displayed(ctx, call, metadata, phase, value);
  let answered: ToolCallState['approval' | 'suspension'];
  if (inner === undefined) {
    showRequestInput(ctx, call, metadata, args, chunk.type === 'tool-call-approval');
    // The same request left on a call above (its repeat came first, and nothing told which call
    // inside asked), or asked of the call beside that the latest request went to, is this call's.
    if (call.parentToolCallId !== null) {
      const { toolCalls } = ctx.draft.root;
      answered = takeOver(
        ctx,
        call,
        status === 'suspended' ? 'suspension' : 'approval',
        target,
        (held) =>
          status === 'suspended'
            ? sameSuspension(ctx, held, chunk.payload.suspendPayload, resumeSchema)
            : held.approval!.toolName === p.toolName &&
              sameValue(held.raw.approvalArgs, args) &&
              Object.hasOwn(held.raw, 'approvalArgs'),
        toolCalls.get(ctx.draft.cursor().lastRequest ?? ''),
      );
    }
  }
  ctx.draft.moveCursor('lastRequest', call.key);
  if (chunk.type === 'tool-call-approval') {
    requestApproval(ctx, call, {
      toolName: p.toolName,
      args: show('approval', args),
      rawArgs: args,
      resumeSchema,
      target,
    });
    const decision = (answered as ToolCallState['approval'])?.decision;
    if (decision !== undefined) {
      call.approval = { ...call.approval!, decision };
      call.status = 'approval-responded';
    }
    return;
  }
  const { suspendPayload } = chunk.payload;
  // The same suspension again (a replayed stream), waiting or with its resume sent: nothing
  // changes, its revision included. A tool that suspends again asks anew, with its new payload or
  // schema (the next revision); one that names another run or call to resume is a new request
  // too, and an issue says so. The payload is compared raw; a state read back from a snapshot
  // (which leaves raw values out) compares one it shows as it came.
  const { suspension } = call;
  const moved = suspension !== undefined && otherTarget(suspension.target, target);
  if (
    suspension !== undefined &&
    (call.status === 'suspended' || call.status === 'approval-responded') &&
    !moved &&
    sameSuspension(ctx, call, suspendPayload, resumeSchema)
  ) {
    return;
  }
  // Shown before the raw payload is noted: what it hides is judged by the values shown so far.
  const payload = show('suspend', suspendPayload);
  call.raw = { ...call.raw, suspendPayload };
  suspend(ctx, call, { payload, resumeSchema }, target, moved);
  if (answered !== undefined) {
    const { resumeData } = answered as NonNullable<ToolCallState['suspension']>;
    call.suspension = { ...call.suspension!, resumeData };
    call.status = 'approval-responded';
  }
}
