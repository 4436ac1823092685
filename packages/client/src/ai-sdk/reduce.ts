import type { Ctx } from '../reducer/context.js';
import { noteContinuation } from '../reducer/continuation.js';
import { endRun } from '../reducer/lifecycle.js';
import { replayedRun, replayStepStart } from '../reducer/replay.js';
import { stepCount } from '../state/run-record.js';
import { onAgentSnapshot } from './agent.js';
import {
  type AiSdkChunkType,
  type Fields,
  isAiSdkChunkType,
  nonEmpty,
  type Value,
  validate,
} from './chunk.js';
import { onApprovalRequest, onHumanData } from './human.js';
import { onNetworkSnapshot } from './network.js';
import {
  currentRunId,
  onBackgroundTask,
  onData,
  onError,
  onFile,
  onFinish,
  onSource,
  onStart,
  onText,
  onTripwire,
  topRun,
  topRunId,
} from './run.js';
import {
  onDenied,
  onInputAvailable,
  onInputDelta,
  onInputError,
  onInputStart,
  onOutputAvailable,
  onOutputError,
} from './tools.js';
import { onWorkflowSnapshot, onWorkflowStep } from './workflow.js';

/*
 * AI SDK UI message streams, as `@mastra/ai-sdk` writes them, mapped onto the same state as native
 * Mastra streams so one UI renders both.
 *
 * Display values: `@mastra/ai-sdk` substitutes Mastra's display transform before it writes a tool
 * payload, so the stream carries only what the server chose to show and never the value before
 * the transform. Such a value is shown as `raw` (nothing on this side transformed it) and
 * `displayTransform` stays `unknown`, because the stream cannot tell whether a server transform
 * applied. `call.raw.*` is never filled from this stream: it promises pre-transform values, and
 * claiming a possibly transformed value as raw would defeat that promise. A client transform, when
 * one is configured for the tool, still applies, as it does for native streams without metadata.
 */

/** What applies one AI SDK chunk type. */
export type AiSdkHandler = (ctx: Ctx, value: Value) => void;

/**
 * The AI SDK handler table's type: exactly one handler per type of {@link aiSdkChunkFields}. A type
 * without a handler, or a handler for a type the vocabulary lacks, does not compile.
 */
export type AiSdkHandlers = { readonly [T in AiSdkChunkType]: AiSdkHandler };

/** Every AI SDK chunk type and what applies it: the one place to look for a chunk's effect. */
export const aiSdkHandlers: AiSdkHandlers = {
  start: onStart,
  finish: onFinish,
  'start-step': (ctx) => {
    const again = replayedRun(ctx, topRunId(ctx));
    if (again !== undefined && replayStepStart(ctx, again)) return;
    const run = topRun(ctx);
    ctx.draft.push(run, 'steps', { index: stepCount(run) });
  },
  'finish-step': (ctx) => {
    topRunId(ctx);
  },
  'text-start': onText,
  'text-delta': onText,
  'text-end': onText,
  'reasoning-start': onText,
  'reasoning-delta': onText,
  'reasoning-end': onText,
  'tool-input-start': onInputStart,
  'tool-input-delta': onInputDelta,
  'tool-input-available': onInputAvailable,
  'tool-input-error': onInputError,
  'tool-output-available': onOutputAvailable,
  'tool-output-error': onOutputError,
  'tool-output-denied': onDenied,
  'tool-approval-request': onApprovalRequest,
  'source-url': onSource,
  'source-document': onSource,
  file: onFile,
  error: onError,
  abort: (ctx, value) => {
    endRun(ctx, topRunId(ctx), 'aborted', nonEmpty(value.reason) ?? 'The run was aborted');
  },
  'message-metadata': (ctx, value) => {
    ctx.draft.append('unknown', value);
  },
  'data-tool-agent': onAgentSnapshot,
  // Every step is also in the next data-tool-agent snapshot.
  'data-tool-agent-step': () => {},
  'data-tool-workflow': onWorkflowSnapshot,
  'data-tool-workflow-step': onWorkflowStep,
  'data-tool-network': onData,
  // What networkRoute writes of an agent network (network.ts).
  'data-network': onNetworkSnapshot,
  'data-tool-call-approval': onHumanData,
  'data-tool-call-suspended': onHumanData,
  'data-tripwire': onTripwire,
  'data-structured-output': (ctx, value) => {
    topRun(ctx).object = (value.data as Fields).object;
  },
};

const BACKGROUND_PREFIX = 'data-background-task-';

/** Whether a value is an AI SDK UI message stream chunk (no Mastra envelope). */
export function isAiSdkChunk(value: unknown): value is Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && (isAiSdkChunkType(type) || type.startsWith(BACKGROUND_PREFIX));
}

/** Applies an AI SDK UI message stream chunk. Malformed chunks become issues; nothing throws. */
export function reduceAiSdk(ctx: Ctx, value: Value): void {
  if (!validate(ctx, value)) return;
  // The first chunk of a stream may begin its message's continuation, or send one again.
  if (!ctx.draft.cursor().inStream && value.type !== 'start') {
    const runId = currentRunId(ctx);
    if (runId !== undefined) noteContinuation(ctx, runId, value);
  }
  if (isAiSdkChunkType(value.type)) aiSdkHandlers[value.type](ctx, value);
  else if (value.type.startsWith(BACKGROUND_PREFIX)) onBackgroundTask(ctx, value);
  else onData(ctx, value);
}
