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
  const hidden = searched.map((matcher) => except(matcher, given));
  try {
    const value = scrubValue(display.value, { hidden });
    return value === display.value ? display : { kind: 'transformed', value };
  } catch (error) {
    // Nested deeper than the call stack allows: none of it shows.
    if (!(error instanceof RangeError)) throw error;
    return suppressedValue();
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
