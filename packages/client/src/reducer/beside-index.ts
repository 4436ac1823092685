import type { ShownValues } from './beside-shown.js';
import type { TextMatcher } from './text-match.js';

/*
 * The working memory of `beside.ts`, apart from it so that the reducer's context can hold it
 * without importing what uses the context.
 */

/** Calls that hide, searched together. */
export interface Group {
  readonly keys: string[];
  matcher: TextMatcher | undefined;
}

/** The calls of one run that hide, in groups (see the note in `beside.ts`), and the values it showed. */
export interface RunHiders {
  readonly groups: Group[];
  readonly groupOf: Map<string, Group>;
  /** What each call's texts were last read from. */
  readonly sources: Map<string, readonly unknown[]>;
  /** The values the run's calls showed of what they got back. */
  readonly shown: ShownValues;
  /** The calls that hide anew since the values were last searched again. */
  readonly fresh: Set<string>;
  /** The draft's epoch in which a rollback was last told to drop the run (see `runHiders`). */
  epoch: number;
}

/** Every run read so far, and the calls written since it was last brought up to date. */
export interface BesideIndex {
  readonly runs: Map<string, RunHiders>;
  readonly written: string[];
  /** How many of `written` were looked at. */
  seen: number;
  /** The runs with calls that hide anew. */
  readonly dirty: Set<string>;
}
