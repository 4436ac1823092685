import type { Draft, Mutable } from '../state/draft.js';
import { partAt, partCount } from '../state/run-record.js';
import type { RunPart, RunState, Usage } from '../state/state.js';
import { besideShowsData, dataWithoutBesideEchoes } from './beside.js';
import type { Ctx } from './context.js';
import { hiddenData, runHasDisplayTransform } from './hide.js';
import { dataKey, lastOpen, partIndexOf, textKey, textPartAt } from './part-index.js';
import { dataElsewhere, replayedRun, replayPart } from './replay.js';
import { sameValue } from './same-value.js';

/** A text or reasoning part of a run. */
export type TextPart = Extract<RunPart, { type: 'text' | 'reasoning' }>;

/**
 * The text or reasoning part with this id, created when missing or when a newer part of the same
 * type is still streaming (a new block with a reused id). Found through the run's part index, so
 * the cost does not grow with the run.
 */
export function editTextPart(
  ctx: Ctx,
  run: Mutable<RunState>,
  type: TextPart['type'],
  id: string,
): Mutable<TextPart> {
  const index = partIndexOf(ctx.scratch.partIndexes, run, ctx.draft.undo);
  const at = index.last.get(textKey(type, id));
  if (at !== undefined && lastOpen(index, run, type, ctx.draft.undo) <= at) {
    const owned = { ...partAt(run, at)! } as Mutable<TextPart>;
    ctx.draft.setPart(run, at, owned);
    return owned;
  }
  const part: Mutable<TextPart> = { type, id, text: '', state: 'streaming' };
  ctx.draft.pushPart(run, part);
  return part;
}

/** The part {@link editTextPart} would edit, when there is one; nothing is copied. */
export function currentTextPart(
  ctx: Ctx,
  run: RunState,
  type: TextPart['type'],
  id: string,
): TextPart | undefined {
  const at = textPartAt(ctx.scratch.partIndexes, run, type, id, ctx.draft.undo);
  return at === -1 ? undefined : (partAt(run, at) as TextPart);
}

/**
 * Appends a text or reasoning delta to the part with this id. Text deltas are the most frequent
 * chunk, and come in runs for one part: the part a delta went to is remembered, and the next delta
 * for it, when it is still the run's last part, edits it in place if it was copied in this epoch
 * and copies it once otherwise, without looking it up again.
 */
export function appendText(
  ctx: Ctx,
  run: Mutable<RunState>,
  type: TextPart['type'],
  id: string,
  delta: string,
): void {
  const last = ctx.scratch.lastText;
  const { draft } = ctx;
  const at = partCount(run) - 1;
  const part = last.part;
  if (
    part !== undefined &&
    last.runId === run.runId &&
    partAt(run, at) === part &&
    part.type === type &&
    part.id === id
  ) {
    if (last.epoch === draft.epoch) part.text += delta;
    else {
      // A spread, then a write: a spread with a field after it takes a slow path in V8.
      const copy = { ...part };
      copy.text = part.text + delta;
      draft.setPart(run, at, copy);
      last.part = copy;
      last.epoch = draft.epoch;
    }
    return;
  }
  const edited = editTextPart(ctx, run, type, id);
  edited.text += delta;
  last.runId = run.runId;
  last.part = edited;
  last.epoch = draft.epoch;
}

/** Marks the text or reasoning part with this id as done. */
export function closeTextPart(
  ctx: Ctx,
  run: Mutable<RunState>,
  type: TextPart['type'],
  id: string,
): void {
  editTextPart(ctx, run, type, id).state = 'done';
  ctx.scratch.lastText.part = undefined;
}

/**
 * Marks the text and reasoning parts of an ended run that are still streaming as done: a run that
 * stopped (an abort, an error, a stream cut short) leaves nothing of its transcript open.
 */
export function closeOpenParts(ctx: Ctx, runId: string): void {
  const { draft } = ctx;
  const run = draft.root.runs.get(runId);
  if (run === undefined) return;
  const index = partIndexOf(ctx.scratch.partIndexes, run, ctx.draft.undo);
  for (const type of ['text', 'reasoning'] as const) {
    // Each part found open is closed in the run the draft now holds, which the next look reads.
    for (let at = lastOpen(index, run, type, ctx.draft.undo); at !== -1; ) {
      const editable = draft.run(runId)!;
      draft.setPart(editable, at, { ...(partAt(editable, at) as TextPart), state: 'done' });
      at = lastOpen(index, editable, type, ctx.draft.undo);
    }
  }
  ctx.scratch.lastText.part = undefined;
}

/**
 * A run's final answer that arrived whole instead of streamed (a network whose last agent's answer
 * sufficed): kept as the run's text when the run has none, so it still reads as the answer.
 */
export function addUnstreamedAnswer(draft: Draft, run: Mutable<RunState>, text: unknown): void {
  if (typeof text !== 'string' || text === '' || run.parts.some((p) => p.type === 'text')) return;
  draft.push(run, 'parts', { type: 'text', id: 'network-result', text, state: 'done' });
}

/**
 * The run a `data-*` chunk without a run of its own belongs to. Mastra re-emits the
 * `writer.custom` chunks of a tool inside a subagent unwrapped, at the top of the stream: such a
 * chunk goes to the innermost subagent run still streaming on the path of the latest nested
 * chunk, and otherwise to `topRunId`.
 */
export function dataRunId(ctx: Ctx, topRunId: string | undefined): string | undefined {
  let runId = ctx.draft.cursor().lastNestedRunId;
  for (let hops = 0; runId !== undefined && hops < 64; hops++) {
    const run = ctx.draft.root.runs.get(runId);
    if (run === undefined || run.parentToolCallId === null) break;
    if (run.status === 'streaming') return runId;
    runId = ctx.draft.root.toolCalls.get(run.parentToolCallId)?.runId;
  }
  return topRunId;
}

/** Adds a data part to a run; a part with an id replaces the earlier part of that name and id. */
export function putDataPart(
  ctx: Ctx,
  runId: string,
  name: string,
  id: string | undefined,
  data: unknown,
): void {
  // Mastra applies no transform to what a tool or workflow step writes with `writer.custom`, and
  // a bare data chunk names no call: in a run where a transform applies, it may quote what the
  // transform hides.
  // Elsewhere it may quote what another call hides (a subagent's tool wrote it, a sibling got it
  // back, an earlier turn's call was given it): searched as a value beside those calls is, and
  // again when one hides later.
  const searched = runHasDisplayTransform(ctx, runId)
    ? undefined
    : dataWithoutBesideEchoes(ctx, runId, data);
  const part: RunPart =
    searched === undefined
      ? hiddenData({ name, id })
      : { type: 'data', name, data: searched.data, ...(id ? { id } : {}) };
  const run = ctx.draft.root.runs.get(runId)!;
  let at = partCount(run);
  if (!id) {
    // Read again, a part without an id changes nothing: the run holds it, or it went to a run
    // inside a call, where Mastra's re-emitted `writer.custom` chunks go (see `dataRunId`), and
    // shown here it would show what that run hides.
    const replayed = replayedRun(ctx, runId);
    if (
      replayed !== undefined &&
      (replayPart(ctx, replayed, part, false) || dataElsewhere(ctx, runId))
    ) {
      return;
    }
  } else {
    const held = partIndexOf(ctx.scratch.partIndexes, run, ctx.draft.undo).last.get(
      dataKey(name, id),
    );
    if (held !== undefined) {
      // The same part sent again as it was changes nothing: the run is left as it is. Compared as
      // kept: a hidden part keeps no data.
      const was = partAt(run, held);
      if (was?.type === 'data' && sameValue(was, part)) return;
      at = held;
    }
  }
  if (at < partCount(run)) ctx.draft.setPart(ctx.draft.run(runId)!, at, part);
  else ctx.draft.pushPart(ctx.draft.run(runId)!, part);
  if (searched !== undefined) besideShowsData(ctx, runId, at);
}

const USAGE_KEYS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'reasoningTokens',
  'cachedInputTokens',
] as const;

/** The token counts of a usage object (`{}` when it has none), or undefined for a non-object. */
export function usageOf(value: unknown): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const u = value as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const key of USAGE_KEYS) {
    if (typeof u[key] === 'number') out[key] = u[key];
  }
  return out as Usage;
}

/** The token counts of a usage object, or undefined when it has none. */
export function countedUsage(value: unknown): Usage | undefined {
  const usage = usageOf(value);
  return usage !== undefined && Object.keys(usage).length > 0 ? usage : undefined;
}

/** Whether two usages hold the same counts. */
export const sameUsage = (a: Usage | undefined, b: Usage | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && USAGE_KEYS.every((key) => a[key] === b[key]));
