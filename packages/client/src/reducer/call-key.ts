/*
 * How a chunk names a call: by its toolCallId, in its run or its conversation turn (see
 * `state/identity.ts`), reopening a call a break ended when the stream sent again names it.
 */
import { findCallKey, findCallWhere, findTopLevelKey, newestInTurn } from '../state/identity.js';
import { topLevelCall } from '../state/repeats.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Ctx, Scope } from './context.js';
import { reopenNamed } from './reopen.js';

/**
 * How a chunk names a call: `open` for chunks that start one (its input streaming or whole), which
 * make a call of their own in a run that did not have the id yet; `continue` for chunks about a
 * call that may have started in another run (a result after a resume, an approval), which also
 * reach an open call with the id: the newest open one in the chunk's own top-level run (a resumed
 * network execution runs under a new id), else the newest call with the id while it is open; `any`
 * for chunks that carry no run of their own (background tasks), which reach the newest call with
 * the id; `top` as `any` among top-level calls (AI SDK results and requests, which name no other);
 * `new` for a call that repeats the id of one its run ended (see `onToolCall`).
 */
export type CallMode = 'open' | 'continue' | 'any' | 'top' | 'new';

/**
 * The key of the call a chunk of `runId` names by `toolCallId`, per {@link CallMode}. `scope` places
 * a run the state does not hold yet, so that a chunk reaches the open calls of its own conversation
 * turn before those of another turn that repeats the toolCallId. A call a break ended reopens when
 * the stream sent again names it (see `reopenNamed`).
 */
export function callKeyFor(
  ctx: Ctx,
  runId: string,
  toolCallId: string,
  mode: CallMode = 'continue',
  scope?: Scope,
): string | undefined {
  const key = callKeyIn(ctx, runId, toolCallId, mode, scope);
  reopenNamed(ctx, key);
  return key;
}

function callKeyIn(
  ctx: Ctx,
  runId: string,
  toolCallId: string,
  mode: CallMode,
  scope: Scope | undefined,
): string | undefined {
  const { root } = ctx.draft;
  if (mode === 'new') return undefined;
  if (mode === 'top') return findTopLevelKey(root, toolCallId);
  if (mode === 'any' || runId === '') return findCallKey(root, toolCallId, undefined);
  const inRun = findCallKey(root, toolCallId, runId);
  if (inRun !== undefined || mode === 'open') return inRun;
  // The chunk's top-level run: its own run's, or, for a run not seen yet, its scope's.
  const parentKey = root.runs.get(runId)?.parentToolCallId ?? scope?.parentToolCallId;
  const parent = parentKey ? root.toolCalls.get(parentKey) : undefined;
  const top = parent ? topLevelCall(root.toolCalls, parent).runId : runId;
  // Subagents whose models number their calls as their parent's does repeat each other's ids: a
  // chunk names a call of a run in the same place as its own (directly inside the same call, or
  // at the top level), never the call it runs inside nor a sibling subagent's.
  const open = (call: ToolCallState) =>
    !TERMINAL_TOOL_STATUSES.has(call.status) && call.parentToolCallId === (parentKey ?? null);
  return newestInTurn(root, toolCallId, top, open) ?? findCallWhere(root, toolCallId, open);
}
