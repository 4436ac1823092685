import {
  createToolpaneStore,
  type ToolCallState,
  type ToolpaneState,
  type ToolpaneStoreOptions,
} from '@toolpane/client';
import { formatTree, inspectState } from '@toolpane/client/inspect';

/**
 * Everything a view could show of a state, as one string to search for a hidden value: each
 * call's display values and extras (progress, model output, approval arguments, suspension
 * payload, workflow result and steps, partial input, input error), each run's parts and object,
 * the network of a network run (its routing, execution and check steps with the router's prompts
 * and reasons, its final result and object), the issues, and what `toolpane inspect` prints.
 */
export function everythingShown(state: ToolpaneState): string {
  const calls = [...state.toolCalls.values()].map((call) => ({
    input: call.input,
    output: call.output,
    error: call.error,
    progress: call.progress,
    modelOutput: call.modelOutput,
    approval: call.approval?.args,
    suspension: call.suspension?.payload,
    workflow: call.workflow && {
      result: call.workflow.result,
      steps: [...call.workflow.steps.values()],
    },
    partialInput: call.partialInput?.value,
    inputError: call.inputError,
  }));
  const runs = [...state.runs.values()].map((run) => ({
    parts: run.parts,
    object: run.object,
    network: run.network,
  }));
  return JSON.stringify([calls, runs, state.issues, inspectState(state)]) + formatTree(state);
}

/**
 * Applies `chunks` one at a time to a store made with `options` and fails on the first snapshot
 * in which {@link everythingShown} holds one of `secrets`. Returns the last state.
 */
export function neverShows(
  chunks: readonly unknown[],
  secrets: readonly string[],
  options: ToolpaneStoreOptions = {},
): ToolpaneState {
  const store = createToolpaneStore(options);
  for (const [index, chunk] of chunks.entries()) {
    store.dispatch(chunk);
    const text = everythingShown(store.getState());
    for (const secret of secrets) {
      if (text.includes(secret)) throw new Error(`chunk ${index} shows ${secret}`);
    }
  }
  return store.getState();
}

/**
 * Recordings where a tool's result holds a value that a call after it hides (a key the model got
 * from one tool and passed to another that hides it): until that call comes, nothing says the value
 * is hidden, so the result shows it; from then on nothing does (see {@link hiddenOnceTold}).
 */
export const TOLD_LATE: ReadonlySet<string> = new Set([
  'key-handed-on',
  'aisdk-v6-key-handed-on',
  'key-passphrase',
  'aisdk-v6-key-passphrase',
  // Not its AI SDK twin: a subagent's vault there shows nothing at all (no transform metadata).
  'key-across-agents',
]);

/**
 * Applies `chunks` one at a time to a store made with `options` and fails when one of `secrets`,
 * once shown and then no longer, shows again, or shows at the end. For a value a call hides only
 * after another showed it ({@link TOLD_LATE}). Returns the last state.
 */
export function hiddenOnceTold(
  chunks: readonly unknown[],
  secrets: readonly string[],
  options: ToolpaneStoreOptions = {},
): ToolpaneState {
  const store = createToolpaneStore(options);
  const shown = new Set<string>();
  const hidden = new Set<string>();
  for (const [index, chunk] of chunks.entries()) {
    store.dispatch(chunk);
    const text = everythingShown(store.getState());
    for (const secret of secrets) {
      if (!text.includes(secret)) {
        if (shown.has(secret)) hidden.add(secret);
      } else if (hidden.has(secret)) throw new Error(`chunk ${index} shows ${secret} again`);
      else shown.add(secret);
    }
  }
  const text = everythingShown(store.getState());
  for (const secret of secrets) {
    if (text.includes(secret)) throw new Error(`the end shows ${secret}`);
  }
  return store.getState();
}

/** Whether `call` hides a value: its display transform shows a view, or its input is hidden. */
export const hidesValue = (call: ToolCallState): boolean =>
  call.displayTransform === 'display' || call.input.kind === 'hidden';

/** The calls nested under `owner` (an `agent-*` or `workflow-*` call), at any depth. */
export function callsUnder(state: ToolpaneState, owner: ToolCallState): ToolCallState[] {
  const out: ToolCallState[] = [];
  const queue = [...owner.childRunIds];
  for (let i = 0; i < queue.length; i++) {
    for (const key of state.runs.get(queue[i]!)?.toolCallIds ?? []) {
      const call = state.toolCalls.get(key)!;
      out.push(call);
      queue.push(...call.childRunIds);
    }
  }
  return out;
}

/**
 * The strings (six characters or more) of the raw values (input, approval arguments, suspension
 * payload, and a result shown through a transform) of the calls among `calls` that hide a value, that nothing shown of `state` holds
 * ({@link everythingShown}). `calls`: every call of `state` by default.
 */
export function hiddenTexts(
  state: ToolpaneState,
  calls: Iterable<ToolCallState> = state.toolCalls.values(),
): string[] {
  const shown = everythingShown(state);
  const out = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 6 && !shown.includes(value)) out.add(value);
    } else if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) visit(child);
    }
  };
  for (const call of calls) {
    if (!hidesValue(call)) continue;
    visit([call.raw.input, call.raw.approvalArgs, call.raw.suspendPayload]);
    // What a transform drops from a result is hidden as well.
    if (call.output.kind === 'transformed') visit(call.raw.output);
  }
  return [...out];
}
