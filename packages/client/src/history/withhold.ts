import {
  applyClientTransform,
  type ClientTransforms,
  clientTransformFor,
  suppressedValue,
} from '../reducer/transform.js';
import { Draft } from '../state/draft.js';
import { findCallKey } from '../state/identity.js';
import type { DisplayValue, ToolpaneState } from '../state/state.js';
import type { CallRef } from './common.js';

/*
 * A request raised inside a subagent and still pending reaches memory under the outer `agent-*`
 * call: its entry carries the inner tool's arguments or suspension payload raw, with no display
 * transform metadata (only the innermost chunk had it, and memory keeps no call of the subagent).
 * Live, the inner call showed what its transform made of them. Rebuilt, nothing tells whether a
 * transform hides them, so they show hidden (`suppressed`), as values of a subagent's calls from a
 * snapshot do; a client transform for the inner tool shows its view.
 */

/** A raw value of an inner call's request, as it may show. */
function innerShown(
  transforms: ClientTransforms | undefined,
  toolName: string | undefined,
  phase: 'approval' | 'suspend',
  shown: DisplayValue,
  raw: unknown,
): DisplayValue {
  if (shown.kind !== 'raw') return shown;
  const client = toolName === undefined ? undefined : clientTransformFor(transforms, toolName);
  return client === undefined ? suppressedValue() : applyClientTransform(client, phase, raw);
}

/**
 * `state` with the arguments and suspension payloads of the requests `requests` names (see
 * `HistoryChunks.innerRequests`) hidden, unless a client transform in `transforms` for the inner
 * tool shows its view. An approval keeps the inner tool's name; a suspension names no inner tool.
 */
export function withholdInner(
  state: ToolpaneState,
  requests: readonly CallRef[] | undefined,
  transforms: ClientTransforms | undefined,
): ToolpaneState {
  let draft: Draft | undefined;
  for (const { runId, toolCallId } of requests ?? []) {
    const key = findCallKey(state, toolCallId, runId);
    const call = key === undefined ? undefined : state.toolCalls.get(key);
    if (call === undefined) continue;
    const { approval, suspension, raw } = call;
    const args =
      approval &&
      innerShown(transforms, approval.toolName, 'approval', approval.args, raw.approvalArgs);
    const payload =
      suspension &&
      innerShown(transforms, undefined, 'suspend', suspension.payload, raw.suspendPayload);
    if (args === approval?.args && payload === suspension?.payload) continue;
    draft ??= new Draft(state);
    const editable = draft.toolCall(key!)!;
    if (approval && args !== approval.args) editable.approval = { ...approval, args: args! };
    if (suspension && payload !== suspension.payload) {
      editable.suspension = { ...suspension, payload: payload! };
    }
  }
  return draft?.publish() ?? state;
}
