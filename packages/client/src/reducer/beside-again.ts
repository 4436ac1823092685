import { setItem } from '../state/list-fields.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import type { RunHiders } from './beside-index.js';
import { scrubbed, valuesThrough } from './beside-scrub.js';
import { forget, mayQuote, noteShown } from './beside-shown.js';
import type { Ctx } from './context.js';
import { affords } from './hide.js';
import { withholdModelOutput } from './redact.js';
import { textMatcher } from './text-match.js';
import { suppressedValue } from './transform.js';
import { toggleUndoably } from './undo.js';

/*
 * The values a scope showed searched again when its calls hide anew (see `beside.ts`).
 */

/** Whether `call` shows what it got back as it came: no display transform made its values. */
export const showsAsCame = (call: ToolCallState): boolean => call.displayTransform !== 'display';

/**
 * Searches again, for what the calls of a scope that hide anew hide, the values it showed
 * that may quote it (see `beside-shown.ts`); suppressed when the search is refused.
 */
export function searchAgain(ctx: Ctx, hiders: RunHiders): void {
  if (hiders.fresh.size === 0) return;
  const { root, undo } = ctx.draft;
  const { toolCalls } = root;
  const fresh = [...hiders.fresh];
  for (const text of fresh) toggleUndoably(undo, hiders.fresh, text, false);
  // Of those, what its calls still hide once the value is applied.
  const texts = fresh.filter((text) => hiders.counts.has(text));
  if (texts.length === 0) return;
  const found = mayQuote(hiders.shown, toolCalls, texts, undo);
  if (found.keys.size === 0) return;
  const paid = affords(ctx)(fresh.length + found.cost);
  const matcher = paid ? textMatcher(texts) : undefined;
  for (const key of found.keys) {
    const call = toolCalls.get(key);
    if (call === undefined || !showsAsCame(call)) continue;
    const again = (display: DisplayValue) =>
      matcher === undefined
        ? display.kind === 'none' || display.kind === 'hidden'
          ? display
          : suppressedValue()
        : scrubbed(call, display, [matcher]);
    const changed = valuesThrough(call, again);
    if (changed === undefined) continue;
    const editable = ctx.draft.toolCall(key)!;
    const { output, error, suspension, workflow, progress } = changed;
    editable.output = output;
    editable.error = error;
    if (suspension !== call.suspension) editable.suspension = suspension;
    if (workflow !== call.workflow) editable.workflow = workflow;
    for (const [i, value] of progress.entries())
      if (value !== call.progress[i]) setItem(editable, 'progress', i, value);
    withholdModelOutput(editable);
    if (matcher !== undefined) noteShown(hiders.shown, key, undo);
  }
  if (matcher === undefined) forget(hiders.shown, found, undo);
}
