import type { Checked } from '../chunks/check.js';
import type { Ctx, Scope } from '../reducer/context.js';
import { endRun, ensureRun } from '../reducer/lifecycle.js';
import { appendText, closeTextPart, currentTextPart } from '../reducer/parts.js';
import { shownPrompt } from '../reducer/redact.js';
import { runWaitsForHuman } from '../reducer/waiting.js';
import type { Mutable } from '../state/draft.js';
import { findCallKey } from '../state/identity.js';
import { countOf, itemAt, setItem } from '../state/list-fields.js';
import { TERMINAL_TOOL_STATUSES } from '../state/state.js';
import type { networkPayloadSchemas } from './chunks.js';
import type {
  NetworkExecutionStep,
  NetworkPrimitiveType,
  NetworkRoutingStep,
  NetworkState,
  NetworkStep,
  NetworkValidationStep,
} from './state.js';
import { findStep, type StepKey } from './step-index.js';

type Schemas = typeof networkPayloadSchemas;

/** A chunk type of an agent network run. */
export type NetworkChunkType = keyof Schemas;

/** A validated chunk of an agent network run. */
export interface NetworkChunkOf<T extends NetworkChunkType> {
  readonly type: T;
  readonly runId: string;
  readonly from?: string;
  readonly payload: Checked<Schemas[T]>;
}

/** What applies one network chunk type. */
export type Handler<T extends NetworkChunkType> = (
  ctx: Ctx,
  chunk: NetworkChunkOf<T>,
  scope: Scope,
) => void;
type ExecutionType = NetworkExecutionStep['primitive']['type'];

/** The value when it is a string. */
export const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The writable network of a run, created on first sight. */
export function editNetwork(ctx: Ctx, runId: string, scope: Scope): Mutable<NetworkState> {
  const run = ensureRun(ctx, runId, scope);
  if (run.network === undefined) run.network = ctx.draft.adopt<NetworkState>({ steps: [] });
  return ctx.draft.field(run, 'network') as Mutable<NetworkState>;
}

/**
 * Replaces the latest step that has `key` (see `findStep`) with `edit(step)`; false when none has
 * it. The steps are a persistent list (see `state/list-fields.ts`): the replacement copies one
 * path of it.
 */
export function editStep<S extends NetworkStep>(
  ctx: Ctx,
  runId: string,
  network: Mutable<NetworkState>,
  key: StepKey,
  edit: (step: S) => S,
): boolean {
  const i = findStep(ctx, runId, network, key);
  if (i < 0) return false;
  setItem(network, 'steps', i, edit(itemAt(network, 'steps', i) as S));
  return true;
}

/** Replaces the network's last step, the open completion check, with `edit(step)`. */
function editLastCheck(
  network: Mutable<NetworkState>,
  edit: (step: NetworkValidationStep) => NetworkStep,
) {
  const i = countOf(network, 'steps') - 1;
  setItem(network, 'steps', i, edit(itemAt(network, 'steps', i) as NetworkValidationStep));
}

/**
 * The key of the call that shows the execution Mastra names `executionId` (a resumed one keeps
 * its call): the call a step of the network run names, else the call with that id in the network
 * run (a later run that repeats a toolCallId has calls of its own), else the call of the
 * execution's own run.
 */
export function executionCall(
  ctx: Ctx,
  executionId: string,
  networkRunId?: string,
): string | undefined {
  const { root } = ctx.draft;
  const network = networkRunId === undefined ? undefined : root.runs.get(networkRunId)?.network;
  const at =
    network === undefined ? -1 : findStep(ctx, networkRunId!, network, { execution: executionId });
  if (at >= 0) return (itemAt(network!, 'steps', at) as NetworkExecutionStep).toolCallId;
  if (root.toolCalls.has(executionId)) {
    return findCallKey(root, executionId, networkRunId) ?? executionId;
  }
  return root.runs.get(executionId)?.parentToolCallId ?? undefined;
}

/** The latest open execution of a primitive: a resumed execution continues its call. */
function openExecution(
  ctx: Ctx,
  runId: string,
  network: NetworkState,
  type: ExecutionType,
  id: string,
) {
  const at = findStep(ctx, runId, network, { primitive: id, type });
  if (at < 0) return undefined;
  const step = itemAt(network, 'steps', at) as NetworkExecutionStep;
  const call = ctx.draft.root.toolCalls.get(step.toolCallId);
  return call !== undefined && !TERMINAL_TOOL_STATUSES.has(call.status) ? call : undefined;
}

/** Starts an execution: a call of the network run, or the call of the execution it resumes. */
export function startExecution(
  ctx: Ctx,
  chunk: { runId: string },
  scope: Scope,
  execution: { id: string; type: ExecutionType; primitiveId: string; iteration: number },
  call: { toolCallId: string; toolName: string; args: unknown },
) {
  const network = editNetwork(ctx, chunk.runId, scope);
  // A resumed execution has a new id (a tool's, a new toolCallId) and continues the call that
  // waited.
  const resumed = openExecution(ctx, chunk.runId, network, execution.type, execution.primitiveId);
  let toolCallId = call.toolCallId;
  if (resumed !== undefined && execution.type === 'tool') {
    toolCallId = resumed.key;
  } else if (resumed !== undefined) {
    toolCallId = resumed.key;
    // The latest run that waited goes on in the new one (which has no `start`): it ends with it.
    // An earlier one went on in a later run, which goes on in this one: it ends here, unless a
    // call in it still waits for a person. Read from the latest back to the first that does not
    // wait, so that an execution asking round after round stays linear in its rounds.
    let agentId: string | undefined;
    for (let i = countOf(resumed, 'childRunIds') - 1, latest = true; i >= 0; i--, latest = false) {
      const child = ctx.draft.root.runs.get(itemAt(resumed, 'childRunIds', i)!);
      agentId ??= child?.agentId;
      if (child?.status !== 'waiting') break;
      if (latest || runWaitsForHuman(ctx, child.runId)) ensureRun(ctx, child.runId, scope);
      else endRun(ctx, child.runId, 'finished', undefined);
    }
    const run = ensureRun(ctx, execution.id, {
      parentToolCallId: toolCallId,
      depth: scope.depth + 1,
    });
    if (agentId !== undefined) run.agentId ??= agentId;
  } else {
    const payload = { toolCallId, toolName: call.toolName, args: call.args };
    ctx.apply(ctx, { type: 'tool-call', runId: chunk.runId, from: 'NETWORK', payload }, scope);
    // The step names the call by its key: a later run that repeats the toolCallId has its own.
    toolCallId = findCallKey(ctx.draft.root, toolCallId, chunk.runId) ?? toolCallId;
  }
  const step: NetworkExecutionStep = {
    kind: 'execution',
    id: execution.id,
    iteration: execution.iteration,
    primitive: { type: execution.type, id: execution.primitiveId },
    toolCallId,
  };
  ctx.draft.push(network, 'steps', step);
}

/** Ends an execution's call with the result the network reports. */
export function endExecution(
  ctx: Ctx,
  runId: string,
  scope: Scope,
  toolCallId: string,
  result: unknown,
) {
  const call = ctx.draft.root.toolCalls.get(toolCallId);
  if (call === undefined) return;
  const payload = { toolCallId: call.toolCallId, toolName: call.toolName, result };
  ctx.apply(ctx, { type: 'tool-result', runId, from: 'NETWORK', payload }, scope);
}

/** JSON text of a workflow's or tool's prompt, parsed; the text itself when it is not JSON. */
export function promptValue(prompt: unknown): unknown {
  if (typeof prompt !== 'string') return prompt;
  try {
    return JSON.parse(prompt) as unknown;
  } catch {
    return prompt;
  }
}

/** The routing agent starts deciding: a routing step of the network. */
export const onRoutingStart: Handler<'routing-agent-start'> = (ctx, chunk, scope) => {
  const { networkId, runId, inputData } = chunk.payload;
  const network = editNetwork(ctx, chunk.runId, scope);
  const run = ctx.draft.run(chunk.runId)!;
  if (networkId !== undefined) {
    network.networkId = networkId;
    run.agentId ??= networkId;
  }
  const step: NetworkStep = {
    kind: 'routing',
    id: runId ?? '',
    iteration: num(inputData?.iteration) ?? 0,
    status: 'running',
  };
  ctx.draft.push(network, 'steps', step);
};

const PRIMITIVES = new Set<string>(['agent', 'workflow', 'tool', 'none']);

/**
 * The prompt the router wrote as the step may show it: the input of the execution's call (an
 * agent's `{ prompt }`, a workflow's or tool's JSON), see `shownPrompt`.
 */
function routedPrompt(
  ctx: Ctx,
  type: NetworkPrimitiveType | undefined,
  id: string | undefined,
  prompt: string | undefined,
): string | undefined {
  if (prompt === undefined || type === undefined || type === 'none' || id === undefined) {
    return prompt;
  }
  const toolName = type === 'tool' ? id : `${type}-${id}`;
  const input = type === 'agent' ? { prompt } : promptValue(prompt);
  return shownPrompt(ctx.options.transforms, toolName, input, prompt);
}

/** The routing agent decided: the chosen primitive, its prompt and the router's reason. */
export const onRoutingEnd: Handler<'routing-agent-end'> = (ctx, chunk, scope) => {
  const p = chunk.payload;
  const network = editNetwork(ctx, chunk.runId, scope);
  const type = PRIMITIVES.has(p.primitiveType ?? '')
    ? (p.primitiveType as NetworkPrimitiveType)
    : undefined;
  const prompt = routedPrompt(ctx, type, p.primitiveId, p.prompt);
  const done = (step: NetworkRoutingStep): NetworkRoutingStep => ({
    ...step,
    status: 'done' as const,
    ...(type === undefined || p.primitiveId === undefined
      ? {}
      : { primitive: { type, id: p.primitiveId } }),
    ...(prompt === undefined ? {} : { prompt }),
    ...(p.selectionReason === undefined ? {} : { selectionReason: p.selectionReason }),
  });
  if (!editStep(ctx, chunk.runId, network, { routing: p.runId }, done)) {
    const fresh = { kind: 'routing', id: p.runId ?? '', iteration: p.iteration ?? 0 } as const;
    ctx.draft.push(network, 'steps', done({ ...fresh, status: 'running' }));
  }
};

/** The text id of the open validation step's streamed result. */
const resultTextId = (iteration: number) => `network-result-${iteration}`;

function openValidation(network: NetworkState): NetworkValidationStep | undefined {
  const last = itemAt(network, 'steps', -1);
  return last?.kind === 'validation' && last.status === 'running' ? last : undefined;
}

/** A piece of the final result a completion check writes: on the check and as the run's text. */
export const onRoutingText: Handler<'routing-agent-text-delta'> = (ctx, chunk, scope) => {
  const network = editNetwork(ctx, chunk.runId, scope);
  const open = openValidation(network);
  const iteration = open?.iteration ?? 0;
  if (open !== undefined) {
    editLastCheck(network, (s) => ({ ...s, text: s.text + chunk.payload.text }));
  }
  // The final result is also the network run's own text.
  appendText(ctx, ctx.draft.run(chunk.runId)!, 'text', resultTextId(iteration), chunk.payload.text);
};

/** A completion check starts. */
export const onValidationStart: Handler<'network-validation-start'> = (ctx, chunk, scope) => {
  const network = editNetwork(ctx, chunk.runId, scope);
  const step: NetworkValidationStep = {
    kind: 'validation',
    iteration: chunk.payload.iteration ?? 0,
    status: 'running',
    text: '',
    ...(chunk.payload.checksCount === undefined ? {} : { checks: chunk.payload.checksCount }),
  };
  ctx.draft.push(network, 'steps', step);
};

/** A completion check ends, passed or not, with its reason. */
export const onValidationEnd: Handler<'network-validation-end'> = (ctx, chunk, scope) => {
  const p = chunk.payload;
  const network = editNetwork(ctx, chunk.runId, scope);
  const open = openValidation(network);
  const ended = (step: NetworkValidationStep): NetworkValidationStep => ({
    ...step,
    status: p.passed === true ? 'passed' : 'failed',
    ...(p.reason === undefined ? {} : { reason: p.reason }),
    ...(p.maxIterationReached === undefined ? {} : { maxIterationReached: p.maxIterationReached }),
  });
  if (open === undefined) {
    const fresh = { kind: 'validation', iteration: p.iteration ?? 0, status: 'running', text: '' };
    ctx.draft.push(network, 'steps', ended(fresh as NetworkValidationStep));
    return;
  }
  editLastCheck(network, ended);
  const run = ctx.draft.run(chunk.runId)!;
  const id = resultTextId(open.iteration);
  // Found through the run's part index: a scan of the parts grew with every iteration.
  if (currentTextPart(ctx, run, 'text', id) !== undefined) {
    closeTextPart(ctx, run, 'text', id);
  }
};
