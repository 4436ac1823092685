import type { DisplayValue, ToolCallState } from '../state/state.js';
import { leafTexts } from './echo.js';
import { scrubValue } from './scrub.js';
import type { TextMatcher } from './text-match.js';
import { shownValue, suppressedValue } from './transform.js';

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
