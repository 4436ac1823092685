/**
 * How a network run ends: its final result and completion, or an abort that stops the step or
 * execution it hit and every call the abort left waiting.
 */
import { type Ctx, now, type Scope } from '../reducer/context.js';
import { endRun, moveTo } from '../reducer/lifecycle.js';
import { addUnstreamedAnswer } from '../reducer/parts.js';
import { shownFinalResult } from '../reducer/redact.js';
import { runTree } from '../reducer/tree.js';
import { countOf, itemAt } from '../state/list-fields.js';
import { TERMINAL_TOOL_STATUSES } from '../state/state.js';
import { editNetwork, editStep, type Handler } from './reduce.js';
import type { NetworkExecutionStep, NetworkRoutingStep, NetworkState } from './state.js';
import { findStep } from './step-index.js';

/** The final result as it may be shown: the last execution's result follows its call. */
function finalResult(ctx: Ctx, network: NetworkState, result: unknown): unknown {
  for (let i = countOf(network, 'steps') - 1; i >= 0; i--) {
    const step = itemAt(network, 'steps', i)!;
    if (step.kind !== 'execution') continue;
    const call = ctx.draft.root.toolCalls.get(step.toolCallId);
    return shownFinalResult(call, call?.raw.output, result);
  }
  return result;
}

/** The network ends: its final result, completion and structured object; the run finishes. */
export const onFinish: Handler<'network-execution-event-finish'> = (ctx, chunk, scope) => {
  const p = chunk.payload;
  const network = editNetwork(ctx, chunk.runId, scope);
  if (p.isComplete !== undefined) network.isComplete = p.isComplete;
  if (p.completionReason !== undefined) network.completionReason = p.completionReason;
  const result = p.result === undefined ? undefined : finalResult(ctx, network, p.result);
  if (result !== undefined) network.result = result;
  const run = ctx.draft.run(chunk.runId)!;
  if (p.object !== undefined) {
    network.object = p.object;
    run.object = p.object;
  }
  addUnstreamedAnswer(ctx.draft, run, result);
  if (network.aborted === true) endRun(ctx, chunk.runId, 'aborted', 'The network run was aborted');
  else endRun(ctx, chunk.runId, 'finished', undefined);
};

/**
 * Calls under the network run that wait for a result no one will send: a tool that gave up on the
 * abort signal leaves its run finished on `tool-calls` (see `awaitClient`). The network says the
 * run was aborted, so they were stopped there.
 */
function stopAwaitingCalls(ctx: Ctx, runId: string): void {
  const at = now(ctx);
  for (const run of runTree(ctx.draft.root, runId)) {
    for (const id of run.toolCallIds) {
      if (ctx.draft.root.toolCalls.get(id)?.awaitingClient !== true) continue;
      const call = ctx.draft.toolCall(id)!;
      moveTo(call, 'output-aborted');
      if (at !== undefined) call.endedAt = at;
      // Its run ended under the abort, not of its own accord.
      const stopped = ctx.draft.run(run.runId)!;
      if (stopped.status === 'finished') stopped.status = 'aborted';
    }
  }
}

/**
 * An execution or routing step was aborted: the step or the execution's call stops, and so does
 * every call under the network that the abort left waiting; the network run ends aborted.
 */
export function onNetworkAbort(
  ctx: Ctx,
  chunk: { runId: string; payload: { primitiveType?: string; primitiveId?: string } },
  scope: Scope,
): void {
  const network = editNetwork(ctx, chunk.runId, scope);
  const { primitiveType, primitiveId } = chunk.payload;
  network.aborted = true;
  stopAwaitingCalls(ctx, chunk.runId);
  if (primitiveType === 'routing' || primitiveType === undefined) {
    // The abort may come before the next routing step started: it is a step of its own then.
    const last = itemAt(
      network,
      'steps',
      findStep(ctx, chunk.runId, network, { routing: undefined }),
    );
    if (last?.kind === 'routing' && last.status === 'running') {
      editStep<NetworkRoutingStep>(ctx, chunk.runId, network, { routing: undefined }, (s) => ({
        ...s,
        status: 'aborted',
      }));
    } else {
      const step: NetworkRoutingStep = {
        kind: 'routing',
        id: '',
        iteration: itemAt(network, 'steps', -1)?.iteration ?? 0,
        status: 'aborted',
      };
      ctx.draft.push(network, 'steps', step);
    }
    return;
  }
  const at =
    primitiveId === undefined
      ? -1
      : findStep(ctx, chunk.runId, network, { primitive: primitiveId });
  if (at >= 0) {
    const step = itemAt(network, 'steps', at) as NetworkExecutionStep;
    const call = ctx.draft.root.toolCalls.get(step.toolCallId);
    if (call === undefined) return;
    for (const child of call.childRunIds) {
      if (ctx.draft.root.runs.get(child)?.status === 'streaming')
        endRun(ctx, child, 'aborted', 'The network run was aborted');
    }
    // A call that already ended (an abort sent twice) is left as it is, not copied.
    if (!TERMINAL_TOOL_STATUSES.has(call.status)) {
      moveTo(ctx.draft.toolCall(step.toolCallId)!, 'output-aborted');
    }
  }
}
