import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { fixtureNames, loadFixture } from './fixtures.js';

/** Whether a recording is an AI SDK stream (its chunks carry no `runId`). */
export const isAiSdk = (chunks: readonly unknown[]) =>
  chunks.some((chunk) => typeof chunk === 'object' && chunk !== null && !('runId' in chunk));

/** A store that reads the recording's format, with the network family. */
export const storeFor = (chunks: readonly unknown[]): ToolpaneStore =>
  createToolpaneStore({ families: [network], ...(isAiSdk(chunks) ? { formats: [aiSdk] } : {}) });

/** The store once the recording ended. */
function ended(chunks: readonly unknown[]): ToolpaneStore {
  const store = storeFor(chunks);
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  return store;
}

/** Each call of the recording, with its kind, once the recording ended. */
export function callsOf(chunks: readonly unknown[]): Map<string, string | undefined> {
  return new Map([...ended(chunks).getState().toolCalls].map(([id, call]) => [id, call.kind]));
}

/** Each run of the recording, once it ended, by the card that shows it on its own. */
export function runsOf(chunks: readonly unknown[]): [string, string][] {
  return [...ended(chunks).getState().runs].map(([id, run]) => [
    id,
    run.network !== undefined ? 'network' : run.depth === 0 ? 'top' : 'nested',
  ]);
}

/** What a card may change on: which calls and runs exist, and the status of each. */
export const shape = (store: ToolpaneStore) =>
  [...store.getState().toolCalls, ...store.getState().runs]
    .map(([id, { status }]) => `${id}:${status}`)
    .join(',');

/** Id references whose element is not in the document. */
export function danglingReferences(root: Document = document): string[] {
  const found: string[] = [];
  for (const attribute of ['aria-controls', 'aria-describedby', 'aria-labelledby', 'for']) {
    for (const element of root.querySelectorAll(`[${attribute}]`)) {
      for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
        if (root.getElementById(id) === null)
          found.push(`${element.getAttribute('data-slot')} ${attribute}=${id}`);
      }
    }
  }
  return found;
}

/** A part or card rendered with the caller's props and a ref, to check in each state. */
export interface Probe {
  /** Whether an element must carry its props in every state. */
  readonly always: boolean;
  readonly key: string;
  readonly id: string;
  /** An object ref, or the element a callback ref was last called with. */
  readonly ref: { current: HTMLElement | null };
}

/** A new probe, with the ref to give the part (the probe's object, or a callback that sets it). */
export function probe(
  key: string,
  id: string,
  always: boolean,
  refKind: 'object' | 'callback',
): { probe: Probe; ref: unknown; props: Record<string, unknown> } {
  const made: Probe = { always, key, id, ref: { current: null } };
  const ref =
    refKind === 'object'
      ? made.ref
      : (element: HTMLElement | null) => {
          made.ref.current = element;
        };
  const props = { id, className: 'mine', 'data-probe': key, 'aria-description': 'probe' };
  return { probe: made, ref, props };
}

/** The problems with each probe's ref and props, in this state. */
export function problems(probes: readonly Probe[]): string[] {
  const found: string[] = [];
  const byKey = new Map<string, HTMLElement[]>();
  for (const element of document.querySelectorAll<HTMLElement>('[data-probe]')) {
    const key = element.getAttribute('data-probe') as string;
    byKey.set(key, [...(byKey.get(key) ?? []), element]);
  }
  for (const { key, always, id, ref } of probes) {
    const marked = byKey.get(key) ?? [];
    const element = marked[0] ?? null;
    const say = (what: string) => found.push(`${key}: ${what}`);
    if (marked.length > 1) say(`${marked.length} elements have its props`);
    if (always && element === null) say('no element has its props');
    if (ref.current !== element) say(`ref is ${ref.current?.getAttribute('data-slot') ?? 'null'}`);
    if (ref.current !== null && !ref.current.isConnected) say('ref detached');
    if (element === null) continue;
    if (element.id !== id) say(`id is ${element.id}`);
    if (!element.classList.contains('mine')) say('no className');
    if (element.getAttribute('aria-description') !== 'probe') say('no aria-description');
    if (element.hasAttribute('missing')) say('a `missing` attribute');
    if (element.hasAttribute('aschild')) say('an `asChild` attribute');
  }
  return found;
}

/** Recordings that give cards, in both formats. */
export const RECORDINGS = fixtureNames().filter((name) => {
  try {
    return callsOf(loadFixture(name)).size > 0;
  } catch {
    return false;
  }
});
if (RECORDINGS.length < 50 || !RECORDINGS.some((name) => isAiSdk(loadFixture(name))))
  throw new Error('Expected recordings with calls, native and AI SDK');

/** A request and the streams that answered it, one after another in one store. */
export const SEQUENCES: readonly (readonly string[])[] = [
  ['approval-request', 'approval-approve'],
  ['approval-decline-request', 'approval-decline'],
  ['approval-chain-request', 'approval-chain-approve-first', 'approval-chain-approve-second'],
  ['suspend-request', 'suspend-resume'],
  ['nested-approval-request', 'nested-approval-approve'],
  ['nested-suspend-request', 'nested-suspend-resume'],
  ['deep-subagent-suspend-request', 'deep-subagent-suspend-resume'],
  ['subagent-workflow-suspend-request', 'subagent-workflow-suspend-resume'],
  ['workflow-suspend-request', 'workflow-suspend-resume'],
  ['network-approval-request', 'network-approval-approve'],
  ['network-tool-approval-decline-request', 'network-tool-approval-decline'],
  ['aisdk-network-approval-request', 'aisdk-network-approval-approve'],
  ['aisdk-v6-parallel-approval-request', 'aisdk-v6-parallel-approval-approve'],
];

/**
 * Plays each recording into the store in turn, calling `check` before the first chunk, after
 * each chunk that changes which calls and runs exist or the status of one, and at each end.
 * With `batched`, the chunks up to each such change are dispatched together (one render per
 * change, found first on a store of its own), which is quicker for many cards.
 */
export function playChecking(
  store: ToolpaneStore,
  recordings: readonly (readonly unknown[])[],
  act: (fn: () => void) => void,
  check: (state: string) => void,
  batched = false,
): void {
  const plan = batched ? storeFor(recordings.flat()) : store;
  check('every call missing');
  let last = shape(plan);
  for (const [n, recording] of recordings.entries()) {
    let from = 0;
    for (const [index, chunk] of recording.entries()) {
      if (batched) plan.dispatch(chunk as never);
      else act(() => store.dispatch(chunk as never));
      const now = shape(plan);
      if (now === last) continue;
      last = now;
      if (batched) act(() => store.dispatchMany(recording.slice(from, index + 1)));
      from = index + 1;
      check(`recording ${n}, after chunk ${index}`);
    }
    if (batched) plan.dispatch({ type: 'toolpane/stream-end' });
    act(() => {
      if (batched) store.dispatchMany(recording.slice(from));
      store.dispatch({ type: 'toolpane/stream-end' });
    });
    last = shape(plan);
    check(`recording ${n} ended`);
  }
}
