import { hasValue, type PartialJsonSnapshot } from '../partial-json/partial-json.js';
import type { Mutable } from '../state/draft.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { withoutBesideEchoes } from './beside.js';
import type { Ctx } from './context.js';
import { withoutEchoes } from './echo.js';
import { isRefusal } from './error-text.js';
import { affords, markDisplayTransformed } from './hide.js';
import { withoutInnerEchoes } from './inside.js';
import { withholdModelOutput } from './redact.js';
import {
  applyClientTransform,
  clientTransformFor,
  type DisplayMetadata,
  fromPhase,
  pendingValue,
  type TransformPhase,
} from './transform.js';

type Call = Mutable<ToolCallState>;

/**
 * Learns whether a display transform applies from a chunk's metadata. A chunk that Mastra would
 * have annotated (`evidence`) but that carries no metadata proves that none applies.
 */
export function learn(
  ctx: Ctx,
  call: Call,
  metadata: DisplayMetadata | undefined,
  evidence: boolean,
): void {
  if (metadata !== undefined) markDisplayTransformed(ctx, call);
  else if (evidence && call.displayTransform === 'unknown') call.displayTransform = 'none';
}

/**
 * The value to show for one phase, honouring server metadata, then client transforms. A result,
 * an error or a suspension payload shows none of what the call hides of its other values.
 */
export function displayed(
  ctx: Ctx,
  call: Call,
  metadata: DisplayMetadata | undefined,
  phase: TransformPhase,
  raw: unknown,
): DisplayValue {
  const entry = metadata?.[phase];
  const client =
    metadata === undefined ? clientTransformFor(ctx.options.transforms, call.toolName) : undefined;
  const shown =
    entry !== undefined
      ? fromPhase(entry, phase)
      : call.displayTransform !== 'display'
        ? { kind: 'raw' as const, value: raw }
        : client === undefined
          ? pendingValue()
          : applyClientTransform(client, phase, raw);
  if (phase === 'input-available' || phase === 'approval') return shown;
  return shownBack(ctx, call, phase, withoutEchoes(call, shown, phase === 'error'));
}

/**
 * A value a call got back (a result, an error, a suspension's payload), searched already for
 * what the call itself hides, as it may show: with what the calls beside it in its run hide
 * replaced (and what the model saw of it withheld, when that changed it), and for an `agent-*`
 * or `workflow-*` call's error, or a workflow's result, what the calls inside it hide (a
 * subagent's result is its model's answer, shown as written).
 */
export function shownBack(
  ctx: Ctx,
  call: Call,
  phase: TransformPhase,
  kept: DisplayValue,
): DisplayValue {
  const failure = phase === 'error';
  const beside = withoutBesideEchoes(ctx, call, kept);
  // What the model saw of a result quotes it as it came.
  if (beside !== kept) withholdModelOutput(call);
  return failure || (phase === 'output-available' && call.kind === 'workflow')
    ? withoutInnerEchoes(ctx, call, beside, affords(ctx), failure)
    : beside;
}

/**
 * The error a refused result ({@link isRefusal}) shows, from the result as the call shows it
 * (`displayed` for `output-available`, with what the call hides replaced): its message, or what a
 * display transform made of the result.
 */
export function refusalError(shown: DisplayValue): DisplayValue {
  if (shown.kind !== 'raw' && shown.kind !== 'transformed') return shown;
  const message = isRefusal(shown.value) ? shown.value.message : undefined;
  return typeof message === 'string' ? { kind: shown.kind, value: message } : shown;
}

/** Where a streamed input keeps its snapshot (see {@link streamedInput}). */
const SNAPSHOT = Symbol('snapshot');

/** The `value` of every streamed input: its snapshot's value, as an own enumerable getter. */
const STREAMED_VALUE: PropertyDescriptor = {
  get(this: { [SNAPSHOT]: PartialJsonSnapshot }) {
    return this[SNAPSHOT].value;
  },
  enumerable: true,
  configurable: true,
};

/**
 * What a call shows of its arguments while they stream: the raw value of the parser's snapshot,
 * built when `value` is first read (an own enumerable getter, so spreads, JSON and equality see
 * it) rather than on every delta: building an open array costs O(its items), which per delta made
 * one long argument quadratic. The snapshot never changes, so neither does the value. Undefined
 * while no value has started.
 *
 * Every such value shares one getter, which reads the snapshot from a property no spread or key
 * list sees: an object literal with a getter of its own makes a closure and a dictionary of
 * properties per delta (about 430 bytes where this takes about 100).
 */
export function streamedInput(snapshot: PartialJsonSnapshot): DisplayValue | undefined {
  if (!hasValue(snapshot)) return undefined;
  const input = { kind: 'raw' } as DisplayValue;
  Object.defineProperty(input, SNAPSHOT, { value: snapshot });
  return Object.defineProperty(input, 'value', STREAMED_VALUE);
}
