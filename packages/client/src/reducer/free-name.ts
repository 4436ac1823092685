import type { Draft } from '../state/draft.js';
import { PersistentMap } from '../state/persistent-map.js';
import { StateRoot } from '../state/state-root.js';

/*
 * Names the reducer makes up: `<runId>@top`, `<runId>@top2`, … for a top-level run whose id a
 * subagent run holds, `ai-sdk-run-<n>` for an AI SDK message without a messageId. Each is the
 * first of its kind that is free, tried by number. A name once taken stays taken (runs are never
 * removed, and a run inside a call stays inside it), so a search may go on from where the last
 * one of its kind stopped: the state's lists keep that number per kind (`names`), and the
 * searches of a kind together try each taken name about once, where trying from the first each
 * time cost a stream that took many names (or sent runs named like them) their square. A state
 * made elsewhere searches from the first once: the same name either way, so a pure `reduce`, a
 * store and `reduceAll` agree.
 */

/**
 * The first free name of a kind: `name(n)` for the least `n` from `from` (or from where the last
 * search of the kind stopped, when later) that `taken` does not hold. `taken` must hold every
 * name it held before.
 */
export function freeName(
  draft: Draft,
  kind: string,
  from: number,
  name: (n: number) => string,
  taken: (name: string) => boolean,
): string {
  const names = StateRoot.lists(draft.root).names ?? PersistentMap.empty<number>();
  const known = names.get(kind);
  let n = Math.max(from, known ?? from);
  while (taken(name(n))) n++;
  if (n !== known) draft.setIndex('names', names.set(kind, n));
  return name(n);
}
