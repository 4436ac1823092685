import type { NativeChunk, NativeChunkOf, NativeChunkType } from '../chunks/mastra.js';
import { normaliseNative } from '../chunks/parse.js';
import type { Ctx, Scope } from '../reducer/context.js';
import { noteContinuation, noteInside } from '../reducer/continuation.js';
import { onHumanRequest } from '../reducer/human.js';
import { touchRun } from '../reducer/lifecycle.js';
import { type BackgroundChunk, reduceBackgroundTask, reduceToolOutput } from './nested.js';
import {
  addUnknown,
  onAbort,
  onError,
  onFile,
  onFinish,
  onObject,
  onSource,
  onStart,
  onStepFinish,
  onStepStart,
  onTextDelta,
  onTextEnd,
  onTextStart,
  onTripwire,
} from './run.js';
import {
  onDenied,
  onInputDelta,
  onInputEnd,
  onInputStart,
  onToolCall,
  onToolError,
  onToolResult,
} from './tools.js';
import { reduceWorkflowEvent, type WorkflowChunk } from './workflow.js';

/** What applies one native chunk type. */
export type NativeHandler<T extends NativeChunkType> = (
  ctx: Ctx,
  chunk: NativeChunkOf<T>,
  scope: Scope,
) => void;

/**
 * The native handler table's type: exactly one handler per chunk type of the vocabulary
 * (`mastraPayloadSchemas` plus the structured-output chunks). A type without a handler, or a
 * handler for a type the vocabulary lacks, does not compile.
 */
export type NativeHandlers = { readonly [T in NativeChunkType]: NativeHandler<T> };

/**
 * A tool chunk also makes its run, or revives it: a continuation after an approval streams into it
 * again. A run that streams already is left as it is.
 */
const inRun =
  <T extends NativeChunkType>(handler: NativeHandler<T>): NativeHandler<T> =>
  (ctx, chunk, scope) => {
    touchRun(ctx, chunk.runId, scope);
    handler(ctx, chunk, scope);
  };

/** A workflow event outside a `workflow-*` call has nothing to update: it is kept as received. */
function onWorkflowEvent(ctx: Ctx, chunk: WorkflowChunk, scope: Scope): void {
  if (!reduceWorkflowEvent(ctx, chunk, scope))
    addUnknown(ctx, normaliseNative(chunk), chunk.type, false);
}

const onBackgroundTask = (ctx: Ctx, chunk: BackgroundChunk, scope: Scope) =>
  reduceBackgroundTask(ctx, chunk, scope);

/** Every native chunk type and what applies it: the one place to look for a chunk's effect. */
export const nativeHandlers: NativeHandlers = {
  // The run: its steps, text, sources, files, errors and end (run.ts).
  start: onStart,
  'step-start': onStepStart,
  'step-finish': onStepFinish,
  finish: onFinish,
  'text-start': onTextStart,
  'text-delta': onTextDelta,
  'text-end': onTextEnd,
  'reasoning-start': onTextStart,
  'reasoning-delta': onTextDelta,
  'reasoning-end': onTextEnd,
  source: onSource,
  file: onFile,
  error: onError,
  abort: onAbort,
  tripwire: onTripwire,
  object: onObject,
  'object-result': onObject,
  // Tool calls (tools.ts) and the requests for a person (reducer/human.ts).
  'tool-call-input-streaming-start': inRun(onInputStart),
  'tool-call-delta': inRun(onInputDelta),
  'tool-call-input-streaming-end': inRun(onInputEnd),
  'tool-call': inRun(onToolCall),
  'tool-result': inRun(onToolResult),
  'tool-error': inRun(onToolError),
  'tool-output-denied': inRun(onDenied),
  'tool-call-approval': inRun<'tool-call-approval'>(onHumanRequest),
  'tool-call-suspended': inRun<'tool-call-suspended'>(onHumanRequest),
  // What runs inside a tool: subagents' and workflows' chunks, progress (nested.ts).
  'tool-output': reduceToolOutput,
  'workflow-start': onWorkflowEvent,
  'workflow-step-start': onWorkflowEvent,
  'workflow-step-result': onWorkflowEvent,
  'workflow-step-suspended': onWorkflowEvent,
  'workflow-step-waiting': onWorkflowEvent,
  'workflow-step-progress': onWorkflowEvent,
  'workflow-step-output': onWorkflowEvent,
  'workflow-step-finish': onWorkflowEvent,
  'workflow-finish': onWorkflowEvent,
  'workflow-canceled': onWorkflowEvent,
  'workflow-paused': onWorkflowEvent,
  // Tool calls that run in the background (nested.ts).
  'background-task-started': onBackgroundTask,
  'background-task-running': onBackgroundTask,
  'background-task-output': onBackgroundTask,
  'background-task-completed': onBackgroundTask,
  'background-task-failed': onBackgroundTask,
  'background-task-suspended': onBackgroundTask,
  'background-task-resumed': onBackgroundTask,
  'background-task-cancelled': onBackgroundTask,
  'background-task-progress': onBackgroundTask,
};

/** Applies a validated native chunk through its handler. */
export function applyNative(ctx: Ctx, chunk: NativeChunk, scope: Scope): void {
  // Where bare `data-*` chunks written inside a subagent belong (see `dataRunId`).
  if (scope.depth > 0) {
    ctx.draft.moveCursor('lastNestedRunId', chunk.runId);
    // A run inside that waited may go on in the continuation under way.
    noteInside(ctx, chunk.runId);
  }
  // The first chunk of a stream may begin a run's continuation, or send one again.
  else if (!ctx.draft.cursor().inStream && chunk.type !== 'start')
    noteContinuation(ctx, chunk.runId, chunk);
  // The table pairs each type with its handler; TypeScript cannot follow that pairing through
  // an index by a union, so the lookup is widened once here.
  const handler = nativeHandlers[chunk.type] as NativeHandler<NativeChunkType>;
  handler(ctx, chunk as NativeChunkOf<NativeChunkType>, scope);
}
