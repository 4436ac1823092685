import { createToolpaneStore, type NotifySchedule, type StoreKey } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as keys from '../../packages/client/src/store/keys.js';
import { deepChain } from '../utils/deep-chain.js';
import { loadFixture } from '../utils/fixtures.js';

// Every key a store names goes through `keysOf`: counting its calls counts the publishes that
// built keys.
vi.mock('../../packages/client/src/store/keys.js', async (original) => {
  const actual = await original<typeof import('../../packages/client/src/store/keys.js')>();
  return { ...actual, keysOf: vi.fn(actual.keysOf) };
});
const keysOf = vi.mocked(keys.keysOf);
afterEach(() => keysOf.mockClear());

const load = (...names: string[]) => names.flatMap((name) => loadFixture(name));

/** Real recordings: subagents two and three deep, several runs in one store, the AI SDK path. */
const STREAMS = [
  { name: 'subagents three deep', chunks: load('subagent-three-deep') },
  {
    name: 'approvals two levels deep, then approved (two runs, one store)',
    chunks: load('approval-two-level-request', 'approval-two-level-approve'),
  },
  {
    name: 'three turns in one store',
    chunks: load('tool-then-text', 'parallel-tools-error', 'subagent-two-level'),
  },
  {
    name: 'AI SDK: an approval three subagents deep',
    chunks: [...load('aisdk-v6-approval-two-level'), ...deepChain(3)],
    options: { formats: [aiSdk] },
  },
];

describe('a publish without keyed subscribers names no keys', () => {
  for (const { name, chunks, options } of STREAMS) {
    it(`${name}: a global subscriber that reads the state after every chunk`, () => {
      const store = createToolpaneStore(options);
      let told = 0;
      store.subscribe(() => {
        store.getState();
        told++;
      });
      for (const chunk of chunks) store.dispatch(chunk);
      store.dispatchMany(chunks.slice(0, 5));
      expect(told).toBeGreaterThan(chunks.length / 2);
      expect(keysOf).not.toHaveBeenCalled();
    });

    for (const notify of ['microtask', 'frame'] as NotifySchedule[]) {
      it(`${name}: batched per ${String(notify)}, the state read between chunks`, async () => {
        const store = createToolpaneStore({ ...options, notify });
        let told = 0;
        store.subscribe(() => told++);
        for (const chunk of chunks) {
          store.dispatch(chunk);
          store.getState();
        }
        store.flush();
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(told).toBeGreaterThan(0);
        expect(keysOf).not.toHaveBeenCalled();
      });
    }

    it(`${name}: keys are named once a keyed subscriber listens, and for it alone`, () => {
      const store = createToolpaneStore(options);
      const half = Math.floor(chunks.length / 2);
      for (const chunk of chunks.slice(0, half)) store.dispatch(chunk);
      let woken = 0;
      const off = store.subscribeKey('toolCalls', () => woken++);
      for (const chunk of chunks.slice(half)) store.dispatch(chunk);
      expect(woken).toBeGreaterThan(0);
      const named = keysOf.mock.calls.length;
      expect(named).toBeGreaterThan(0);
      off();
      store.subscribe(() => store.getState());
      for (const chunk of chunks) store.dispatch(chunk);
      expect(keysOf.mock.calls.length).toBe(named);
    });
  }
});

describe('the keys a listener reads are those of its own notification, whenever it reads them', () => {
  for (const { name, chunks, options } of STREAMS) {
    it(`${name}: sets kept and read after the stream ended equal sets read at once`, () => {
      const eager = createToolpaneStore(options);
      const lazy = createToolpaneStore(options);
      const readAtOnce: StoreKey[][] = [];
      const kept: ReadonlySet<StoreKey>[] = [];
      eager.subscribe((changed) => readAtOnce.push(changed === null ? [] : [...changed].sort()));
      lazy.subscribe((changed) => {
        if (changed !== null) kept.push(changed);
      });
      for (const chunk of chunks) {
        eager.dispatch(chunk);
        lazy.dispatch(chunk);
      }
      expect(keysOf.mock.calls.length).toBe(readAtOnce.length);
      const readLate = kept.map((changed) => [...changed].sort());
      expect(readLate).toEqual(readAtOnce);
      expect(kept.map((changed) => changed.size)).toEqual(readAtOnce.map((k) => k.length));
      for (const [i, changed] of kept.entries()) {
        for (const key of readAtOnce[i]!) expect(changed.has(key)).toBe(true);
        const seen: StoreKey[] = [];
        changed.forEach((key) => {
          seen.push(key);
        });
        expect(seen.sort()).toEqual(readAtOnce[i]);
      }
    });
  }
});

describe('a batch of publishes names the keys of all of them', () => {
  for (const { name, chunks, options } of STREAMS) {
    it(`${name}: every 3 chunks one notification, the state read after each chunk`, () => {
      const eager = createToolpaneStore(options);
      const perChunk: Set<StoreKey>[] = [];
      eager.subscribe((changed) => perChunk.push(new Set(changed ?? [])));
      let flush: (() => void) | undefined;
      const batched = createToolpaneStore({
        ...options,
        notify: (next) => {
          flush = next;
        },
      });
      const kept: ReadonlySet<StoreKey>[] = [];
      batched.subscribe((changed) => {
        if (changed !== null) kept.push(changed);
      });
      const expected: StoreKey[][] = [];
      let round = new Set<StoreKey>();
      for (const [i, chunk] of chunks.entries()) {
        const heard = perChunk.length;
        eager.dispatch(chunk);
        for (const keys of perChunk.slice(heard)) for (const key of keys) round.add(key);
        batched.dispatch(chunk);
        batched.getState();
        if (i % 3 === 2 || i === chunks.length - 1) {
          const before = kept.length;
          flush?.();
          flush = undefined;
          if (kept.length > before) expected.push([...round].sort());
          else expect(round.size).toBe(0);
          round = new Set();
        }
      }
      expect(kept.map((changed) => [...changed].sort())).toEqual(expected);
    });
  }
});
