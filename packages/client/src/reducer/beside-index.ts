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
  /** What building its matcher cost when the budget last refused it. */
  refused?: number;
}

/**
 * The calls of one tree of runs (a top-level run and every run nested under its calls) or of one
 * run that hide, in groups (see the note in `beside.ts`), and the values its calls showed.
 */
export interface RunHiders {
  /** A tree's; else a run's, for what its calls that no transform is known for tell nothing of. */
  readonly wide: boolean;
  readonly groups: Group[];
  readonly groupOf: Map<string, Group>;
  /** What each call's texts were last read from. */
  readonly sources: Map<string, readonly unknown[]>;
  /** What each call hides from the values beside it, as last read (see `besideTexts`). */
  readonly texts: Map<string, readonly string[]>;
  /** The values its calls showed of what they got back. */
  readonly shown: ShownValues;
  /** The calls that hide anew since the values were last searched again. */
  readonly fresh: Set<string>;
  /** The draft's epoch in which a rollback was last told to drop it (see `scopeHiders`). */
  epoch: number;
}

/** Every tree and run read so far, and the calls written since they were last brought up to date. */
export interface BesideIndex {
  /** Keyed by the tree's top-level run. */
  readonly trees: Map<string, RunHiders>;
  readonly runs: Map<string, RunHiders>;
  /** The top-level run of each run looked up so far (see `treeOf`). */
  readonly tops: Map<string, string>;
  readonly written: string[];
  /** How many of `written` were looked at. */
  seen: number;
  /** The trees and runs with calls that hide anew. */
  readonly dirty: Set<RunHiders>;
}
