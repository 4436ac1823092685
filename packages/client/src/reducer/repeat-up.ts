/*
 * A request for a person that Mastra repeats one level up: on the parent `agent-*` (or
 * `workflow-*`) call, once per level (protocol §5, §14). What such a repeat may name.
 */
import { argsOf, topLevelCall } from '../state/repeats.js';
import type { DecisionTarget, ToolCallState } from '../state/state.js';
import { otherTarget, sameTarget } from './approval.js';
import { addIssue, type Ctx } from './context.js';
import { openNested } from './open-nested.js';
import { sameValue } from './same-value.js';
import { inside } from './tree.js';

/**
 * Whether `call` was asked for a person in the way `status` names (an approval, a suspension),
 * waiting for the decision or with one sent.
 */
export const asked = (call: ToolCallState, status: 'approval-requested' | 'suspended'): boolean =>
  (call.status === status || call.status === 'approval-responded') &&
  (status === 'approval-requested' ? call.approval : call.suspension) !== undefined;

/**
 * Why a request that names the `agent-*` or `workflow-*` call `outer` cannot be a repeat of a
 * request made inside it, or undefined when it may be. Mastra repeats a request right after it
 * is made, with the inner tool's name and arguments (an approval) or the outer call's name (a
 * suspension). Not such a repeat: one that follows a request still waiting inside another call of
 * the same turn (a parallel subagent's), and an approval under the outer call's own name while a
 * call inside it asked, or with other arguments than the outer call was made with. The stream
 * controls these values: such a request is not shown as a card of its own.
 */
export function strayRepeat(
  ctx: Ctx,
  outer: ToolCallState,
  status: 'approval-requested' | 'suspended',
  toolName: string,
  args: unknown,
): string | undefined {
  const { toolCalls } = ctx.draft.root;
  const named = outer.toolName !== toolName;
  const key = ctx.draft.cursor().lastRequest;
  const latest = key === undefined ? undefined : toolCalls.get(key);
  if (
    latest !== undefined &&
    latest.status === status &&
    latest.parentToolCallId !== null &&
    latest.key !== outer.key &&
    (!named || latest.toolName === toolName) &&
    !inside(toolCalls, latest, outer.key) &&
    topLevelCall(toolCalls, latest).runId === topLevelCall(toolCalls, outer).runId
  ) {
    return `names ${outer.toolName}, not the call that asked`;
  }
  if (named || status !== 'approval-requested') return undefined;
  if (openNested(ctx, outer, { asked: true }, (call) => asked(call, status), 1).length > 0) {
    return `names ${outer.toolName}, whose inner call asked`;
  }
  const own = argsOf(outer);
  return own !== undefined && args !== undefined && !sameValue(own, args)
    ? `names ${outer.toolName} with other arguments`
    : undefined;
}

/**
 * The call inside `outer` that a request repeated one level up is from, when no chunk of the call
 * itself said so (the repeat came first, or alone): the one call that can have asked. Only an
 * open call with no run inside can; an approval names its tool (`toolName`), and a call that
 * waits on a request of its own asks nothing new. Among several, the arguments the request carries
 * (`args`) name the one. None when none or several fit: nothing tells which call asked, and the
 * request is never guessed onto one of them (it stays on `outer`).
 */
export function askingCall(
  ctx: Ctx,
  outer: ToolCallState,
  toolName: string | undefined,
  args: unknown,
): ToolCallState | undefined {
  // Without arguments to tell several apart, two that fit are as good as many.
  const among = toolName === undefined ? {} : { tool: toolName };
  const fit = openNested(ctx, outer, among, () => true, args === undefined ? 2 : undefined);
  const named =
    fit.length > 1 && args !== undefined
      ? fit.filter((call) => sameValue(argsOf(call), args))
      : fit;
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Whether an approval repeated one level up on `outer` names other arguments than every open call
 * of its tool inside was made with, where the state knows the arguments of each: Mastra repeats a
 * request with the arguments of the call that asked, so it is none of theirs, and going to one of
 * them (or staying on `outer`, whose decision reaches the call inside) would show a person other
 * arguments than the tool runs with. Such a request shows no card: an issue (to `target`) says so.
 * False when a call of its tool inside asked already (it asks anew: the next revision), or no
 * such call is open or one's arguments are not known: nothing then tells the request apart from
 * the call's own.
 */
export function refusedOtherArgs(
  ctx: Ctx,
  outer: ToolCallState,
  toolName: string,
  args: unknown,
  target: DecisionTarget,
): boolean {
  if (args === undefined) return false;
  // A call inside that asked already asks anew with other arguments (the next revision).
  const ownAsked = (call: ToolCallState) => call.approval?.toolName === toolName;
  if (openNested(ctx, outer, { asked: true, tool: toolName }, ownAsked, 1).length > 0) return false;
  const among = { tool: toolName };
  // One that may be its call (arguments not known, or the same) ends the search.
  const mayBe = (call: ToolCallState) => {
    const own = argsOf(call);
    return own === undefined || sameValue(own, args);
  };
  if (openNested(ctx, outer, among, mayBe, 1).length > 0) return false;
  if (openNested(ctx, outer, among, () => true, 1).length === 0) return false;
  const message = `A request for ${toolName} repeated one level up with other arguments than its call inside was made with`;
  addIssue(ctx, { kind: 'decision', message, ...target });
  return true;
}

/**
 * Makes `call`, whose own request (`field`) to `target` came, the one call that waits on it: one
 * decision goes there, so one prompt shows. The calls above it that hold the request (its repeat
 * came first, and nothing told which call inside asked) give it up; one that a decision was sent
 * for meanwhile, for these values (`same`), returns its request, whose decision `call` keeps: it
 * is neither lost nor asked for again. `beside`, a call beside it that still waits on `target`
 * (the stream asked one decision for two calls), gives it up too, and an issue says so.
 */
export function takeOver(
  ctx: Ctx,
  call: ToolCallState,
  field: 'approval' | 'suspension',
  target: DecisionTarget,
  same: (held: ToolCallState) => boolean,
  beside?: ToolCallState,
): ToolCallState[typeof field] {
  const { toolCalls } = ctx.draft.root;
  const waiting = field === 'approval' ? 'approval-requested' : 'suspended';
  const give = (held: ToolCallState) => {
    const editable = ctx.draft.toolCall(held.key)!;
    delete editable[field];
    editable.status = 'input-available';
  };
  let answered: ToolCallState[typeof field];
  const seen = new Set<string>();
  for (let up = toolCalls.get(call.parentToolCallId ?? ''); up && !seen.has(up.key); ) {
    seen.add(up.key);
    const held = up[field];
    if (held !== undefined && !otherTarget(held.target, target)) {
      const sent = up.status === 'approval-responded' && same(up);
      if (sent) answered = held;
      if (sent || up.status === waiting) give(up);
    }
    up = toolCalls.get(up.parentToolCallId ?? '');
  }
  const other = beside?.[field];
  if (
    beside?.status === waiting &&
    beside.key !== call.key &&
    other !== undefined &&
    sameTarget(other.target, target) &&
    !inside(toolCalls, call, beside.key)
  ) {
    give(beside);
    addIssue(ctx, {
      kind: 'decision',
      message: `${beside.toolName} and ${call.toolName} asked one decision: the later waits`,
      ...target,
    });
  }
  return answered;
}
