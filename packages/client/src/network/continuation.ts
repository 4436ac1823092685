/*
 * An agent network's continuation sent again. Its steps are not matched again the way a run's
 * parts are (see `reducer/replay.ts`): Mastra sends a continuation again as it sent it, so it is
 * read by count (`Cursor.counted`, `readBefore` in `reducer/continuation.ts`).
 */

import type { Ctx } from '../reducer/context.js';
import { sentAgainFrom } from '../reducer/continuation.js';
import { unbreak } from '../reducer/reopen.js';
import { revive } from '../reducer/replay.js';

/**
 * The first chunk of a stream for top-level run `runId` whose continuation is read by count: an
 * agent network's, whose steps are not matched again the way a run's parts are. As
 * `noteContinuation`, a stream that finds the run waiting begins a continuation; one that
 * opens with its first chunk again, when the run has ended or broke off since or waits again with
 * no decision sent since, sends it again, as Mastra sent it: what a break ended goes on, and the
 * chunks the readings before read are skipped (see `readBefore`). O(size of the chunk).
 */
export function beginCounted(ctx: Ctx, runId: string, chunk: { readonly type: string }): void {
  const run = ctx.draft.root.runs.get(runId);
  if (run === undefined || run.parentToolCallId !== null) return;
  const waits = run.status === 'waiting';
  const again = sentAgainFrom(ctx, run, chunk, waits, true);
  if (again !== undefined) {
    reopenCounted(ctx, runId);
    ctx.draft.moveCursor('counted', { runId, read: 0, skip: again.read ?? 0 });
  } else if (waits) {
    ctx.draft.moveCursor('counted', { runId, read: 0, skip: 0 });
  }
}

/**
 * What a break ended, when a continuation read by count is sent again (see `beginCounted`): the
 * run goes on, and so do the calls of it and of the runs inside that the break ended, with what
 * they gathered (the chunks that brought it are skipped), and the runs inside that it
 * interrupted. O(calls inside).
 */
function reopenCounted(ctx: Ctx, runId: string): void {
  const seen = new Set<string>();
  const work = [runId];
  for (let id = work.pop(); id !== undefined; id = work.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    // Only a stream's stop interrupts a run inside a continuation: here, the break's.
    revive(ctx, id);
    for (const key of ctx.draft.root.runs.get(id)?.toolCallIds ?? []) {
      const known = ctx.draft.root.toolCalls.get(key);
      if (known === undefined) continue;
      work.push(...known.childRunIds);
      if (known.brokenOff !== undefined) unbreak(ctx, ctx.draft.toolCall(key)!);
    }
  }
}
