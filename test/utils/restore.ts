import {
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';

/**
 * A store made with `options` that starts from a snapshot of `state` as a server hands it to a
 * browser: `serializeState` (with the raw values where `raw`), through JSON, `deserializeState`.
 */
export function restoredStore(
  state: ToolpaneState,
  options: ReduceOptions = {},
  raw = false,
): ToolpaneStore {
  const snapshot = JSON.parse(JSON.stringify(serializeState(state, { raw })));
  return createToolpaneStore({ ...options, initialState: deserializeState(snapshot) });
}

/**
 * `chunks` read with `options`, the state saved as a browser snapshot after the first `cut` of
 * them and restored into a store ({@link restoredStore}), which then reads the rest: the state at
 * the end.
 */
export function readRestored(
  chunks: readonly unknown[],
  cut: number,
  options: ReduceOptions = {},
): ToolpaneState {
  const store = restoredStore(reduceAll(chunks.slice(0, cut), options), options);
  store.dispatchMany(chunks.slice(cut));
  return store.getState();
}
