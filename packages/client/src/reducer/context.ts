import { createPartialJsonParser, type PartialJsonParser } from '../partial-json/partial-json.js';
import { AppendList } from '../state/append-list.js';
import type { Draft, Mutable } from '../state/draft.js';
import { RunRecord } from '../state/run-record.js';
import {
  type DisplayValue,
  expiredReason,
  HUMAN_TOOL_STATUSES,
  NO_VALUE,
  type RunState,
  type RunStatus,
  type StreamIssue,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type ToolCallStatus,
  type ToolKind,
} from '../state/state.js';
import { Vector } from '../state/vector.js';
import { markDisplayTransformed } from './hide.js';
import type { PartIndex } from './part-index.js';
import { redactExcerpt } from './redact.js';
import { type ClientTransforms, clientTransformFor } from './transform.js';
import { nestedCalls } from './tree.js';

const BACKGROUND_OPEN = new Set(['started', 'running', 'suspended']);

/** Options of the reducer. */
export interface ReduceOptions {
  /** Clock for `startedAt`/`endedAt`; the reducer reads no clock of its own. */
  readonly now?: () => number;
  /** Display transforms applied on the client when the server sends no transform metadata. */
  readonly transforms?: ClientTransforms;
  /**
   * Stream formats read besides Mastra's native chunks, e.g. `aiSdk` from
   * `@toolpane/client/ai-sdk` for AI SDK UI message streams.
   */
  readonly formats?: readonly StreamFormatSupport[];
  /**
   * Families of Mastra chunks read besides an agent's own, e.g. `network` from
   * `@toolpane/client/network` for agent networks (`agent.network()`). Without it their chunks are
   * kept as unknown chunks.
   */
  readonly families?: readonly ChunkFamilySupport[];
}

/**
 * Support for a family of Mastra chunks beyond an agent stream's own vocabulary. Families are
 * separate entry points (`@toolpane/client/network`), so apps that never stream them do not ship
 * them.
 */
export interface ChunkFamilySupport {
  readonly name: 'network';
  /**
   * Applies a chunk of the family at a scope and returns true; returns false, changing nothing,
   * for a chunk of another family. Malformed chunks become issues; nothing throws.
   */
  readonly apply: (ctx: Ctx, value: unknown, scope: Scope) => boolean;
}

/**
 * Support for a stream format other than Mastra's native chunks. Formats are separate entry points
 * (`@toolpane/client/ai-sdk`), so apps that read only native streams do not ship them.
 */
export interface StreamFormatSupport {
  /** The format `state.format` reports once a chunk of it arrived. */
  readonly name: 'ai-sdk';
  /** Whether a value (one without a Mastra envelope) is a chunk of this format. */
  readonly accepts: (value: unknown) => boolean;
  /** Applies a chunk this format accepts. Malformed chunks become issues; nothing throws. */
  readonly apply: (ctx: Ctx, value: unknown) => void;
}

/**
 * Working memory that is not part of the state: incremental input parsers and indexes. The store
 * keeps one for its lifetime; a pure `reduce` rebuilds what it needs.
 */
export interface Scratch {
  readonly parsers: Map<string, PartialJsonParser>;
  readonly taskCalls: Map<string, string>;
  /** The top-level run that `data-*` chunks (which carry no runId) belong to. */
  currentRunId?: string;
  /** AI SDK streams carry no runId: the synthetic run of the current message. */
  aiSdkRunId?: string;
  /** Wrapper chunks being unwrapped right now, one inside the other (bounded). */
  nesting: number;
  /** Where each run's text, reasoning and data parts sit. */
  readonly partIndexes: Map<string, PartIndex>;
  /**
   * Runs known to hold a display-transformed call, and runs whose calls were all looked at once:
   * after that, each call that turns display-transformed adds its run.
   */
  readonly displayRuns: Set<string>;
  readonly displayRunsRead: Set<string>;
}

/** Creates empty working memory for a reducer. */
export const createScratch = (): Scratch => ({
  parsers: new Map(),
  taskCalls: new Map(),
  nesting: 0,
  partIndexes: new Map(),
  displayRuns: new Set(),
  displayRunsRead: new Set(),
});

/** Where a chunk sits: top level, or nested inside an `agent-*` / `workflow-*` call. */
export interface Scope {
  readonly parentToolCallId: string | null;
  readonly depth: number;
}

/** The top-level scope. */
export const TOP: Scope = { parentToolCallId: null, depth: 0 };

/** Applies a value at a scope: the reducer's entry, which handlers call for wrapped chunks. */
export type ApplyValue = (ctx: Ctx, value: unknown, scope: Scope) => void;

/** Everything a reducer step needs. */
export interface Ctx {
  readonly draft: Draft;
  readonly options: ReduceOptions;
  readonly scratch: Scratch;
  /** The reducer's entry, for chunks that arrive wrapped inside other chunks. */
  readonly apply: ApplyValue;
}

/** The store clock, or undefined. */
export const now = (ctx: Ctx): number | undefined => ctx.options.now?.();

/** Moves a call to `status` unless it already ended; terminal states stay terminal. */
export function moveTo(call: Mutable<ToolCallState>, status: ToolCallStatus): void {
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  call.status = status;
  // The partial parse only matters while the arguments stream.
  if (status !== 'input-streaming') delete call.partialInput;
}

/** Stamps the call's end time from the store clock, when there is one. */
export function setEnded(ctx: Ctx, call: Mutable<ToolCallState>): void {
  const at = now(ctx);
  if (at !== undefined) call.endedAt = at;
}

/** `agent` for `agent-<key>`, `workflow` for `workflow-<key>`, else `tool`. */
export function toolKind(toolName: string): ToolKind {
  if (toolName.startsWith('agent-')) return 'agent';
  if (toolName.startsWith('workflow-')) return 'workflow';
  return 'tool';
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Records a stream issue, its texts clipped: they may quote a stream's hostile values. Its excerpt
 * keeps no payload strings (see {@link redactExcerpt}).
 */
export function addIssue(ctx: Ctx, issue: StreamIssue): void {
  const clipped: StreamIssue = {
    ...issue,
    message: clip(issue.message, 500),
    ...(issue.chunkType === undefined ? {} : { chunkType: clip(issue.chunkType, 100) }),
    ...(issue.excerpt === undefined ? {} : { excerpt: redactExcerpt(clip(issue.excerpt, 200)) }),
  };
  ctx.draft.appendIssue(clipped);
}

/** A short, safe excerpt of a value for an issue entry. */
export function excerpt(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    // BigInts, cycles and objects without a prototype cannot be stringified the usual way.
    try {
      text = String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The run, created on first sight; a continuation revives a waiting run. */
export function ensureRun(ctx: Ctx, runId: string, scope: Scope): Mutable<RunState> {
  const { draft } = ctx;
  const existing = draft.run(runId);
  if (existing !== undefined) {
    if (existing.status === 'waiting' || existing.status === 'interrupted') {
      existing.status = 'streaming';
      delete existing.error;
    }
    return existing;
  }
  const run: Mutable<RunState> = draft.adopt(
    new RunRecord(
      {
        runId,
        status: 'streaming',
        parentToolCallId: scope.parentToolCallId,
        depth: scope.depth,
        steps: [],
        ...(ctx.options.now ? { startedAt: ctx.options.now() } : {}),
      },
      Vector.empty(),
      AppendList.from([]),
    ),
  );
  draft.setRun(runId, run);
  if (scope.parentToolCallId === null) {
    draft.appendRun(runId);
    ctx.scratch.currentRunId = runId;
  } else {
    const parent = draft.toolCall(scope.parentToolCallId);
    if (parent !== undefined) draft.push(parent, 'childRunIds', runId);
  }
  return run;
}

/** The call, created on first sight under its run. */
export function ensureCall(
  ctx: Ctx,
  runId: string,
  scope: Scope,
  toolCallId: string,
  toolName: string | undefined,
): Mutable<ToolCallState> {
  const { draft } = ctx;
  const existing = draft.toolCall(toolCallId);
  if (existing !== undefined) {
    if (existing.toolName === '' && toolName) {
      existing.toolName = toolName;
      existing.kind = toolKind(toolName);
      // The name decides whether a client transform applies: what showed before it is hidden now.
      if (clientTransformFor(ctx.options.transforms, toolName) !== undefined) {
        markDisplayTransformed(ctx, existing);
      }
    }
    return existing;
  }
  const name = toolName ?? '';
  const clientTransform = clientTransformFor(ctx.options.transforms, name) !== undefined;
  const call: Mutable<ToolCallState> = draft.adopt({
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
  });
  draft.setToolCall(toolCallId, call);
  draft.appendCall(toolCallId);
  if (clientTransform) ctx.scratch.displayRuns.add(runId);
  const run = draft.run(runId) ?? ensureRun(ctx, runId, scope);
  draft.pushToolCallId(run, toolCallId);
  draft.pushPart(run, { type: 'tool-call', toolCallId });
  return call;
}

/** The incremental parser of a call's streamed input. */
export function parserFor(ctx: Ctx, call: ToolCallState): PartialJsonParser {
  let parser = ctx.scratch.parsers.get(call.toolCallId);
  if (parser === undefined) {
    parser = createPartialJsonParser();
    // A pure reduce starts without the parser of earlier chunks: catch up once.
    if (call.inputText !== '') parser.push(call.inputText);
    ctx.scratch.parsers.set(call.toolCallId, parser);
  }
  return parser;
}

/** Whether the call, or a call nested under it at any depth, waits for an approval or a resume. */
export function waitsForHuman(ctx: Ctx, toolCallId: string): boolean {
  const call = ctx.draft.root.toolCalls.get(toolCallId);
  if (call === undefined) return false;
  const waits = (c: ToolCallState) =>
    HUMAN_TOOL_STATUSES.has(c.status) && expiredReason(c) === undefined;
  if (waits(call)) return true;
  if (call.childRunIds.length === 0) return false;
  return nestedCalls(ctx.draft.root, call).some(waits);
}

/** Whether anything in the run waits for a person. */
export function runWaitsForHuman(ctx: Ctx, runId: string): boolean {
  const run = ctx.draft.root.runs.get(runId);
  return run?.toolCallIds.some((id) => waitsForHuman(ctx, id)) ?? false;
}

/**
 * Ends a run and every subagent run still open under it, at any depth. Calls that are not terminal
 * and do not wait for a person end in `output-error` with `reason`, so nothing spins forever.
 */
export function endRun(
  ctx: Ctx,
  runId: string,
  status: Exclude<RunStatus, 'streaming'>,
  reason: string | undefined,
): void {
  const { draft } = ctx;
  const at = now(ctx);
  const ended: string[] = [];
  const seen = new Set<string>();
  const work = [runId];
  while (work.length > 0) {
    const id = work.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const run = draft.run(id);
    if (run === undefined) continue;
    run.status = status;
    if (reason !== undefined && status !== 'finished' && run.error === undefined)
      run.error = reason;
    if (at !== undefined) run.endedAt = at;
    ended.push(id);
    for (const toolCallId of run.toolCallIds) {
      for (const childRunId of draft.root.toolCalls.get(toolCallId)?.childRunIds ?? []) {
        if (draft.root.runs.get(childRunId)?.status === 'streaming') work.push(childRunId);
      }
    }
  }
  // Innermost runs first, as a person would see them end.
  for (let i = ended.length - 1; i >= 0; i--) {
    endOpenCalls(ctx, ended[i]!, reason, status === 'aborted');
  }
}

/**
 * Ends the calls of an ended run that are still open, unless a person or a background task holds
 * them: in `output-aborted` when the run was `aborted` (a stop, not a failure; the reason stays on
 * the run), else in `output-error` with `reason`. Writes only the calls it ends.
 */
export function endOpenCalls(
  ctx: Ctx,
  runId: string,
  reason: string | undefined,
  aborted = false,
): void {
  const { draft } = ctx;
  const at = now(ctx);
  for (const toolCallId of draft.root.runs.get(runId)?.toolCallIds ?? []) {
    const call = draft.root.toolCalls.get(toolCallId);
    if (call === undefined || TERMINAL_TOOL_STATUSES.has(call.status)) continue;
    if (waitsForHuman(ctx, toolCallId)) continue;
    // A background task outlives the run that started it.
    if (call.background !== undefined && BACKGROUND_OPEN.has(call.background.status)) continue;
    const editable = draft.toolCall(toolCallId)!;
    if (aborted) {
      moveTo(editable, 'output-aborted');
    } else {
      moveTo(editable, 'output-error');
      editable.error = ownMessage(editable, reason ?? 'The run finished before this tool call did');
    }
    if (at !== undefined) editable.endedAt = at;
  }
}

/**
 * Toolpane's own text in a call's error slot. It is no value of the tool, but a call under a
 * display transform shows nothing raw, so there it is the message of a hidden value.
 */
export function ownMessage(call: ToolCallState, message: string): DisplayValue {
  return call.displayTransform === 'display'
    ? { kind: 'hidden', reason: 'failed', message }
    : { kind: 'raw', value: message };
}
