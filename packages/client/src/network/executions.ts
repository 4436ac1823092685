import { otherTarget, requestApproval, sameTarget, suspend } from '../reducer/approval.js';
import { addIssue, type Ctx, excerpt, type Scope } from '../reducer/context.js';
import { findNestedCall, sameSuspension } from '../reducer/human.js';
import { asked } from '../reducer/repeat-up.js';
import { parseResumeSchema } from '../resume/schema.js';
import type { DecisionTarget } from '../state/state.js';
import {
  endExecution,
  executionCall,
  type Handler,
  type NetworkChunkOf,
  promptValue,
  startExecution,
  str,
} from './reduce.js';

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** An agent execution starts: a call `agent-<key>` whose subagent run is the agent's own. */
export const onAgentStart: Handler<'agent-execution-start'> = (ctx, chunk, scope) => {
  const args = chunk.payload.args ?? {};
  const primitiveId = str(args.primitiveId) ?? chunk.payload.agentId ?? 'agent';
  startExecution(
    ctx,
    chunk,
    scope,
    { id: chunk.payload.runId, type: 'agent', primitiveId, iteration: num(args.iteration) ?? 0 },
    {
      toolCallId: chunk.payload.runId,
      toolName: `agent-${primitiveId}`,
      args: { prompt: args.prompt },
    },
  );
};

/** A workflow execution starts: a call `workflow-<key>` whose workflow events follow. */
export const onWorkflowStart: Handler<'workflow-execution-start'> = (ctx, chunk, scope) => {
  const args = chunk.payload.args ?? {};
  const primitiveId = str(args.primitiveId) ?? chunk.payload.workflowId ?? 'workflow';
  startExecution(
    ctx,
    chunk,
    scope,
    { id: chunk.payload.runId, type: 'workflow', primitiveId, iteration: num(args.iteration) ?? 0 },
    {
      toolCallId: chunk.payload.runId,
      toolName: `workflow-${primitiveId}`,
      args: promptValue(args.prompt),
    },
  );
};

/** A tool execution starts: a call of the tool, by its key, with the input the router wrote. */
export const onToolStart: Handler<'tool-execution-start'> = (ctx, chunk, scope) => {
  // `args` is the routing decision plus the tool's own input (`args.args`) and call id.
  const args = chunk.payload.args;
  const toolCallId = str(args.toolCallId);
  const primitiveId = str(args.primitiveId) ?? str(args.toolName);
  if (toolCallId === undefined || toolCallId === '' || primitiveId === undefined) {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message: 'tool-execution-start needs payload.args.toolCallId and a tool name',
      chunkType: chunk.type,
      excerpt: excerpt(chunk.payload),
    });
    return;
  }
  startExecution(
    ctx,
    chunk,
    scope,
    { id: toolCallId, type: 'tool', primitiveId, iteration: num(args.iteration) ?? 0 },
    { toolCallId, toolName: primitiveId, args: args.args },
  );
};

/** The result of an agent's execution is its text; a workflow's, its run result. */
export const onAgentEnd: Handler<'agent-execution-end'> = (ctx, chunk, scope) => {
  const callId = executionCall(ctx, chunk.payload.runId, chunk.runId);
  if (callId !== undefined) endExecution(ctx, chunk.runId, scope, callId, chunk.payload.result);
};

/** A workflow execution ends: its call's output is the workflow run's result. */
export const onWorkflowEnd: Handler<'workflow-execution-end'> = (ctx, chunk, scope) => {
  const callId = executionCall(ctx, chunk.payload.runId, chunk.runId);
  const state = chunk.payload.result as { result?: unknown } | undefined;
  const result =
    state !== null && typeof state === 'object' && 'result' in state ? state.result : state;
  if (callId !== undefined) endExecution(ctx, chunk.runId, scope, callId, result);
};

/**
 * A tool execution ends with the tool's result. A resumed execution names its own new toolCallId:
 * its result goes to the call that waited. After a decline, Mastra did not run the tool and the
 * result is the reason: the call is denied.
 */
export const onToolEnd: Handler<'tool-execution-end'> = (ctx, chunk, scope) => {
  const { toolCallId, result } = chunk.payload;
  const callId = executionCall(ctx, toolCallId, chunk.runId) ?? toolCallId;
  const call = ctx.draft.root.toolCalls.get(callId);
  if (call?.approval?.decision?.approved === false) {
    const payload = { toolCallId: call.toolCallId, toolName: call.toolName };
    ctx.apply(
      ctx,
      { type: 'tool-output-denied', runId: chunk.runId, from: 'NETWORK', payload },
      scope,
    );
    return;
  }
  endExecution(ctx, chunk.runId, scope, callId, result);
};

/** Where a decision inside a network goes: the network run, by the id Mastra names. */
export const networkTarget = (runId: string, toolCallId: string): DecisionTarget => ({
  runId,
  toolCallId,
  network: true,
});

/**
 * A network execution asks for a person. When the request came from a call inside the execution
 * (the chosen agent's tool), that call already waits, or a decision on it was sent: the request is
 * the same decision, aimed at the network. Otherwise the execution's own call waits.
 */
function onExecutionHuman(
  ctx: Ctx,
  chunk: { runId: string; type: string },
  scope: Scope,
  toolCallId: string | undefined,
  p: {
    toolCallId: string;
    args?: unknown;
    resumeSchema?: unknown;
    suspendPayload?: unknown;
  },
): void {
  const call = toolCallId === undefined ? undefined : ctx.draft.root.toolCalls.get(toolCallId);
  if (call === undefined) {
    addIssue(ctx, {
      kind: 'orphan',
      message: `${chunk.type} names no known execution`,
      chunkType: chunk.type,
      excerpt: excerpt(p),
    });
    return;
  }
  const approval = chunk.type.endsWith('-approval');
  const status = approval ? 'approval-requested' : 'suspended';
  const target = networkTarget(chunk.runId, p.toolCallId);
  const innerId = findNestedCall(ctx, call, (c) => asked(c, status));
  if (innerId === undefined) {
    const payload = {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      args: p.args,
      resumeSchema: p.resumeSchema,
      suspendPayload: p.suspendPayload,
    };
    const type = approval ? 'tool-call-approval' : 'tool-call-suspended';
    ctx.apply(ctx, { type, runId: chunk.runId, from: 'NETWORK', payload }, scope);
  }
  const key = innerId ?? call.key;
  const current = ctx.draft.root.toolCalls.get(key);
  const request = approval ? current?.approval : current?.suspension;
  if (request === undefined) return;
  // A suspension repeated with another payload or schema says so; the call keeps what its tool
  // asked. (An agent execution's approval carries the agent's prompt, not the tool's arguments.)
  if (
    !approval &&
    innerId !== undefined &&
    !sameSuspension(ctx, current!, p.suspendPayload, parseResumeSchema(p.resumeSchema))
  ) {
    addIssue(ctx, {
      kind: 'decision',
      message: `${chunk.type} repeated ${current!.toolName}'s suspension with another payload or schema: the call keeps what it asked`,
      runId: target.runId,
      toolCallId: target.toolCallId,
    });
  }
  // A request already aimed at the network (the same chunk again) leaves the call as it is.
  if (sameTarget(request.target, target) && request.target.network === target.network) {
    return;
  }
  const waiting = ctx.draft.toolCall(key)!;
  // One aimed at the network already, that names another run or call, is a new request.
  const moved = otherTarget(request.target, target);
  if (approval) {
    if (moved) requestApproval(ctx, waiting, { ...waiting.approval!, target });
    else waiting.approval = { ...waiting.approval!, target };
  } else if (moved) suspend(ctx, waiting, waiting.suspension!, target, true);
  else waiting.suspension = { ...waiting.suspension!, target };
}

/** The chunk types of a network execution that asks for a person. */
export type ExecutionRequestType =
  | 'agent-execution-approval'
  | 'agent-execution-suspended'
  | 'workflow-execution-suspended'
  | 'tool-execution-approval'
  | 'tool-execution-suspended';

/** `*-execution-approval|suspended`: an execution asks for a person. */
export function onExecutionRequest<T extends ExecutionRequestType>(
  ctx: Ctx,
  chunk: NetworkChunkOf<T>,
  scope: Scope,
): void {
  const p = chunk.payload;
  // Tool executions name their own call; agent and workflow executions name the primitive and
  // carry the execution's id as runId.
  const id = chunk.type.startsWith('tool-') ? p.toolCallId : p.runId;
  const callId = id === undefined ? undefined : executionCall(ctx, id, chunk.runId);
  onExecutionHuman(ctx, chunk, scope, callId, p);
}

/**
 * `agent-execution-event-<type>` / `workflow-execution-event-<type>`: the payload is a whole chunk
 * of the execution (its runId replaced by the execution's id). It is applied nested under the
 * execution's call, like a subagent's chunk inside `tool-output`.
 */
export function reduceExecutionEvent(ctx: Ctx, value: unknown, scope: Scope): void {
  const type = String((value as { type?: unknown }).type);
  const inner = (value as { payload?: unknown }).payload as { type?: unknown; runId?: unknown };
  const runId = inner !== null && typeof inner === 'object' ? inner.runId : undefined;
  const outer = (value as { runId?: unknown }).runId;
  const callId =
    typeof runId === 'string'
      ? executionCall(ctx, runId, typeof outer === 'string' ? outer : undefined)
      : undefined;
  if (typeof inner?.type !== 'string' || callId === undefined) {
    addIssue(ctx, {
      kind: callId === undefined && typeof inner?.type === 'string' ? 'orphan' : 'invalid-chunk',
      message:
        typeof inner?.type === 'string'
          ? `${type} belongs to no known execution`
          : `${type} needs a chunk as its payload`,
      chunkType: type,
      excerpt: excerpt(value),
    });
    return;
  }
  ctx.apply(ctx, inner, { parentToolCallId: callId, depth: scope.depth + 1 });
}
