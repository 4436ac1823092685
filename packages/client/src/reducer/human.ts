import type { MastraChunk } from '../chunks/mastra.js';
import { parseResumeSchema } from '../resume/schema.js';
import type { Mutable } from '../state/draft.js';
import { topLevelCall } from '../state/repeats.js';
import { type DecisionTarget, TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { requestApproval, sameTarget } from './approval.js';
import type { Ctx, Scope } from './context.js';
import { cleanArgs, displayed, learn } from './display.js';
import { callKeyFor, ensureCall, moveTo } from './lifecycle.js';
import { type DisplayMetadata, readDisplayMetadata } from './transform.js';
import { latestNestedCall } from './tree.js';

type Chunk<T extends MastraChunk['type']> = Extract<MastraChunk, { type: T }>;

/** The run and call a decision must be sent to: the outermost call this one runs inside. */
export function decisionTarget(ctx: Ctx, call: ToolCallState): DecisionTarget {
  const top = topLevelCall(ctx.draft.root.toolCalls, call);
  return { runId: top.runId, toolCallId: top.toolCallId };
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

/** Applies a request for a person: an approval or a suspension. */
export function onHumanRequest(
  ctx: Ctx,
  chunk: Chunk<'tool-call-approval' | 'tool-call-suspended'>,
  scope: Scope,
): void {
  const p = chunk.payload;
  const status = chunk.type === 'tool-call-approval' ? 'approval-requested' : 'suspended';
  const echo = { runId: chunk.runId, toolCallId: p.toolCallId };
  const existingKey = callKeyFor(ctx, chunk.runId, p.toolCallId, 'continue', scope);
  const existing =
    existingKey === undefined ? undefined : ctx.draft.root.toolCalls.get(existingKey);
  // A nested request surfaces again one level up, once per level: its toolCallId is the parent
  // agent-* call, and toolName the inner tool (approvals) or the parent's own name (suspensions).
  // It is the same decision: it stays on the inner call, aimed at the outermost call.
  if (existing !== undefined && existing.kind !== 'tool') {
    const named = existing.toolName !== p.toolName;
    const innerId =
      named || status === 'suspended'
        ? findNestedCall(
            ctx,
            existing,
            (call) => call.status === status && (!named || call.toolName === p.toolName),
          )
        : undefined;
    if (innerId !== undefined) {
      const target = scope.depth === 0 ? echo : decisionTarget(ctx, existing);
      const current = ctx.draft.root.toolCalls.get(innerId)!;
      const before = status === 'approval-requested' ? current.approval : current.suspension;
      // The same target again: nothing changes, and the call keeps its identity.
      if (before !== undefined && sameTarget(before.target, target)) return;
      const inner = ctx.draft.toolCall(innerId)!;
      if (status === 'approval-requested') inner.approval = { ...inner.approval!, target };
      else inner.suspension = { ...inner.suspension!, target };
      return;
    }
  }
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(ctx, call, metadata, true);
  const target = scope.depth === 0 ? echo : decisionTarget(ctx, call);
  const args = cleanArgs((chunk.payload as { args?: unknown }).args);
  showRequestInput(ctx, call, metadata, args, chunk.type === 'tool-call-approval');
  if (chunk.type === 'tool-call-approval') {
    requestApproval(ctx, call, {
      toolName: p.toolName,
      args: displayed(ctx, call, metadata, 'approval', args),
      rawArgs: args,
      resumeSchema: parseResumeSchema(p.resumeSchema),
      target,
    });
    return;
  }
  const { suspendPayload } = chunk.payload;
  // Shown before the raw payload is noted: what it hides is judged by the values shown so far.
  const payload = displayed(ctx, call, metadata, 'suspend', suspendPayload);
  call.raw = { ...call.raw, suspendPayload };
  call.suspension = { payload, resumeSchema: parseResumeSchema(p.resumeSchema), target };
  moveTo(call, status);
}
