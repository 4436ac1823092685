import { decisionCall, findCallKey } from '../state/identity.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import type { ToolpaneEvent } from '../stream/events.js';
import type { Ctx } from './context.js';
import { markDisplayTransformed } from './hide.js';
import { moveTo, setEnded } from './lifecycle.js';
import { showSubagentOutput } from './redact.js';
import {
  applyClientTransform,
  clientTransformFor,
  suppressedValue,
  type TransformPhase,
} from './transform.js';

/*
 * The app's result for a call that awaits the client (a tool Mastra does not run: see
 * `awaitClient`). It never travels in a response: the app hands it to its chat (`addToolOutput`)
 * or to Mastra in its next request, so the store learns it from the app.
 */

type ClientOutput = Extract<ToolpaneEvent, { type: 'toolpane/client-output' }>;

const INPUT_AVAILABLE: ReadonlySet<ToolCallState['status']> = new Set(['input-available']);

/**
 * The call the event names: with `runId`, the call with that toolCallId in that run; without
 * one, the call with that key while it awaits the client, else the newest call with that
 * toolCallId that does. Undefined when that call does not await the client.
 */
function awaitingCall(ctx: Ctx, event: ClientOutput): string | undefined {
  const { root } = ctx.draft;
  const key =
    event.runId === undefined
      ? decisionCall(root, event.toolCallId, INPUT_AVAILABLE)?.key
      : findCallKey(root, event.toolCallId, event.runId);
  const call = key === undefined ? undefined : root.toolCalls.get(key);
  return call?.status === 'input-available' && call.awaitingClient === true ? key : undefined;
}

/**
 * How a value the app supplied shows: through the tool's client transform when there is one; a
 * call known to be display-transformed otherwise shows nothing of it; else the value as it is.
 */
function shownClientValue(
  ctx: Ctx,
  call: ToolCallState,
  phase: TransformPhase,
  value: unknown,
): DisplayValue {
  const client = clientTransformFor(ctx.options.transforms, call.toolName);
  if (client !== undefined) return applyClientTransform(client, phase, value);
  return call.displayTransform === 'display' ? suppressedValue() : { kind: 'raw', value };
}

/**
 * `toolpane/client-output`: ends a call that awaits the client with the app's result, in
 * `output-available`, or in `output-error` with `errorText`. The raw value is kept in `call.raw`.
 * Any other call, and a call that does not await the client (it has its result, or it was
 * stopped), is left as it is.
 */
export function applyClientOutput(ctx: Ctx, event: ClientOutput): void {
  const key = awaitingCall(ctx, event);
  if (key === undefined) return;
  const call = ctx.draft.toolCall(key)!;
  if (clientTransformFor(ctx.options.transforms, call.toolName) !== undefined) {
    markDisplayTransformed(ctx, call);
  }
  if (event.errorText !== undefined) {
    call.raw = { ...call.raw, error: event.errorText };
    call.error = shownClientValue(ctx, call, 'error', event.errorText);
    moveTo(call, 'output-error');
  } else {
    call.raw = { ...call.raw, output: event.output };
    const shown = shownClientValue(ctx, call, 'output-available', event.output);
    call.output = showSubagentOutput(ctx.draft.root, ctx.options.transforms, call, shown);
    moveTo(call, 'output-available');
  }
  setEnded(ctx, call);
}
