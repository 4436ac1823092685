import { formatIssue } from '../chunks/check.js';
import {
  addIssue,
  type ChunkFamilySupport,
  type Ctx,
  excerpt,
  type Scope,
} from '../reducer/context.js';
import { EXECUTION_EVENT, networkPayloadSchemas } from './chunks.js';
import { beginCounted } from './continuation.js';
import { onFinish, onNetworkAbort } from './end.js';
import {
  onAgentEnd,
  onAgentStart,
  onExecutionRequest,
  onToolEnd,
  onToolStart,
  onWorkflowEnd,
  onWorkflowStart,
  reduceExecutionEvent,
} from './executions.js';
import {
  type Handler,
  type NetworkChunkOf,
  type NetworkChunkType,
  onRoutingEnd,
  onRoutingStart,
  onRoutingText,
  onValidationEnd,
  onValidationStart,
} from './reduce.js';

const ignore = () => {};

/** Validates a network chunk and applies it through its handler; a malformed one is an issue. */
function applyNetwork(ctx: Ctx, value: unknown, scope: Scope): void {
  const fields = value as { type: string; runId?: unknown; from?: unknown; payload?: unknown };
  const { type } = fields;
  if (EXECUTION_EVENT.test(type)) {
    reduceExecutionEvent(ctx, value, scope);
    return;
  }
  const payload = fields.payload ?? {};
  const problem = networkPayloadSchemas[type as NetworkChunkType].test(payload);
  // Approval and suspension requests of tool executions carry the network's runId in the payload.
  const inner = (payload as { runId?: unknown }).runId;
  const runId = [fields.runId, inner].find((id) => typeof id === 'string' && id !== '');
  if (problem !== undefined || typeof runId !== 'string') {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message:
        problem === undefined ? 'runId: a chunk needs a runId' : formatIssue(problem, 'payload'),
      chunkType: type,
      excerpt: excerpt(value),
    });
    return;
  }
  const chunk = {
    type,
    runId,
    payload,
    ...(typeof fields.from === 'string' ? { from: fields.from } : {}),
  } as NetworkChunkOf<NetworkChunkType>;
  (networkHandlers[type as NetworkChunkType] as Handler<NetworkChunkType>)(ctx, chunk, scope);
}

/**
 * Agent network support (`agent.network()`), for the `families` option of a store or `reduce`:
 * routing steps, executions (the chosen agent's run nested under its call), completion checks and
 * the final result, on `RunState.network`.
 */
export const network: ChunkFamilySupport = {
  name: 'network',
  apply: (ctx, value, scope) => {
    const type = (value as { type: string }).type;
    if (!Object.hasOwn(networkPayloadSchemas, type) && !EXECUTION_EVENT.test(type)) return false;
    applyNetwork(ctx, value, scope);
    return true;
  },
  // A network's continuation is read by count: Mastra sends it again as it sent it.
  begins: (ctx, value) => {
    if (typeof value !== 'object' || value === null) return;
    const { type, runId } = value as { type?: unknown; runId?: unknown };
    if (typeof type !== 'string' || typeof runId !== 'string') return;
    if (!Object.hasOwn(networkPayloadSchemas, type) && !EXECUTION_EVENT.test(type)) return;
    if (ctx.draft.root.runs.get(runId)?.network !== undefined) {
      beginCounted(ctx, runId, value as { type: string });
    }
  },
};

/** Every chunk type of an agent network run and what applies it (part of the native table). */
export const networkHandlers: { readonly [T in NetworkChunkType]: Handler<T> } = {
  // The routing agent: its decision, and the final result it streams (reduce.ts).
  'routing-agent-start': onRoutingStart,
  'routing-agent-end': onRoutingEnd,
  'routing-agent-text-start': ignore,
  'routing-agent-text-delta': onRoutingText,
  'routing-agent-abort': onNetworkAbort,
  // Executions of the chosen primitive, each a call of the network run (executions.ts).
  'agent-execution-start': onAgentStart,
  'agent-execution-end': onAgentEnd,
  'agent-execution-approval': onExecutionRequest<'agent-execution-approval'>,
  'agent-execution-suspended': onExecutionRequest<'agent-execution-suspended'>,
  'agent-execution-abort': onNetworkAbort,
  'workflow-execution-start': onWorkflowStart,
  'workflow-execution-end': onWorkflowEnd,
  'workflow-execution-suspended': onExecutionRequest<'workflow-execution-suspended'>,
  'workflow-execution-abort': onNetworkAbort,
  'tool-execution-start': onToolStart,
  'tool-execution-end': onToolEnd,
  'tool-execution-approval': onExecutionRequest<'tool-execution-approval'>,
  'tool-execution-suspended': onExecutionRequest<'tool-execution-suspended'>,
  'tool-execution-abort': onNetworkAbort,
  // Completion checks and the end (reduce.ts).
  'network-validation-start': onValidationStart,
  'network-validation-end': onValidationEnd,
  'network-execution-event-step-finish': ignore,
  'network-execution-event-finish': onFinish,
};
