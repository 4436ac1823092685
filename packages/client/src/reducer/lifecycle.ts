/*
 * The life of runs and calls: created on first sight, moved between statuses, ended with their run.
 */
import { createPartialJsonParser, type PartialJsonParser } from '../partial-json/partial-json.js';
import { AppendList } from '../state/append-list.js';
import type { Mutable } from '../state/draft.js';
import { noteRepeat } from '../state/draft-repeats.js';
import { findCallKey, freeCallKey } from '../state/identity.js';
import { topLevelCall } from '../state/repeats.js';
import { RunRecord, reviveRun } from '../state/run-record.js';
import {
  type DisplayValue,
  NO_VALUE,
  type RunState,
  type RunStatus,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type ToolCallStatus,
  type ToolKind,
} from '../state/state.js';
import { Vector } from '../state/vector.js';
import { type CallMode, callKeyFor } from './call-key.js';
import { addIssue, type Ctx, now, type Scope, type StopScope } from './context.js';
import { messageWithoutEchoes, withoutEchoes } from './echo.js';
import { markDisplayTransformed, noteDisplayRun } from './hide.js';
import { closeOpenParts } from './parts.js';
import { reopenNamed } from './reopen.js';
import { endReplay } from './replay.js';
import { endScope, noteEnded } from './run-ends.js';
import { clientTransformFor } from './transform.js';
import { pushUndoably } from './undo.js';
import { holdsRequest } from './waiting.js';
import { endWorkflow } from './workflow.js';

const BACKGROUND_OPEN = new Set(['started', 'running', 'suspended']);

/** Moves a call to `status` unless it already ended; terminal states stay terminal. */
export function moveTo(call: Mutable<ToolCallState>, status: ToolCallStatus): void {
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  call.status = status;
  // The partial parse only matters while the arguments stream.
  if (status !== 'input-streaming') delete call.partialInput;
  if (status !== 'input-available') delete call.awaitingClient;
}

/**
 * A run that finished on `tool-calls` left these calls without a result: Mastra will not run
 * them (client-side tools, or tools with no `execute`), so they wait for the app's result. They
 * stay `input-available`, marked `awaitingClient`, and do not end with the run. (A tool that gave
 * up on the abort signal leaves the same chunks; a user's stop ends the run before its `finish`.)
 */
export function awaitClient(ctx: Ctx, runId: string): void {
  const { draft } = ctx;
  for (const toolCallId of draft.root.runs.get(runId)?.toolCallIds ?? []) {
    const call = draft.root.toolCalls.get(toolCallId);
    if (call?.status !== 'input-available' || call.awaitingClient === true) continue;
    if (call.background !== undefined) continue;
    draft.toolCall(toolCallId)!.awaitingClient = true;
  }
}

/** Stamps the call's end from the store clock, if any; a workflow call's workflow ends too. */
export function setEnded(ctx: Ctx, call: Mutable<ToolCallState>): void {
  const at = now(ctx);
  if (at !== undefined) call.endedAt = at;
  endWorkflow(ctx, call);
}

/** `agent` for `agent-<key>`, `workflow` for `workflow-<key>`, else `tool`. */
export function toolKind(toolName: string): ToolKind {
  if (toolName.startsWith('agent-')) return 'agent';
  if (toolName.startsWith('workflow-')) return 'workflow';
  return 'tool';
}

/** Whether a chunk of the run revives it: it waited, or the stream that carried it broke off. */
export const revivedByChunk = (run: RunState): boolean =>
  run.status === 'waiting' || run.status === 'interrupted';

/**
 * {@link ensureRun} for a chunk about a call rather than its run: the run is created or revived
 * when it must be, and otherwise left as it is, so that it keeps its identity and the subscribers
 * of the run alone are not woken.
 */
export function touchRun(ctx: Ctx, runId: string, scope: Scope): void {
  const current = ctx.draft.root.runs.get(runId);
  if (current === undefined || revivedByChunk(current)) ensureRun(ctx, runId, scope);
}

/** The run, created on first sight; a continuation revives a waiting run. */
export function ensureRun(ctx: Ctx, runId: string, scope: Scope): Mutable<RunState> {
  const { draft } = ctx;
  const existing = draft.run(runId);
  if (existing !== undefined) {
    if (revivedByChunk(existing)) reviveRun(existing);
    return existing;
  }
  const run: Mutable<RunState> = new RunRecord(
    {
      runId,
      status: 'streaming',
      parentToolCallId: scope.parentToolCallId,
      depth: scope.depth,
      ...(ctx.options.now ? { startedAt: ctx.options.now() } : {}),
    },
    Vector.empty(),
    AppendList.from([]),
  );
  draft.setRun(runId, run);
  if (scope.parentToolCallId === null) {
    draft.append('runs', runId);
    draft.moveCursor('currentRunId', runId);
  } else {
    const parent = draft.toolCall(scope.parentToolCallId);
    if (parent !== undefined) draft.push(parent, 'childRunIds', runId);
  }
  return run;
}

/**
 * Whether a chunk of run `runId` for a call of `toolName` (one that begins, ends or wraps what runs
 * inside it, or a subagent snapshot's entry) names an open call of another tool there (parallel
 * calls given one id): it is refused with an issue, so the call keeps what it received. Only a
 * request names a call by another tool (Mastra repeats a subagent's request one level up, on the
 * `agent-*` call, with the inner tool's name; requests are not checked here), so a call such a
 * request named first may then hear of its own `agent-*` tool.
 */
export const otherTool = (ctx: Ctx, runId: string, toolCallId: string, toolName: unknown) =>
  otherCall(ctx, findCallKey(ctx.draft.root, toolCallId, runId), toolCallId, toolName);

/** {@link otherTool} for the call with key `key`, looked up already. */
export function otherCall(
  ctx: Ctx,
  key: string | undefined,
  toolCallId: string,
  toolName: unknown,
): boolean {
  const call = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  if (!call?.toolName || typeof toolName !== 'string' || !toolName || toolName === call.toolName)
    return false;
  // Named first by such a request (with the inner tool's name), it hears of its `agent-*` tool.
  if (call.approval?.toolName === call.toolName && toolName.startsWith('agent-')) return false;
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return false;
  const message = `A chunk for ${toolName} names call ${toolCallId} of ${call.toolName}`;
  addIssue(ctx, { kind: 'invalid-chunk', message });
  return true;
}

/**
 * The call a chunk names, created on first sight under its run. A later run that repeats a
 * toolCallId gets a call of its own (see `state/identity.ts` and {@link CallMode}). `known` is the
 * key mode `open` finds, when the caller looked it up already (for {@link otherCall}).
 */
export function ensureCall(
  ctx: Ctx,
  runId: string,
  scope: Scope,
  toolCallId: string,
  toolName: string | undefined,
  mode: CallMode = 'continue',
  known?: string,
): Mutable<ToolCallState> {
  const { draft } = ctx;
  const found = known ?? callKeyFor(ctx, runId, toolCallId, mode, scope);
  if (known) reopenNamed(ctx, known);
  const existing = found === undefined ? undefined : draft.toolCall(found);
  if (existing !== undefined) {
    if (existing.toolName === '' && toolName) {
      existing.toolName = toolName;
      existing.kind = toolKind(toolName);
      pushUndoably(ctx.draft.undo, ctx.scratch.namedLate, existing.key);
      // The name decides whether a client transform applies: what showed before it is hidden now.
      if (clientTransformFor(ctx.options.transforms, toolName) !== undefined) {
        markDisplayTransformed(ctx, existing);
      }
    }
    return existing;
  }
  const name = toolName ?? '';
  const clientTransform = clientTransformFor(ctx.options.transforms, name) !== undefined;
  const key = freeCallKey(draft.root, toolCallId);
  const call: Mutable<ToolCallState> = {
    key,
    toolCallId,
    toolName: name,
    kind: toolKind(name),
    status: 'input-streaming',
    runId,
    parentToolCallId: scope.parentToolCallId,
    inputText: '',
    input: NO_VALUE,
    output: NO_VALUE,
    error: NO_VALUE,
    raw: {},
    displayTransform: clientTransform ? 'display' : 'unknown',
    progress: [],
    childRunIds: [],
    ...(ctx.options.now ? { startedAt: ctx.options.now() } : {}),
  };
  draft.setToolCall(key, call);
  draft.append('calls', key);
  // A call the run did not have: a run sent again went on past where it was read before.
  endReplay(ctx, runId);
  if (key !== toolCallId) noteRepeat(draft, call, topLevelCall(draft.root.toolCalls, call).runId);
  if (clientTransform) noteDisplayRun(ctx, runId);
  const run = draft.run(runId) ?? ensureRun(ctx, runId, scope);
  draft.pushToolCallId(run, key);
  draft.pushPart(run, { type: 'tool-call', toolCallId: key });
  return call;
}

/**
 * Whether a parser's text is not the input a call holds: it holds all of it, or, once the text
 * proved invalid, what it read up to and including the delta with the error.
 */
const stale = (parser: PartialJsonParser, input: string) =>
  parser.snapshot.error === undefined
    ? parser.text.length !== input.length
    : parser.text.length > input.length;

/**
 * The incremental parser of a call's streamed input. A parser is only used while its call's input
 * streams, and holds as much as the input again: the parsers of calls that moved on are dropped in
 * sweeps, each made once the map has doubled since the last, so a long run keeps about as many
 * parsers as calls stream at once, at an amortized O(1) per parser made.
 */
export function parserFor(ctx: Ctx, call: ToolCallState): PartialJsonParser {
  const { scratch } = ctx;
  const { parsers } = scratch;
  let parser = parsers.get(call.key);
  // A parser fed more than the call holds was fed by chunks a rollback took back: made again.
  if (parser !== undefined && stale(parser, call.inputText)) parser = undefined;
  if (parser === undefined) {
    if (parsers.size >= scratch.parserSweep) {
      for (const key of parsers.keys()) {
        if (ctx.draft.root.toolCalls.get(key)?.status !== 'input-streaming') parsers.delete(key);
      }
      scratch.parserSweep = Math.max(64, 2 * parsers.size);
    }
    parser = createPartialJsonParser();
    // A pure reduce starts without the parser of earlier chunks: catch up once.
    if (call.inputText !== '') parser.push(call.inputText);
    parsers.set(call.key, parser);
  }
  return parser;
}

/**
 * Ends a run and every subagent run still open under it, at any depth. Calls that are not terminal
 * and do not wait for a person end in `output-error` with `reason`, so nothing spins forever.
 * A stream's stop passes what it found open as `scope`.
 */
export function endRun(
  ctx: Ctx,
  runId: string,
  status: Exclude<RunStatus, 'streaming'>,
  reason: string | undefined,
  brokenOff = false,
  scope?: StopScope,
): void {
  const { draft } = ctx;
  const at = now(ctx);
  // What a stop found open, or what came and changed since each run's last end.
  const looked = scope ?? endScope(ctx, status === 'aborted');
  const ended: string[] = [];
  const seen = new Set<string>();
  const work = [runId];
  while (work.length > 0) {
    const id = work.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const current = draft.root.runs.get(id);
    if (current === undefined) continue;
    const addsError = reason !== undefined && status !== 'finished' && current.error === undefined;
    // A run that already ended this way keeps its end (and its identity).
    if (
      current.status !== status ||
      addsError ||
      (at !== undefined && current.endedAt === undefined)
    ) {
      const run = draft.run(id)!;
      run.status = status;
      if (addsError) run.error = reason;
      if (at !== undefined) run.endedAt = at;
    }
    ended.push(id);
    for (const child of looked.runsUnder(id)) {
      if (draft.root.runs.get(child)?.status === 'streaming') work.push(child);
    }
  }
  // Innermost runs first, as a person would see them end; no text of theirs stays open.
  for (let i = ended.length - 1; i >= 0; i--) {
    const calls = looked.callsOf(ended[i]!);
    endOpenCalls(ctx, ended[i]!, reason, status === 'aborted', brokenOff, calls);
    closeOpenParts(ctx, ended[i]!);
  }
  noteEnded(ctx, ended, looked, scope !== undefined);
}

/**
 * Ends the calls of an ended run that are still open, unless a person or a background task holds
 * them: in `output-aborted` when the run was `aborted` (a stop, not a failure; the reason stays on
 * the run), else in `output-error` with `reason`. Writes only the calls it ends. `calls` are the
 * run's calls that may be open (all of them when not given).
 */
export function endOpenCalls(
  ctx: Ctx,
  runId: string,
  reason: string | undefined,
  aborted = false,
  brokenOff = false,
  calls: readonly string[] = ctx.draft.root.runs.get(runId)?.toolCallIds ?? [],
): void {
  const { draft } = ctx;
  const at = now(ctx);
  for (const toolCallId of calls) {
    const call = draft.root.toolCalls.get(toolCallId);
    if (call === undefined || TERMINAL_TOOL_STATUSES.has(call.status)) continue;
    // A request that expired keeps what it asked, as one that waits does.
    if (holdsRequest(ctx, call)) continue;
    // Waits for the app's result (see awaitClient), which a finished run does not cancel.
    if (call.awaitingClient === true && !aborted) continue;
    // A background task outlives the run that started it.
    if (call.background !== undefined && BACKGROUND_OPEN.has(call.background.status)) continue;
    const editable = draft.toolCall(toolCallId)!;
    if (brokenOff && !aborted) editable.brokenOff = call.status;
    if (aborted) {
      moveTo(editable, 'output-aborted');
    } else {
      moveTo(editable, 'output-error');
      editable.error = ownMessage(editable, reason ?? 'The run finished before this tool call did');
    }
    if (at !== undefined) editable.endedAt = at;
    endWorkflow(ctx, editable);
  }
}

/**
 * Toolpane's own text in a call's error slot. It is no value of the tool, but a call under a
 * display transform shows nothing raw, so there it is the message of a hidden value.
 */
export function ownMessage(call: ToolCallState, message: string): DisplayValue {
  return call.displayTransform === 'display'
    ? { kind: 'hidden', reason: 'failed', message: messageWithoutEchoes([call], message) }
    : withoutEchoes(call, { kind: 'raw', value: message }, true);
}
