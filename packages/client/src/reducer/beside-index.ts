import type { Stack } from '../state/stack.js';
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

/** What calls hide, counted (see `setTexts`). */
export interface Tally {
  /** What each call hides, as last read (see `besideTexts`). */
  readonly texts: Map<string, readonly string[]>;
  /** How many of the calls hide each text. */
  readonly counts: Map<string, number>;
  /**
   * The texts that its calls hide anew since the values were last searched again: a text another
   * of its calls hid already was searched for in every value shown since.
   */
  readonly fresh: Set<string>;
}

/**
 * The calls of the state (every run of every turn) or of one run that hide, in groups (see the
 * note in `beside.ts`), what they hide from the values its calls showed (itself), and from the
 * data parts shown (`data`), and those values.
 */
export interface RunHiders extends Tally {
  /** The state's; else a run's, for what its calls that no transform is known for tell nothing of. */
  readonly wide: boolean;
  readonly groups: Group[];
  readonly groupOf: Map<string, Group>;
  /** What each call's texts were last read from. */
  readonly sources: Map<string, readonly unknown[]>;
  /**
   * The texts its calls hide from the values but not from the data parts shown before them:
   * every text of a call a stream's break ended while nothing tells what it hides (`untold`)
   * but what its view tells (a data part is not read again when the stream is sent again, so what
   * it shows must not depend on whether the stream broke first). Its `fresh` holds the texts
   * hidden anew from those data parts (see `hidesFromData`).
   */
  readonly spared: Tally;
  /** The values its calls showed of what they got back, and the data parts shown. */
  readonly shown: ShownValues;
  /**
   * The calls read with it since the values were last searched again, as they were then: those
   * written since that it was read after (see `note`).
   */
  readonly readNow: Set<string>;
}

/**
 * The state's scope and every run's read so far, and the calls written since they were last
 * brought up to date.
 */
export interface BesideIndex {
  /** The state's, once read (keyed by the empty string). */
  readonly wide: Map<string, RunHiders>;
  readonly runs: Map<string, RunHiders>;
  readonly written: Stack<string>;
  /**
   * The calls that hide that a stream's break ended, and the reopening marks of the stream they
   * were last read with (see `untold`): when the marks change, each is read again.
   */
  readonly broken: Set<string>;
  reopening: unknown;
  /** How many of `written` were looked at. */
  seen: number;
  /** The trees and runs with calls that hide anew. */
  readonly dirty: Set<RunHiders>;
  /** The scopes whose `readNow` holds calls. */
  readonly readNow: Set<RunHiders>;
}
