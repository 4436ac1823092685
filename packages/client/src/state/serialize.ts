import { AppendList } from './append-list.js';
import { withinDepth } from './json-depth.js';
import { PersistentMap } from './persistent-map.js';
import { buildRepeats, NO_REPEATS } from './repeats.js';
import { cursorFromJson } from './serialize-cursor.js';
import type {
  RunState,
  StreamIssue,
  ToolCallState,
  ToolCallStatus,
  ToolpaneState,
  WorkflowIterationState,
  WorkflowState,
  WorkflowStepState,
} from './state.js';
import { type Cursor, cursorOf, initialState, listsOf, makeState } from './state-root.js';

/**
 * A {@link ToolpaneState} as plain JSON: what a server hands to the browser (a Next.js server
 * component to a client component, say). Maps become arrays of their values, in order. Build one
 * with {@link serializeState}, read it back with {@link deserializeState}.
 */
export interface SerializedState {
  readonly version: 1;
  readonly format: ToolpaneState['format'];
  readonly runs: readonly unknown[];
  readonly runOrder: readonly string[];
  readonly toolCalls: readonly unknown[];
  readonly toolCallOrder: readonly string[];
  readonly issues: readonly StreamIssue[];
  readonly unknownChunks: readonly unknown[];
  /** Where the stream stands: the runs chunks without a runId of their own go to. */
  readonly cursor?: Cursor;
}

/** Options of {@link serializeState}. */
export interface SerializeOptions {
  /**
   * Keep every call's `raw` values, the streamed `inputText` of input not shown as it came, and
   * the chunks kept uninterpreted (`unknownChunks`, as they came): what a display transform hides.
   * Only for a snapshot that stays on the server.
   */
  readonly raw?: boolean;
}

/**
 * A call as JSON: its workflow steps as an array; the live partial parse is left out, and, unless
 * `raw`, so are its raw values and the streamed text of input that is not shown as it came.
 */
function callToJson(call: ToolCallState, raw: boolean): unknown {
  const { partialInput: _, workflow, ...rest } = call;
  if (raw) return withWorkflow(rest, workflow);
  const shownRaw = call.input.kind === 'raw' && call.displayTransform !== 'display';
  // A call that hides a value says so: messages about it can no longer be searched for it.
  const hides = call.displayTransform === 'display' || call.input.kind === 'hidden';
  const kept = hides ? { withheld: true } : {};
  return withWorkflow({ ...rest, raw: kept, ...(shownRaw ? {} : { inputText: '' }) }, workflow);
}

/** A step as JSON: its iterations as an array, in the order they reported. */
const stepToJson = (step: WorkflowStepState): unknown =>
  step.iterations === undefined ? step : { ...step, iterations: [...step.iterations.values()] };

/** A call's JSON with its workflow steps (and their iterations) as arrays. */
function withWorkflow(rest: object, workflow: ToolCallState['workflow']): unknown {
  if (workflow === undefined) return rest;
  // Only the fields a workflow has: a record sets every field, an absent one to undefined.
  const fields = Object.entries(workflow).filter(([, value]) => value !== undefined);
  const steps = [...workflow.steps.values()].map(stepToJson);
  return { ...rest, workflow: { ...Object.fromEntries(fields), steps } };
}

/** A step read back: its array of iterations becomes a map by index, its running count rebuilt. */
function stepFromJson(step: WorkflowStepState): WorkflowStepState {
  const list: unknown = step.iterations;
  if (!Array.isArray(list)) return step;
  const iterations = PersistentMap.from(
    (list as WorkflowIterationState[]).map((it) => [String(it.index), it] as const),
  );
  const { runningIterations: _, ...rest } = step;
  let running = 0;
  for (const it of iterations.values())
    if (it.status === 'running' || it.status === 'waiting') running++;
  return { ...rest, iterations, ...(running > 0 ? { runningIterations: running } : {}) };
}

/**
 * A state as JSON-safe data, for `JSON.stringify` or a framework's props. Everything a view shows
 * survives; the incremental parse of arguments that are still streaming (`partialInput`) does not,
 * as it is rebuilt from `inputText` when more arrives. What a display transform hides does not
 * either: a snapshot is made to be sent to a browser, so calls are written without their `raw`
 * values (what Mastra sent before its display transform), input not shown as it came without
 * its streamed `inputText`, and the chunks kept uninterpreted (`unknownChunks`) are left out (pass
 * `{ raw: true }` for a snapshot that stays on the server). A value
 * nested more than 1,000 levels deep, which `JSON.stringify` may not write, is cut there (and one
 * that holds itself where it does) with the text `[nested deeper than 1000 levels]`. Never throws:
 * a live value a server-side `fullStream` carried is written as `JSON.stringify` writes it (a
 * `bigint` as its digits, a class instance as its own properties, what its `toJSON` returns), and
 * one that throws when read (a getter, a `toJSON`, a proxy) as `[value that could not be read]`.
 *
 * @example
 * // A Next.js server component
 * const store = createToolpaneStore({ initialState: stateFromMastraMessages(messages) });
 * return <Chat snapshot={serializeState(store.getState())} />;
 */
export function serializeState(
  state: ToolpaneState,
  options: SerializeOptions = {},
): SerializedState {
  const raw = options.raw === true;
  return withinDepth({
    version: 1,
    format: state.format,
    // Plain objects (frameworks refuse class instances as props), lists as arrays.
    runs: [...state.runs.values()].map((run) => ({
      ...run,
      steps: run.steps,
      parts: run.parts,
      toolCallIds: run.toolCallIds,
    })),
    runOrder: [...state.runOrder],
    toolCalls: [...state.toolCalls.values()].map((call) => callToJson(call, raw)),
    toolCallOrder: [...state.toolCallOrder],
    issues: state.issues,
    // Kept as they came, never searched: they may carry what a transform hides (an agent
    // network's chunks read without its family, a chunk type of a later Mastra).
    unknownChunks: raw ? state.unknownChunks : [],
    cursor: listsOf(state).cursor,
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

function callFromJson(json: Record<string, unknown>): ToolCallState {
  // A call without a key of its own is keyed by its toolCallId, as the first call with an id is.
  const value: Record<string, unknown> = {
    ...json,
    key: typeof json.key === 'string' ? json.key : json.toolCallId,
  };
  // A request written without a revision (a snapshot from before requests had one) is the first.
  for (const field of ['approval', 'suspension']) {
    const request = value[field];
    if (isRecord(request) && typeof request.revision !== 'number')
      value[field] = { ...request, revision: 1 };
  }
  const workflow = value.workflow;
  if (!isRecord(workflow) || !Array.isArray(workflow.steps))
    return value as unknown as ToolCallState;
  const steps = (workflow.steps as WorkflowStepState[]).map(
    (step) => [step.id, stepFromJson(step)] as const,
  );
  return {
    ...(value as unknown as ToolCallState),
    workflow: { ...(workflow as unknown as WorkflowState), steps: PersistentMap.from(steps) },
  };
}

const isShown = (value: unknown) => isRecord(value) && typeof value.kind === 'string';
const isTarget = (value: unknown) =>
  isRecord(value) && typeof value.runId === 'string' && typeof value.toolCallId === 'string';

/** The statuses a call may have had when its stream broke off (see `ToolCallState.brokenOff`). */
const BROKEN_OFF: ReadonlySet<ToolCallStatus> = new Set([
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'suspended',
]);

/** Why a call of a snapshot cannot be read, or undefined when it can. */
function callProblem(call: Record<string, unknown>): string | undefined {
  const texts = ['toolCallId', 'toolName', 'status', 'runId'] as const;
  if (!texts.every((key) => typeof call[key] === 'string')) return 'its ids, name or status';
  if (!['input', 'output', 'error'].every((key) => isShown(call[key]))) return 'its values';
  if (!isRecord(call.raw) || !Array.isArray(call.progress) || !call.progress.every(isShown))
    return 'its raw values or progress';
  if (!strings(call.childRunIds)) return 'its child runs';
  if (
    call.brokenOff !== undefined &&
    !(call.status === 'output-error' && BROKEN_OFF.has(call.brokenOff as ToolCallStatus))
  )
    return 'the status it had when its stream broke off';
  const { approval, suspension, workflow } = call;
  if (
    approval !== undefined &&
    !(isRecord(approval) && isTarget(approval.target) && isShown(approval.args))
  )
    return 'its approval';
  if (
    suspension !== undefined &&
    !(isRecord(suspension) && isTarget(suspension.target) && isShown(suspension.payload))
  )
    return 'its suspension';
  if (workflow === undefined) return undefined;
  const steps = isRecord(workflow) ? workflow.steps : undefined;
  const stepOk = (step: unknown) =>
    isRecord(step) &&
    typeof step.id === 'string' &&
    (step.iterations === undefined ||
      (Array.isArray(step.iterations) && step.iterations.every(isRecord)));
  const stepIds = isRecord(workflow) ? (workflow.stepIds ?? []) : [];
  if (!Array.isArray(steps) || !steps.every(stepOk) || !strings(stepIds)) return 'its workflow';
  return undefined;
}

/** Why a run of a snapshot cannot be read, or undefined when it can. */
function runProblem(run: Record<string, unknown>): string | undefined {
  if (typeof run.status !== 'string') return 'its status';
  if (run.streamRunId !== undefined && typeof run.streamRunId !== 'string') return 'its stream id';
  const { parts, steps } = run;
  const partOk = (part: unknown) => isRecord(part) && typeof part.type === 'string';
  if (!Array.isArray(parts) || !parts.every(partOk)) return 'its parts';
  if (!Array.isArray(steps) || !strings(run.toolCallIds)) return 'its steps or calls';
  return undefined;
}

/**
 * A run of a snapshot. JSON drops the `data: undefined` of a hidden data part: it is put back, so
 * the part is the one the live state holds (a stream sent again matches it).
 */
function runFromJson(run: Record<string, unknown>): RunState {
  const parts = run.parts as Record<string, unknown>[];
  const bare = (part: Record<string, unknown>) => part.type === 'data' && !('data' in part);
  if (!parts.some(bare)) return run as unknown as RunState;
  const kept = parts.map((part) => (bare(part) ? { ...part, data: undefined } : part));
  return { ...run, parts: kept } as unknown as RunState;
}

/** An empty state whose one issue is `message`. */
function emptyWith(message: string): ToolpaneState {
  return makeState(
    { format: initialState.format, runs: initialState.runs, toolCalls: initialState.toolCalls },
    {
      runs: AppendList.from<string>([]),
      calls: AppendList.from<string>([]),
      issues: AppendList.from<StreamIssue>([{ kind: 'invalid-chunk', message }]),
      unknown: AppendList.from<unknown>([]),
      cursor: {},
      repeats: NO_REPEATS,
    },
  );
}

/** Why a value is not a {@link SerializedState}, or undefined when it is one. */
function problemOf(value: unknown): string | undefined {
  if (!isRecord(value)) return 'a serialized state must be an object';
  if (value.version !== 1) return 'unknown version (expected 1)';
  if (!['unknown', 'mastra', 'ai-sdk'].includes(value.format as string))
    return 'format must be unknown, mastra or ai-sdk';
  if (
    !Array.isArray(value.runs) ||
    !value.runs.every((r) => isRecord(r) && typeof r.runId === 'string')
  )
    return 'runs must be an array of runs';
  if (
    !Array.isArray(value.toolCalls) ||
    !value.toolCalls.every((c) => isRecord(c) && typeof c.toolCallId === 'string')
  )
    return 'toolCalls must be an array of tool calls';
  if (!strings(value.runOrder) || !strings(value.toolCallOrder))
    return 'orders must be string arrays';
  if (!Array.isArray(value.issues) || !Array.isArray(value.unknownChunks))
    return 'issues and unknownChunks must be arrays';
  return undefined;
}

/**
 * Reads a {@link SerializedState} back into a state a store can start from
 * (`createToolpaneStore({ initialState })`). Never throws: anything that is not a serialized state
 * gives an empty state whose `issues` say why, and a run or call that cannot be read is left out
 * with an issue of its own.
 *
 * @example
 * // A client component
 * const [store] = useState(() =>
 *   createToolpaneStore({ initialState: deserializeState(snapshot) }),
 * );
 */
export function deserializeState(value: unknown): ToolpaneState {
  const problem = problemOf(value);
  if (problem !== undefined) return emptyWith(`Not a serialized Toolpane state: ${problem}`);
  try {
    return readState(value as SerializedState);
  } catch (error) {
    // A shape no check above foresaw: nothing of it, and an issue that says so.
    return emptyWith(`Not a serialized Toolpane state: ${(error as Error).message}`);
  }
}

/** A snapshot's state: runs and calls that cannot be read are left out, each with an issue. */
function readState(json: SerializedState): ToolpaneState {
  const dropped: StreamIssue[] = [];
  const keep = (what: string, id: unknown, problem: string | undefined) => {
    if (problem === undefined) return true;
    const name = typeof id === 'string' ? id : '?';
    dropped.push({
      kind: 'invalid-chunk',
      message: `Left out ${what} ${name} of a snapshot: ${problem}`,
    });
    return false;
  };
  const runs = (json.runs as Record<string, unknown>[])
    .filter((run) => keep('run', run.runId, runProblem(run)))
    .map((run) => [run.runId as string, runFromJson(run)] as const);
  // By key: a later run that repeats a toolCallId holds its call under `<toolCallId>#<n>`.
  const calls = (json.toolCalls as Record<string, unknown>[])
    .filter((call) => keep('call', call.toolCallId, callProblem(call)))
    .map((call) => {
      const value = callFromJson(call);
      return [value.key, value] as const;
    });
  const toolCalls = PersistentMap.from(calls);
  const held = new Set(runs.map(([runId]) => runId));
  const runOrder = json.runOrder.filter((runId) => held.has(runId));
  const callOrder = json.toolCallOrder.filter((key) => toolCalls.has(key));
  const issues = (json.issues as unknown[]).filter(
    (issue): issue is StreamIssue =>
      isRecord(issue) && typeof issue.kind === 'string' && typeof issue.message === 'string',
  );
  return makeState(
    {
      format: json.format,
      runs: PersistentMap.from(runs),
      toolCalls,
    },
    {
      runs: AppendList.from(runOrder),
      calls: AppendList.from(callOrder),
      issues: AppendList.from([...issues, ...dropped]),
      unknown: AppendList.from(json.unknownChunks),
      cursor: cursorFromJson(json) ?? cursorOf(json.format, runOrder),
      repeats: buildRepeats(toolCalls, callOrder),
    },
  );
}
