import { messageWithoutEchoes } from '../reducer/echo.js';
import { hidesValue } from '../reducer/hide.js';
import type { ToolpaneState } from '../state/state.js';

/**
 * The error to show for a conversation, as the store shows errors: `message` (a session's
 * `getError()`, which may be a server's or a chat's text) with what any call of `state` hides
 * replaced by `[hidden]`, since a server's error may quote a call's arguments; without a
 * `message`, the latest run's error, which the store already keeps so. `useAgent().error` is
 * this. It searches `message` for what each call hides: call it when the error changes, not per
 * chunk.
 *
 * @example
 * const shown = errorShown(session.store.getState(), session.getError());
 */
export function errorShown(state: ToolpaneState, message: string | undefined): string | undefined {
  if (message !== undefined) {
    return messageWithoutEchoes([...state.toolCalls.values()].filter(hidesValue), message);
  }
  const last = state.runOrder.at(-1);
  return last === undefined ? undefined : state.runs.get(last)?.error;
}

/**
 * `result` (what a session's action resolves with) with its error as {@link errorShown} shows
 * it: a server's or a chat's message may quote what a call hides. Sessions resolve with this.
 *
 * @example
 * const result = resultShown(store, { status: 'error', error: 'HTTP 500: bad key sk-1' });
 */
export const resultShown = <T extends { readonly error?: string | undefined }>(
  store: { getState(): ToolpaneState },
  result: T,
): T =>
  result.error === undefined
    ? result
    : { ...result, error: errorShown(store.getState(), result.error)! };
