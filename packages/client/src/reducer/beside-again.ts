import { setItem } from '../state/list-fields.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { hidesFromData } from './beside-groups.js';
import type { RunHiders } from './beside-index.js';
import { scrubbed, scrubbedWith, valuesThrough } from './beside-scrub.js';
import { type DataAt, dataAt, forget, mayQuote, noteShown } from './beside-shown.js';
import type { Ctx } from './context.js';
import { withForms } from './forms.js';
import { affords, hiddenData } from './hide.js';
import { withholdModelOutput } from './redact.js';
import { type TextMatcher, textMatcher } from './text-match.js';
import { suppressedValue } from './transform.js';
import { toggleAllUndoably, type Undo } from './undo.js';

/*
 * The values a scope showed searched again when its calls hide anew (see `beside.ts`).
 */

/** Whether `call` shows what it got back as it came: no display transform made its values. */
export const showsAsCame = (call: ToolCallState): boolean => call.displayTransform !== 'display';

/**
 * The texts of `fresh` (taken out of it) that `hides` still holds hidden once the value is
 * applied, and how many were new.
 */
function taken(
  fresh: Set<string>,
  hides: (text: string) => boolean,
  undo: Undo,
): [string[], number] {
  const texts = [...fresh];
  toggleAllUndoably(undo, fresh, texts, false);
  return [texts.filter(hides), texts.length];
}

/**
 * Searches again, for what the calls of a scope that hide anew hide, the values it showed and
 * the data parts shown that may quote it (see `beside-shown.ts`); suppressed (a data part hidden
 * whole) when the search is refused.
 */
export function searchAgain(ctx: Ctx, hiders: RunHiders): void {
  const { root, undo } = ctx.draft;
  const { toolCalls } = root;
  const [texts, read] = taken(hiders.fresh, (text) => hiders.counts.has(text), undo);
  const [forData, readForData] = taken(
    hiders.spared.fresh,
    (text) => hidesFromData(hiders, text),
    undo,
  );
  if (texts.length + forData.length === 0) return;
  // Each text in every form it may be quoted in.
  const forms = withForms(texts);
  const dataForms = withForms(forData);
  const found = mayQuote(hiders.shown, root, [...forms, ...dataForms], undo);
  if (found.keys.size === 0) return;
  const paid = affords(ctx)(read + readForData + found.cost);
  const matcher = paid ? textMatcher(forms) : undefined;
  const dataMatcher = paid && dataForms.size > 0 ? textMatcher(dataForms) : undefined;
  for (const key of found.keys) {
    if (typeof key !== 'string') {
      if (!paid || dataMatcher !== undefined) dataAgain(ctx, hiders, key, dataMatcher);
      continue;
    }
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

/**
 * Searches data part `key` again with `matcher` (hidden whole when the search was refused), and
 * notes it again as it shows now.
 */
function dataAgain(
  ctx: Ctx,
  hiders: RunHiders,
  key: DataAt,
  matcher: TextMatcher | undefined,
): void {
  const part = dataAt(ctx.draft.root, key);
  if (part === undefined) return;
  const searched = matcher && scrubbedWith(part.data, [matcher]);
  if (searched?.value === part.data) return;
  ctx.draft.setPart(
    ctx.draft.run(key.runId)!,
    key.at,
    searched === undefined ? hiddenData(part) : { ...part, data: searched.value },
  );
  if (searched !== undefined) noteShown(hiders.shown, key, ctx.draft.undo);
}
