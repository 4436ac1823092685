import type { Mutable } from '../state/draft.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { mapWorkflowValues } from '../state/workflow-record.js';
import { leafTexts } from './echo.js';
import { hiddenStepValue } from './hide.js';
import { scrubValue } from './scrub.js';
import type { TextMatcher } from './text-match.js';
import { placeholder, shownValue, suppressedValue } from './transform.js';

/*
 * A value beside the calls that hide, searched: what `beside.ts` finds replaced, but what the
 * call whose value it is was given itself.
 */

/**
 * `display`, a value of `call`, with what `matchers` find replaced but what the call was given
 * (see {@link except}); suppressed when it is nested too deep.
 */
export function scrubbed(
  call: ToolCallState,
  display: DisplayValue,
  matchers: readonly TextMatcher[],
): DisplayValue {
  if (display.kind !== 'raw' && display.kind !== 'transformed') return display;
  const searched = matchers.filter((matcher) => !matcher.empty);
  if (searched.length === 0) return display;
  const given = leafTexts(call.raw.input ?? shownValue(call.input));
  const scrubbed = scrubbedWith(
    display.value,
    searched.map((matcher) => except(matcher, given)),
  );
  if (scrubbed === undefined) return suppressedValue();
  return scrubbed.value === display.value
    ? display
    : { kind: 'transformed', value: scrubbed.value };
}

/**
 * `value` with what `hidden` finds replaced; undefined when it is nested deeper than the call
 * stack allows (then none of it shows).
 */
export function scrubbedWith(
  value: unknown,
  hidden: readonly TextMatcher[],
): { value: unknown } | undefined {
  try {
    return { value: scrubValue(value, { hidden }) };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return undefined;
  }
}

/**
 * `matcher` finding none of `given`: a call's value that quotes what the call itself was given is
 * its own to hide or show (`echo.ts`), whatever a call beside it hides of the same (two calls given
 * the same host, one of whose arguments show nothing).
 */
function except(matcher: TextMatcher, given: ReadonlySet<string>): TextMatcher {
  if (given.size === 0) return matcher;
  return {
    ...matcher,
    cover: (text) =>
      matcher.cover(text).filter(([start, end]) => !given.has(text.slice(start, end))),
  };
}

/** A step value (or a workflow's result) through `again`, which searches a call's value; hidden when refused. */
export function stepThrough(
  value: unknown,
  again: (display: DisplayValue) => DisplayValue,
): unknown {
  const raw: DisplayValue = { kind: 'raw', value };
  const shown = again(raw);
  if (shown === raw) return value;
  return shown.kind === 'raw' || shown.kind === 'transformed'
    ? shown.value
    : hiddenStepValue(value);
}

/** The values `call` shows of what it got back, as `valuesThrough` gives them. */
type Back = Pick<Mutable<ToolCallState>, 'output' | 'error' | 'suspension' | 'workflow'> & {
  readonly progress: readonly DisplayValue[];
};

/**
 * Each value `call` shows of what it got back (its result, error, suspension payload, progress,
 * workflow's step values and result) through `again`; undefined when none changed.
 */
export function valuesThrough(
  call: ToolCallState,
  again: (display: DisplayValue) => DisplayValue,
): Back | undefined {
  const output = again(call.output);
  const error = again(call.error);
  const payload = call.suspension && again(call.suspension.payload);
  const progress = call.progress.map(again);
  const workflow =
    call.workflow &&
    mapWorkflowValues(
      call.workflow,
      (value) => stepThrough(value, again),
      (text) => {
        const shown = stepThrough(text, again);
        return typeof shown === 'string' ? shown : placeholder('error');
      },
    );
  if (
    progress.every((value, i) => value === call.progress[i]) &&
    output === call.output &&
    error === call.error &&
    payload === call.suspension?.payload &&
    workflow === call.workflow
  )
    return undefined;
  const suspension = payload === undefined ? call.suspension : { ...call.suspension!, payload };
  return { output, error, suspension, progress, workflow };
}
