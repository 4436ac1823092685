import type { Draft } from './draft.js';
import { addRepeat, argsOf, argsPrint, keyWithArgs, noteArgs } from './repeats.js';
import type { ToolCallState } from './state.js';
import { StateRoot } from './state-root.js';

/*
 * The draft's edits of the repeats index (see `repeats.ts`): where the calls keyed otherwise than
 * by their toolCallId are, and the arguments of the calls of a run that repeats a toolCallId.
 */

/** Notes a call keyed otherwise than by its toolCallId in the repeats index. */
export function noteRepeat(draft: Draft, call: ToolCallState, turn: string): void {
  const { repeats } = StateRoot.lists(draft.root);
  draft.setIndex('repeats', addRepeat(repeats, call.toolCallId, call.key, call.runId, turn));
}

/**
 * The call of run `runId` with this toolCallId noted with these arguments in the repeats index
 * (see {@link noteCallArgs}), if any.
 */
export function callWithArgs(
  draft: Draft,
  toolCallId: string,
  runId: string,
  args: unknown,
): ToolCallState | undefined {
  const print = argsPrint(args);
  const { repeats } = StateRoot.lists(draft.root);
  const key = print === undefined ? undefined : keyWithArgs(repeats, runId, toolCallId, print);
  return key === undefined ? undefined : draft.root.toolCalls.get(key);
}

/** Notes `call`'s arguments in the repeats index, for a run that repeats its toolCallId. */
export function noteCallArgs(draft: Draft, call: ToolCallState): void {
  const print = argsPrint(argsOf(call));
  const { repeats } = StateRoot.lists(draft.root);
  const next =
    print === undefined ? repeats : noteArgs(repeats, call.runId, call.toolCallId, print, call.key);
  if (next !== repeats) draft.setIndex('repeats', next);
}
