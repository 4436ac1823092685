import { placeholder, readDisplayMetadata, type TransformPhase } from '../reducer/transform.js';

/*
 * What a saved value may show when the record that carries it also carries Mastra's display
 * transform metadata (`mastra.toolPayloadTransform.display`) and no reader applies it: the
 * answer a later message holds for a call that waited for the app, a request Mastra keeps in a
 * message's metadata. A display transform that made no view of the value hides it.
 */

/** Whether provider metadata carries a display transform. */
export const hasDisplay = (metadata: unknown): boolean =>
  readDisplayMetadata(metadata) !== undefined;

/**
 * `value` as a display transform lets it show: as it is when `metadata` carries no display
 * transform; else the view of the first of `phases` that has one; else Mastra's placeholder for
 * the first phase (`{ message: 'Tool … payload unavailable' }`), never the value itself.
 */
export function displayView(
  metadata: unknown,
  phases: readonly [TransformPhase, ...TransformPhase[]],
  value: unknown,
): unknown {
  const display = readDisplayMetadata(metadata);
  if (display === undefined) return value;
  for (const phase of phases) {
    const entry = display[phase];
    if (entry !== undefined && 'transformed' in entry && !entry.failed && !entry.suppress) {
      return entry.transformed;
    }
  }
  return { message: placeholder(phases[0]) };
}

/**
 * The text of an error as a display transform lets it show: as it is without one, else the text
 * of the `error` phase's view, else Mastra's placeholder.
 */
export function errorView(metadata: unknown, text: string): string {
  const view = displayView(metadata, ['error'], text);
  if (typeof view === 'string') return view;
  const message = (view as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : placeholder('error');
}

/**
 * How a reader shows the saved values a display transform covers. The memory reader loads on a
 * session's first restore, and gets these from the code that loads it: that code has the
 * reducer's transform reading already, so the reader adds none of it to the page.
 */
export interface SavedViews {
  readonly displayView: typeof displayView;
  readonly errorView: typeof errorView;
}

/** The views of {@link SavedViews}. */
export const SAVED_VIEWS: SavedViews = { displayView, errorView };
