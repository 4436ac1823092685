import type { MastraChunk } from '../chunks/mastra.js';
import { checkChunk } from '../chunks/parse.js';
import { callKeyFor } from '../reducer/call-key.js';
import { addInvalid, addIssue, type Ctx, excerpt, type Scope } from '../reducer/context.js';
import { withoutEchoes } from '../reducer/echo.js';
import { errorText, isRefusal } from '../reducer/error-text.js';
import { ensureCall, otherCall, ownMessage } from '../reducer/lifecycle.js';
import { reopenNamed } from '../reducer/reopen.js';
import { finalInside, skippedInside } from '../reducer/replay.js';
import { placeholder } from '../reducer/transform.js';
import { setUndoably } from '../reducer/undo.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { addProgress } from './tools.js';

type Chunk<T extends MastraChunk['type']> = Extract<MastraChunk, { type: T }>;

const MAX_NESTING = 64;

/**
 * Applies a chunk found inside a wrapper through the reducer's entry (`ctx.apply`). The depth of
 * wrappers being applied right now is counted in the working memory, and bounded: a hostile stream
 * of deeply nested wrappers must not exhaust the call stack.
 */
export function applyNested(ctx: Ctx, value: unknown, scope: Scope, wrapper: string): void {
  const { scratch } = ctx;
  if (scratch.nesting >= MAX_NESTING) {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message: `Nested chunk: more than ${MAX_NESTING} levels of ${wrapper} wrappers`,
      chunkType: wrapper,
      excerpt: excerpt(value),
    });
    return;
  }
  scratch.nesting++;
  try {
    ctx.apply(ctx, value, scope);
  } finally {
    scratch.nesting--;
  }
}

const CHUNK_SOURCES = new Set(['AGENT', 'WORKFLOW', 'NETWORK', 'USER']);

/** Whether a `tool-output` carries a chunk of a nested run rather than a tool's own progress. */
function isNestedChunk(value: unknown): boolean {
  // An agent step's chunks come wrapped in `workflow-step-output`, which is sent from USER. Any
  // wrapper from USER around a chunk is one: shown as progress, it would show that chunk raw.
  // Followed in a loop, however deep the wrappers go.
  for (let v = value; typeof v === 'object' && v !== null; ) {
    const { type, from, payload } = v as { type?: unknown; from?: unknown; payload?: never };
    if (typeof type !== 'string' || !CHUNK_SOURCES.has(from as string)) return false;
    if (from !== 'USER' || type === 'tool-output') return true;
    v = (payload as { output?: unknown } | undefined)?.output;
  }
  return false;
}

/**
 * A chunk of the run inside call `key` whose runId names a run that is not inside that call (a
 * subagent run repeating its parent's id, say, which Mastra never sends), given a run of its own:
 * its id joined with the call's key. Without it the subagent's chunks would land in, and its end
 * would end, the other run.
 */
function ownRun(ctx: Ctx, value: unknown, key: string): unknown {
  const { runId } = value as { runId?: unknown };
  const run = typeof runId === 'string' ? ctx.draft.root.runs.get(runId) : undefined;
  if (run === undefined || run.parentToolCallId === key) return value;
  return { ...(value as object), runId: `${runId as string}@${key}` };
}

const WORKFLOW_RUNS = 'workflow-runs';

/**
 * The call each workflow ran inside, by the workflow's run id: read from the state's calls on its
 * first use in a scratch (a pure `reduce` finds what a store finds), then kept by
 * {@link noteWorkflowRun}.
 */
function workflowRuns(ctx: Ctx): Map<string, string> {
  const { indexes } = ctx.scratch;
  let index = indexes.get(WORKFLOW_RUNS) as Map<string, string> | undefined;
  if (index === undefined) {
    index = new Map();
    for (const call of ctx.draft.root.toolCalls.values()) {
      const id = call.workflow?.runId;
      if (id !== undefined && !index.has(id)) index.set(id, call.key);
    }
    // Read from calls a rollback may take back: read again after one.
    setUndoably(ctx.draft.undo, indexes, WORKFLOW_RUNS, index);
  }
  return index;
}

/** Notes that workflow run `runId` runs inside call `key`, once the index is in use. */
export function noteWorkflowRun(ctx: Ctx, runId: string, key: string): void {
  const index = ctx.scratch.indexes.get(WORKFLOW_RUNS) as Map<string, string> | undefined;
  if (index !== undefined && !index.has(runId)) setUndoably(ctx.draft.undo, index, runId, key);
}

const ended = (call: ToolCallState) => TERMINAL_TOOL_STATUSES.has(call.status);

/**
 * The call whose subagent run or workflow a wrapped chunk belongs to, when that is an earlier call
 * of the same run with the same toolCallId (a model that numbers its calls per step, its stream
 * sent again): the newest call with the id would take the earlier call's run. A call still open
 * keeps what comes while an ended one's run id is seen again (a nested run that repeats its id).
 */
function runOwner(
  ctx: Ctx,
  output: unknown,
  runId: string,
  toolCallId: string,
  newest: ToolCallState | undefined,
): ToolCallState | undefined {
  const inner = (output as { runId?: unknown }).runId;
  if (typeof inner !== 'string' || newest?.workflow?.runId === inner) return undefined;
  const { root } = ctx.draft;
  const ownerKey =
    root.runs.get(inner)?.parentToolCallId ??
    // Only an ended call's stream is sent again: a live one never reads the index.
    (newest === undefined || ended(newest) ? workflowRuns(ctx).get(inner) : undefined);
  if (ownerKey == null || ownerKey === newest?.key) return undefined;
  const owner = root.toolCalls.get(ownerKey);
  if (owner === undefined || owner.toolCallId !== toolCallId || owner.runId !== runId) return;
  return newest !== undefined && ended(owner) && !ended(newest) ? undefined : owner;
}

/** The scope of what runs inside a call: made once per call (and depth), then reused. */
function scopeInside(ctx: Ctx, key: string, depth: number): Scope {
  const known = ctx.scratch.scopes.get(key);
  if (known !== undefined && known.depth === depth) return known;
  const scope: Scope = { parentToolCallId: key, depth };
  setUndoably(ctx.draft.undo, ctx.scratch.scopes, key, scope);
  return scope;
}

/**
 * `tool-output` wraps what runs inside a tool: a subagent's or workflow's chunks (unwrapped here at
 * any depth, one scope level per wrapper) or the tool's own preliminary output.
 */
export function reduceToolOutput(ctx: Ctx, chunk: Chunk<'tool-output'>, scope: Scope): void {
  const { toolCallId, output } = chunk.payload;
  const raw = (chunk.payload as { toolName?: unknown }).toolName;
  const toolName = typeof raw === 'string' ? raw : undefined;
  // Most wrappers belong to a call that is already known and complete: taking a writable copy of
  // it for each would give it a new identity per nested chunk and re-render whatever shows it.
  const nested = isNestedChunk(output);
  const knownKey = callKeyFor(ctx, chunk.runId, toolCallId, 'continue', scope);
  const newest = knownKey === undefined ? undefined : ctx.draft.root.toolCalls.get(knownKey);
  const owner = nested ? runOwner(ctx, output, chunk.runId, toolCallId, newest) : undefined;
  // An earlier call the stream sent again names by its run reopens as its id would.
  if (owner !== undefined) reopenNamed(ctx, owner.key);
  const known = owner === undefined ? newest : ctx.draft.root.toolCalls.get(owner.key);
  // What runs inside a call of another tool than the open call it names is not that call's.
  if (otherCall(ctx, known?.key, toolCallId, toolName)) return;
  // Sent again (see reducer/replay.ts), what ran inside a call that ended is final.
  if (known !== undefined && finalInside(ctx, chunk.runId, known)) {
    skippedInside(ctx);
    return;
  }
  const key =
    known === undefined || (known.toolName === '' && toolName !== undefined)
      ? ensureCall(ctx, chunk.runId, scope, toolCallId, toolName).key
      : known.key;
  const target = ctx.draft.root.toolCalls.get(key);
  // A tool with a display transform that pipes a stream of its own into its writer (an agent it
  // runs): what it pipes is its output, which Mastra does not transform; read as a run, it would
  // show what the transform hides. It is the tool's progress, hidden as the transform hides it.
  if (nested && target?.kind === 'tool' && target.displayTransform === 'display') {
    addProgress(ctx, chunk.runId, scope, toolCallId, output);
    return;
  }
  if (nested) {
    applyNested(
      ctx,
      ownRun(ctx, output, key),
      scopeInside(ctx, key, scope.depth + 1),
      'tool-output',
    );
    return;
  }
  const type = (output as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && type.startsWith('data-')) {
    applyNested(ctx, output, scope, 'tool-output');
    return;
  }
  // A tool in the background reports each write as `background-task-output`; while the agent's
  // stream is still open the same write also comes as a plain `tool-output`, kept only once.
  if (ctx.draft.root.toolCalls.get(key)?.background?.taskId !== undefined) return;
  // A workflow step's `writer.write(value)` comes as `workflow-step-output`: the value is progress.
  const written = type === 'workflow-step-output' ? stepOutput(output) : undefined;
  addProgress(ctx, chunk.runId, scope, toolCallId, written ?? output);
}

/** What a `workflow-step-output` from USER carries, or undefined when it is not one. */
function stepOutput(value: unknown): unknown {
  const { from, payload } = value as { from?: unknown; payload?: { output?: unknown } };
  return from === 'USER' && typeof payload === 'object' && payload !== null
    ? payload.output
    : undefined;
}

/** A `background-task-*` chunk: news of a tool call that runs in the background. */
export type BackgroundChunk = Extract<MastraChunk, { type: `background-task-${string}` }>;

const BACKGROUND_STATUS = {
  'background-task-started': 'started',
  'background-task-running': 'running',
  'background-task-resumed': 'running',
  'background-task-output': 'running',
  'background-task-suspended': 'suspended',
  'background-task-completed': 'completed',
  'background-task-failed': 'failed',
  'background-task-cancelled': 'cancelled',
} as const satisfies Record<Exclude<BackgroundChunk['type'], 'background-task-progress'>, string>;

/**
 * The key of the call a background task belongs to. On the first miss of a scratch, the calls the
 * state already holds are read once, so a pure `reduce` (a fresh scratch per chunk) finds the
 * call a store, which saw every chunk, would find.
 */
export function taskCallOf(ctx: Ctx, taskId: string): string | undefined {
  const { scratch } = ctx;
  if (!scratch.taskCalls.has(taskId) && !scratch.taskCallsRead) {
    scratch.taskCallsRead = true;
    // Read from calls a rollback may take back: read again after one.
    ctx.draft.undo.push(() => {
      scratch.taskCalls.clear();
      scratch.taskCallsRead = false;
    });
    // The latest call a task was handed to holds it, as when the store saw them come (a stream
    // sent again hands the task to the call it makes again).
    for (const call of ctx.draft.root.toolCalls.values()) {
      const id = call.background?.taskId;
      if (id !== undefined) scratch.taskCalls.set(id, call.key);
    }
  }
  return scratch.taskCalls.get(taskId);
}

/** Applies a `background-task-*` chunk to the call that runs in the background. */
export function reduceBackgroundTask(ctx: Ctx, chunk: BackgroundChunk, scope: Scope): void {
  if (chunk.type === 'background-task-progress') {
    for (const taskId of chunk.payload.taskIds) {
      const key = taskCallOf(ctx, taskId);
      const { elapsedMs } = chunk.payload;
      // Read first: a call is copied only when the report changes it.
      const background = key && ctx.draft.root.toolCalls.get(key)?.background;
      if (!background || elapsedMs === undefined || background.elapsedMs === elapsedMs) continue;
      ctx.draft.toolCall(key)!.background = { ...background, elapsedMs };
    }
    return;
  }
  const p = chunk.payload as Record<string, unknown> & { taskId: string; toolCallId: string };
  const status = BACKGROUND_STATUS[chunk.type];
  const toolName = typeof p.toolName === 'string' ? p.toolName : undefined;
  // A task outlives its run: later chunks may come with another run, or none.
  // The call that holds the task is read first, and copied only when it is the one this chunk
  // names: a task claimed by another call (a toolCallId that does not match) leaves that call be.
  const mapped = taskCallOf(ctx, p.taskId);
  const byTask = mapped === undefined ? undefined : ctx.draft.root.toolCalls.get(mapped);
  // Sent again, a task's news of a call that ended is old news.
  const same = byTask !== undefined && byTask.toolCallId === p.toolCallId;
  if (same && finalInside(ctx, chunk.runId, byTask)) {
    skippedInside(ctx);
    return;
  }
  const call = same
    ? ctx.draft.toolCall(byTask.key)!
    : ensureCall(ctx, chunk.runId, scope, p.toolCallId, toolName, 'any');
  setUndoably(ctx.draft.undo, ctx.scratch.taskCalls, p.taskId, call.key);
  // A task's error is the tool's own value: under a display transform only a placeholder shows.
  const error =
    status === 'failed'
      ? call.displayTransform === 'display'
        ? placeholder('error')
        : errorText(p.error)
      : status === 'cancelled'
        ? 'Background task cancelled'
        : undefined;
  call.background = { ...call.background, taskId: p.taskId, status, ...(error ? { error } : {}) };
  if (chunk.type === 'background-task-output') {
    const inner = p.payload as { payload?: { output?: unknown } } | undefined;
    addProgress(ctx, chunk.runId, scope, p.toolCallId, inner?.payload?.output ?? inner);
  } else if (TERMINAL_TOOL_STATUSES.has(call.status)) {
    // The call already ended (e.g. with its run): terminal states stay terminal.
  } else if (status === 'completed') {
    call.raw = { ...call.raw, output: p.result };
    // Mastra's refusal of the arguments (or the output) is a result too: the call failed.
    const failed = p.isError === true || isRefusal(p.result);
    if (call.displayTransform === 'display') call.output = { kind: 'hidden', reason: 'pending' };
    else if (failed)
      call.error = withoutEchoes(call, { kind: 'raw', value: errorText(p.result) }, true);
    else call.output = { kind: 'raw', value: p.result };
    call.status = failed ? 'output-error' : 'output-available';
  } else if (error !== undefined) {
    if (status === 'failed') call.raw = { ...call.raw, error: p.error };
    call.error = ownMessage(call, error);
    call.status = 'output-error';
  } else if (status === 'suspended') {
    call.raw = { ...call.raw, suspendPayload: p.suspendPayload };
  }
}

/** Checks a chunk found inside a wrapper; a malformed one becomes an issue (and undefined). */
export function parseNested(ctx: Ctx, value: unknown) {
  const chunk = checkChunk(value);
  if (typeof chunk === 'string') {
    addInvalid(ctx, `Nested chunk: ${chunk}`, value);
    return undefined;
  }
  return chunk;
}
