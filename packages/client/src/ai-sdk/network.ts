import type {
  NetworkExecutionStep,
  NetworkPrimitiveType,
  NetworkRoutingStep,
  NetworkState,
  NetworkStep,
} from '../network/state.js';
import type { Ctx } from '../reducer/context.js';
import { addUnstreamedAnswer } from '../reducer/parts.js';
import { shownFinalResult, shownPrompt } from '../reducer/redact.js';
import { sameValue } from '../reducer/same-value.js';
import type { Fields, Value } from './chunk.js';
import { topRun, topRunId } from './run.js';
import { onInputAvailable, onOutputAvailable, onOutputError } from './tools.js';

/*
 * `data-network` parts: what `@mastra/ai-sdk`'s `networkRoute` (`toAISdkStream(…, { from:
 * 'network' })`) writes of an agent network. Each part is a cumulative snapshot of the network
 * run (one id per run): `{ name, status, steps[], output, usage }`. A routing step is named
 * `routing-agent` and carries its decision as `task: { id, type, reason }`; every other step is
 * the execution of the primitive the routing step before it chose, named by the primitive's own
 * id. Read into the same `RunState.network` as the native chunks, each execution a call of the
 * run. The snapshot has no completion checks and no chunks of the chosen agent's own run.
 */

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const TYPES = new Set<string>(['agent', 'workflow', 'tool', 'none']);

/** JSON text of a workflow's prompt, parsed; the text itself when it is not JSON. */
function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The call of an execution step: its name, input and output as the native path has them. */
function callOf(primitive: NetworkExecutionStep['primitive'], step: Fields) {
  const input = isRecord(step.input) ? step.input : {};
  if (primitive.type === 'agent') {
    return {
      toolName: `agent-${primitive.id}`,
      input: { prompt: input.prompt },
      output: step.output,
    };
  }
  if (primitive.type === 'workflow') {
    // The workflow run's state; its result is what the native execution reports.
    const output =
      isRecord(step.output) && 'result' in step.output ? step.output.result : step.output;
    return { toolName: `workflow-${primitive.id}`, input: parsed(input.prompt), output };
  }
  return { toolName: primitive.id, input, output: step.output };
}

/** The routing prompt: what the execution after it received. */
function promptOf(primitive: NetworkExecutionStep['primitive'], step: Fields): string | undefined {
  const input = isRecord(step.input) ? step.input : {};
  if (primitive.type !== 'tool') return str(input.prompt);
  try {
    return JSON.stringify(input);
  } catch {
    // Nested deeper than JSON.stringify can write: the execution shows no prompt.
    return undefined;
  }
}

/** Creates or advances the call that shows an execution step. */
function syncCall(ctx: Ctx, id: string, step: Fields, call: ReturnType<typeof callOf>) {
  const { toolName, input, output } = call;
  if (!ctx.draft.root.toolCalls.has(id)) {
    onInputAvailable(ctx, { type: 'tool-input-available', toolCallId: id, toolName, input });
  }
  if (step.status === 'success') {
    onOutputAvailable(ctx, { type: 'tool-output-available', toolCallId: id, output });
  } else if (step.status === 'failed') {
    const errorText = typeof output === 'string' ? output : 'The execution failed';
    onOutputError(ctx, { type: 'tool-output-error', toolCallId: id, errorText });
  }
}

/** `data-network`: the network run so far, as `RunState.network`, executions as calls. */
export function onNetworkSnapshot(ctx: Ctx, value: Value): void {
  const data = value.data as Fields;
  const runId = topRunId(ctx);
  const steps: NetworkStep[] = [];
  let routing: NetworkRoutingStep | undefined;
  let routingIndex = -1;
  let last: { id: string; output: unknown } | undefined;
  for (const step of Array.isArray(data.steps) ? data.steps : []) {
    if (!isRecord(step) || typeof step.id !== 'string' || step.id === '') continue;
    const iteration = typeof step.iteration === 'number' ? step.iteration : 0;
    if (step.name === 'routing-agent') {
      const task = isRecord(step.task) ? step.task : {};
      const type = TYPES.has(str(task.type) ?? '')
        ? (task.type as NetworkPrimitiveType)
        : undefined;
      const id = str(task.id);
      const reason = str(task.reason);
      routing = {
        kind: 'routing',
        id: step.id,
        iteration,
        status: step.status === 'running' ? 'running' : 'done',
        ...(type === undefined || id === undefined ? {} : { primitive: { type, id } }),
        ...(reason === undefined ? {} : { selectionReason: reason }),
      };
      routingIndex = steps.push(routing) - 1;
      continue;
    }
    const chosen = routing?.primitive;
    const primitive: NetworkExecutionStep['primitive'] =
      chosen !== undefined && chosen.type !== 'none'
        ? { type: chosen.type, id: chosen.id }
        : { type: 'agent', id: str(step.name) ?? step.id };
    const call = callOf(primitive, step);
    const written = promptOf(primitive, step);
    const prompt =
      written === undefined
        ? undefined
        : shownPrompt(ctx.options.transforms, call.toolName, call.input, written);
    if (routing !== undefined && prompt !== undefined) {
      routing = { ...routing, prompt };
      steps[routingIndex] = routing;
    }
    steps.push({ kind: 'execution', id: step.id, iteration, primitive, toolCallId: step.id });
    syncCall(ctx, step.id, step, call);
    last = { id: step.id, output: call.output };
  }
  const finished = data.status === 'finished';
  // The last execution's result, when the check wrote no final result, follows its call.
  const result =
    finished && data.output !== undefined && data.output !== null
      ? shownFinalResult(
          last === undefined ? undefined : ctx.draft.root.toolCalls.get(last.id),
          last?.output,
          data.output,
        )
      : undefined;
  const network: NetworkState = {
    steps,
    ...(str(data.name) === undefined ? {} : { networkId: data.name as string }),
    ...(result === undefined ? {} : { result }),
  };
  // Each part repeats the whole network so far: one that adds nothing leaves the run as it is.
  const before = ctx.draft.root.runs.get(runId);
  const named = before?.agentId !== undefined || network.networkId === undefined;
  if (before?.network !== undefined && named && sameValue(before.network, network)) return;
  const run = topRun(ctx);
  run.network = ctx.draft.adopt(network);
  if (run.agentId === undefined && network.networkId !== undefined) run.agentId = network.networkId;
  if (finished) addUnstreamedAnswer(ctx.draft, run, result);
}
