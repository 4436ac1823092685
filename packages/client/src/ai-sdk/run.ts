import type { NativeChunk } from '../chunks/mastra.js';
import { parseMastraChunk } from '../chunks/parse.js';
import { type BackgroundChunk, reduceBackgroundTask } from '../mastra/nested.js';
import { type Ctx, TOP } from '../reducer/context.js';
import { errorMessage } from '../reducer/error-text.js';
import { freeName } from '../reducer/free-name.js';
import { runErrorShown } from '../reducer/hide.js';
import { awaitClient, endRun, ensureRun, revivedByChunk } from '../reducer/lifecycle.js';
import {
  appendText,
  closeTextPart,
  currentTextPart,
  dataRunId,
  editTextPart,
  putDataPart,
} from '../reducer/parts.js';
import {
  beginReplay,
  endReplay,
  nothingSent,
  replayedRun,
  replayOf,
  replayPart,
  replayText,
  sentAgain,
} from '../reducer/replay.js';
import type { Mutable } from '../state/draft.js';
import { reviveRun } from '../state/run-record.js';
import type { RunPart, RunState } from '../state/state.js';
import { listsOf } from '../state/state-root.js';
import { invalid, isRecord, nonEmpty, type Value } from './chunk.js';

/*
 * AI SDK streams carry no runId: each assistant message gets a synthetic top-level run, keyed by
 * its `messageId` when it has one.
 */

/**
 * A run id for a message that arrived without a `messageId`: the first free `ai-sdk-run-<n>` from
 * the number of top-level runs on.
 */
function newRunId(ctx: Ctx): string {
  const { root } = ctx.draft;
  const taken = (id: string) => root.runs.has(id);
  const from = listsOf(root).runs.length + 1;
  return freeName(ctx.draft, 'ai-sdk', from, (n) => `ai-sdk-run-${n}`, taken);
}

/** The run the current message belongs to (the state's cursor keeps it). */
export function currentRunId(ctx: Ctx): string | undefined {
  const id = ctx.draft.cursor().aiSdkRunId;
  return id !== undefined && ctx.draft.root.runs.has(id) ? id : undefined;
}

/** The current message's run, created when chunks arrive before any `start`. */
export function topRun(ctx: Ctx): Mutable<RunState> {
  const runId = currentRunId(ctx) ?? newRunId(ctx);
  ctx.draft.moveCursor('aiSdkRunId', runId);
  return ensureRun(ctx, runId, TOP);
}

/**
 * The id of the current message's run, for chunks that may not change the run itself: the run is
 * created or revived when needed, and otherwise left as it is (not copied).
 */
export function topRunId(ctx: Ctx): string {
  const current = currentRunId(ctx);
  const run = current === undefined ? undefined : ctx.draft.root.runs.get(current);
  return run !== undefined && !revivedByChunk(run) ? run.runId : topRun(ctx).runId;
}

/** `start` opens the run of a message, or continues the run the message already has. */
export function onStart(ctx: Ctx, value: Value): void {
  const messageId = nonEmpty(value.messageId);
  const { runs } = ctx.draft.root;
  const current = currentRunId(ctx);
  const open = current === undefined ? undefined : runs.get(current);
  let runId: string;
  let replay = false;
  if (messageId !== undefined && runs.has(messageId)) {
    // The same assistant message continues after an approval or the app's result (the run waits,
    // or stopped on its tool calls); otherwise the stream sends it again from its start.
    runId = messageId;
    // A run that waits for a person or for the app's results, and got nothing from either (no
    // decision, resume or result was sent for it), cannot go on: it is sent again too.
    const known = runs.get(messageId)!;
    const waitsStill = nothingSent(ctx, known);
    replay = waitsStill || (known.status !== 'waiting' && known.finishReason !== 'tool-calls');
    // Its steps, text and parts are read once too when it had ended (see reducer/replay.ts).
    if (sentAgain(known) || waitsStill) beginReplay(ctx, messageId, true);
    else endReplay(ctx);
  } else if (open?.status === 'streaming' && open.messageId === undefined) {
    endReplay(ctx);
    // Chunks that came before this `start` already opened the run.
    runId = open.runId;
  } else {
    endReplay(ctx);
    runId = messageId ?? newRunId(ctx);
  }
  ctx.draft.moveCursor('aiSdkRunId', runId);
  ctx.draft.moveCursor('currentRunId', runId);
  ctx.draft.moveCursor('aiSdkReplayRunId', replay ? runId : '');
  const known = runs.get(runId);
  // A start that repeats what the run already says leaves it as it is.
  if (known?.status === 'streaming' && (messageId === undefined || known.messageId === messageId))
    return;
  const run = ensureRun(ctx, runId, TOP);
  if (run.status !== 'streaming') reviveRun(run);
  if (messageId !== undefined) run.messageId = messageId;
}

/** `finish` ends the current message's run. */
export function onFinish(ctx: Ctx, value: Value): void {
  const runId = topRunId(ctx);
  const run = ctx.draft.root.runs.get(runId)!;
  const reason = nonEmpty(value.finishReason);
  // @mastra/ai-sdk reports a tripwire as `other`; the run already knows it was a tripwire.
  const finishReason = reason === 'other' && run.status === 'tripwire' ? 'tripwire' : reason;
  if (finishReason !== undefined && finishReason !== run.finishReason) {
    ctx.draft.run(runId)!.finishReason = finishReason;
  }
  // abort → finish and error → finish keep the status the first chunk set.
  if (run.status === 'aborted' || run.status === 'error' || run.status === 'tripwire') return;
  if (reason === 'error') {
    endRun(ctx, run.runId, 'error', 'The run failed');
    return;
  }
  // Calls left without a result when the run ends on `tool-calls` wait for the app's result.
  if (reason === 'tool-calls') awaitClient(ctx, run.runId);
  endRun(ctx, run.runId, 'finished', undefined);
}

// ---------------------------------------------------------------------------------------------
// Text and reasoning

/** A text or reasoning start, delta or end. */
export function onText(ctx: Ctx, value: Value): void {
  const runId = topRunId(ctx);
  const type = value.type.startsWith('text-') ? 'text' : 'reasoning';
  const id = value.id as string;
  // A start of a part that exists, an end of one that ended and an empty delta change nothing.
  const held = ctx.draft.root.runs.get(runId)!;
  if (replayOf(ctx, runId) !== undefined) {
    const kind = value.type.endsWith('-delta')
      ? 'delta'
      : value.type.endsWith('-end')
        ? 'end'
        : 'start';
    if (replayText(ctx, held, type, id, kind, value.delta as string | undefined)) return;
  }
  const existing = currentTextPart(ctx, held, type, id);
  if (
    existing !== undefined &&
    (value.type.endsWith('-start') ||
      (value.type.endsWith('-end') && existing.state === 'done') ||
      (value.type.endsWith('-delta') && value.delta === ''))
  )
    return;
  const run = ctx.draft.run(runId)!;
  if (value.type.endsWith('-delta')) {
    appendText(ctx, run, type, id, value.delta as string);
  } else if (value.type.endsWith('-end')) {
    closeTextPart(ctx, run, type, id);
  } else {
    editTextPart(ctx, run, type, id);
  }
}

// ---------------------------------------------------------------------------------------------
// Errors, sources, files, data

/** Whether a part without an id is one the current run, read again, holds already. */
function heldAgain(ctx: Ctx, part: RunPart): boolean {
  const again = replayedRun(ctx, topRunId(ctx));
  return again !== undefined && replayPart(ctx, again, part);
}

/** `error` ends the run with the error's message. */
export function onError(ctx: Ctx, value: Value): void {
  const runId = topRunId(ctx);
  const message = runErrorShown(ctx, runId, errorMessage(value.errorText as string));
  if (heldAgain(ctx, { type: 'error', message })) return;
  const run = topRun(ctx);
  ctx.draft.pushPart(run, { type: 'error', message });
  endRun(ctx, run.runId, 'error', message);
}

/** `data-tripwire`: a processor blocked the run. */
export function onTripwire(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const data = isRecord(value.data) ? value.data : {};
  const reason = nonEmpty(data.reason) ?? 'Blocked by a processor';
  if (heldAgain(ctx, { type: 'tripwire', reason })) return;
  ctx.draft.pushPart(run, { type: 'tripwire', reason });
  endRun(ctx, run.runId, 'tripwire', reason);
}

/** A `source-url` or `source-document` part (their fields were checked by `validate`). */
export function onSource(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const title = typeof value.title === 'string' ? { title: value.title } : {};
  // The chunk was checked against its schema: these fields are strings.
  const id = value.sourceId as string;
  const part: RunPart =
    value.type === 'source-url'
      ? { type: 'source', id, sourceType: 'url', url: value.url as string, ...title }
      : {
          type: 'source',
          id,
          sourceType: 'document',
          mimeType: value.mediaType as string,
          ...title,
          ...(typeof value.filename === 'string' ? { filename: value.filename } : {}),
        };
  if (heldAgain(ctx, part)) return;
  ctx.draft.pushPart(run, part);
}

const DATA_URL = /^data:[^,]*;base64,/;

/** A `file` part. */
export function onFile(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const url = value.url as string;
  // Native file parts carry base64 text; a data URL is unwrapped to match, other URLs stay as is.
  const match = DATA_URL.exec(url);
  const data = match === null ? url : url.slice(match[0].length);
  const part: RunPart = { type: 'file', mimeType: value.mediaType as string, data };
  if (heldAgain(ctx, part)) return;
  ctx.draft.pushPart(run, part);
}

/** A data part on the current run; parts with an id are reconciled by name and id. */
export function onData(ctx: Ctx, value: Value): void {
  if (value.transient === true) return;
  const runId = dataRunId(ctx, topRunId(ctx))!;
  putDataPart(ctx, runId, value.type.slice('data-'.length), nonEmpty(value.id), value.data);
}

// ---------------------------------------------------------------------------------------------
// Background tasks

/** `data-background-task-*` carries the native payload; it updates the call like the native chunk. */
export function onBackgroundTask(ctx: Ctx, value: Value): void {
  const data = isRecord(value.data) ? value.data : undefined;
  const type = value.type.slice('data-'.length);
  const progress = type === 'background-task-progress';
  const usable =
    data !== undefined &&
    (progress
      ? Array.isArray(data.taskIds) && data.taskIds.every((id) => typeof id === 'string')
      : nonEmpty(data.taskId) !== undefined && nonEmpty(data.toolCallId) !== undefined);
  if (!usable) {
    invalid(ctx, value, `${value.type} needs data.taskId and data.toolCallId`);
    return;
  }
  const runId = topRunId(ctx);
  // The native chunk this part carries, checked as the native stream's own would be.
  const parsed = parseMastraChunk({ type, runId, from: 'AGENT', payload: data });
  if (!parsed.ok) invalid(ctx, value, parsed.error.message);
  else if (parsed.chunk.format === 'mastra' && isBackgroundChunk(parsed.chunk)) {
    reduceBackgroundTask(ctx, parsed.chunk, TOP);
  } else onData(ctx, value);
}

const isBackgroundChunk = (chunk: NativeChunk): chunk is BackgroundChunk =>
  chunk.type.startsWith('background-task-');
