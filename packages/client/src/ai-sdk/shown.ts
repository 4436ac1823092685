import { sameTarget } from '../reducer/approval.js';
import type { Ctx } from '../reducer/context.js';
import { shownBack, streamedInput } from '../reducer/display.js';
import { withoutEchoes } from '../reducer/echo.js';
import { markDisplayTransformed } from '../reducer/hide.js';
import { noteHidingAbove } from '../reducer/inside.js';
import { parserFor } from '../reducer/lifecycle.js';
import { sameSchema } from '../reducer/rescrub.js';
import { sameValue } from '../reducer/same-value.js';
import {
  applyClientTransform,
  clientTransformFor,
  pendingValue,
  placeholder,
  suppressedValue,
  type TransformPhase,
} from '../reducer/transform.js';
import type { Mutable } from '../state/draft.js';
import type { DecisionTarget, DisplayValue, ToolCallState } from '../state/state.js';
import type { Fields } from './chunk.js';

// How the values an AI SDK stream carries are shown (see the note at the top of reduce.ts).

type Call = Mutable<ToolCallState>;

/**
 * How a value that arrived on this stream is shown (see the note at the top of reduce-aisdk.ts).
 * `transformed`: the part's metadata says a display transform made it (a saved message).
 */
export function shown(
  ctx: Ctx,
  call: Call,
  phase: TransformPhase,
  value: unknown,
  transformed = false,
): DisplayValue {
  const client = clientTransformFor(ctx.options.transforms, call.toolName);
  if (client !== undefined) markDisplayTransformed(ctx, call);
  // The error of a call that hides its input, whose raw input is not known here (a state read
  // back from a snapshot, which leaves raw values out): nothing tells what it may quote.
  const input = call.input.kind;
  const unknownInput =
    (input === 'hidden' || input === 'transformed') && !Object.hasOwn(call.raw, 'input');
  if (phase === 'error' && client === undefined && unknownInput) {
    return { kind: 'hidden', reason: 'failed', message: placeholder('error') };
  }
  // A call this side learnt is display-transformed shows what the server's transform made.
  const kind = call.displayTransform === 'display' ? 'transformed' : 'raw';
  const view: DisplayValue =
    client === undefined ? { kind, value } : applyClientTransform(client, phase, value);
  if (phase === 'input-available' || phase === 'approval') return view;
  return shownBack(ctx, call, phase, withoutEchoes(call, view, phase === 'error', transformed));
}

/**
 * How a value of a call nested in a subagent is shown when it comes from a `data-tool-agent`
 * snapshot. Snapshots carry the inner calls raw, with no transform metadata (protocol §14), so
 * nothing tells whether a display transform hides them: a client transform for the tool shows its
 * view, and without one the value stays hidden (`suppressed`). To show such values, configure a
 * client transform for the tool (one that returns the value shows it as it is).
 */
export function nestedShown(
  ctx: Ctx,
  call: Call,
  phase: TransformPhase,
  value: unknown,
): DisplayValue {
  const client = clientTransformFor(ctx.options.transforms, call.toolName);
  if (client === undefined) {
    // What the runs above it say (their errors) is searched for what it hides.
    noteHidingAbove(ctx, call);
    return suppressedValue();
  }
  markDisplayTransformed(ctx, call);
  const view = applyClientTransform(client, phase, value);
  return phase === 'input-available' || phase === 'approval'
    ? view
    : withoutEchoes(call, view, phase === 'error');
}

/**
 * Whether a request for a person on `call` was raised inside a subagent: it reaches the top level
 * as Mastra's outer chunk, which carries the inner tool's values raw and no transform metadata
 * (protocol §14), so `@mastra/ai-sdk` passes them on raw. The request lands on the inner call, or,
 * with no snapshots to find it, stays on the outer `agent-*` call.
 */
export const raisedInSubagent = (call: ToolCallState): boolean =>
  call.parentToolCallId !== null || call.kind === 'agent';

/**
 * How the arguments or payload of a request for a person (`data-tool-call-approval`,
 * `data-tool-call-suspended`) show on `call`: as the subagent's snapshots show its values
 * (`nestedShown`) when it was raised inside a subagent, else as they came (a top-level call's
 * request came transformed already).
 */
export function requestShown(
  ctx: Ctx,
  call: Call,
  phase: TransformPhase,
  value: unknown,
): DisplayValue {
  return raisedInSubagent(call)
    ? nestedShown(ctx, call, phase, value)
    : shown(ctx, call, phase, value);
}

/**
 * Appends streamed input text. A top-level call shows the partial input; a call nested in a
 * subagent snapshot (`nested`) keeps it as text and shows it only as `nestedShown` would.
 */
export function pushInputText(ctx: Ctx, call: Call, delta: string, nested = false): void {
  const client = clientTransformFor(ctx.options.transforms, call.toolName) !== undefined;
  // Deltas of a call this side learnt is display-transformed are the raw input: not shown.
  const learnt = !client && call.displayTransform === 'display';
  // Hidden input is not parsed: nothing shows the parse, and its errors quote the text.
  const snapshot = client || nested || learnt ? undefined : parserFor(ctx, call).push(delta);
  call.inputText += delta;
  if (learnt) return;
  if (!snapshot) {
    if (client) markDisplayTransformed(ctx, call);
    call.input = client ? pendingValue() : suppressedValue();
    return;
  }
  if (snapshot.error !== undefined) call.inputError = snapshot.error.message;
  call.partialInput = snapshot;
  call.input = streamedInput(snapshot) ?? call.input;
}

/**
 * How a call's input that arrived on this stream is shown, given what it showed before. An input
 * once hidden stays hidden: this side hid it because the stream proved a display transform
 * suppressed it (input deltas dropped, §6.4) or because it came from a subagent snapshot, so the
 * raw value a later chunk brings for it (a replayed `tool-input-available`, a `tool-input-error`)
 * is the very value that was hidden. Only a client transform for the tool shows it, as its view.
 */
export function shownInput(ctx: Ctx, call: Call, value: unknown): DisplayValue {
  const client = clientTransformFor(ctx.options.transforms, call.toolName);
  if (call.input.kind === 'hidden' && client === undefined) return call.input;
  return shown(ctx, call, 'input-available', value);
}

/**
 * Whether `payload`, as a suspension part carries it, is the one `call`'s suspension was made with:
 * compared raw where the state knows it (a payload that shows hidden shows alike whatever it is),
 * else (a state read back from a snapshot) as shown.
 */
export const samePayload = (call: ToolCallState, payload: unknown, shown: DisplayValue): boolean =>
  Object.hasOwn(call.raw, 'suspendPayload')
    ? sameValue(call.raw.suspendPayload, payload)
    : sameValue(call.suspension?.payload, shown);

/** Whether a suspension part repeats the one `call` waits on: the call is left as it is. */
export function repeatsSuspension(
  ctx: Ctx,
  call: ToolCallState,
  data: Fields,
  target: DecisionTarget,
  resumeSchema: unknown,
): boolean {
  const { suspension } = call;
  return (
    call.status === 'suspended' &&
    suspension !== undefined &&
    sameTarget(suspension.target, target) &&
    clientTransformFor(ctx.options.transforms, call.toolName) === undefined &&
    // Without a client transform a request raised inside a subagent shows its payload hidden.
    samePayload(
      call,
      data.suspendPayload,
      raisedInSubagent(call)
        ? suppressedValue()
        : {
            kind: call.displayTransform === 'display' ? 'transformed' : 'raw',
            value: data.suspendPayload,
          },
    ) &&
    sameSchema(ctx, call, resumeSchema)
  );
}
