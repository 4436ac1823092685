import { createToolpaneStore, type ReduceOptions, reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { countWork } from '../utils/count';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * A chat is many runs, and each run of the same agent repeats what the last one did: the same
 * tools, often under the same toolCallIds, subagents and workflows, approvals and resumes. Every
 * recording played as a conversation must cost the same work per turn however many turns came
 * before: the 20 turns after the first 20 may cost at most 2.5 times the 10 after the first 10
 * (2 times when each turn costs the same, up to 2.4 with the O(log n) of persistent structures, 4
 * when each turn walks the turns before it). The work is counted, not timed (`countWork`).
 */

const NAMES = fixtureNames();

const optionsFor = (name: string): ReduceOptions => ({
  formats: name.includes('aisdk') ? [aiSdk] : [],
  families: name.includes('network') ? [network] : [],
});

/** Whether a call of the recording hides a value (its transform hides it, or its arguments). */
const hidesSomething = (name: string) =>
  [...reduceAll(loadFixture(name), optionsFor(name)).toolCalls.values()].some(
    (call) => call.displayTransform === 'display' || call.input.kind === 'hidden',
  );

const END = { type: 'toolpane/stream-end' };
const BROKE = { type: 'toolpane/stream-error', message: 'The connection closed' };

/**
 * The recording as `turns` runs of one chat, through a store that publishes after each chunk;
 * with `stop`, each turn's stream ends with it (as a session's do).
 */
function chat(name: string, turns: number, stop?: object): () => void {
  const chunks = Array.from({ length: turns }, (_, i) => [
    ...fixtureAsRun(name, i + 1),
    ...(stop === undefined ? [] : [stop]),
  ]).flat();
  return () => {
    const store = createToolpaneStore({ ...optionsFor(name), now: () => 0 });
    store.subscribe(() => store.getState());
    for (const chunk of chunks) store.dispatch(chunk);
  };
}

describe('a recording played as a long chat', () => {
  it.each(NAMES)('%s: a turn costs no more after 20 turns than after 10', (name) => {
    const [ten, twenty, forty] = [10, 20, 40].map((turns) => countWork(chat(name, turns)));
    expect((forty! - twenty!) / (twenty! - ten!)).toBeLessThanOrEqual(2.5);
  });

  // A stream's end ends what its stream left open, not what the chat holds. A break's message is
  // searched for every value the chat hides (a server's error may quote any of them), so a break
  // costs what the chat hides: those recordings are left out of the break's case.
  for (const [how, stop, names] of [
    ['ended', END, NAMES],
    ['broken off', BROKE, NAMES.filter((name) => !hidesSomething(name))],
  ] as const) {
    it.each(names)(`%s: each turn's stream ${how}, a turn costs the same`, (name) => {
      const [ten, twenty, forty] = [10, 20, 40].map((turns) => countWork(chat(name, turns, stop)));
      expect((forty! - twenty!) / (twenty! - ten!)).toBeLessThanOrEqual(2.5);
    });
  }
});
