// @vitest-environment node
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { ENDINGS } from '../../bench/ending-shapes';
import { fixtureAsRun } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/*
 * A message a stream sends (a run's error) or the client gets (a break, a transport issue) is
 * searched for what the calls that may have made it hide. A reducer's searches draw on a budget
 * that grows with every value it reads (`Scratch.scrubBudget`), so a flood of messages costs a
 * constant per value; a message the budget does not cover shows withheld, whole. What must hold:
 * a flood shows no hidden value anywhere; a realistic chat, however long, never withholds.
 */

const WITHHELD = '[hidden: a message the reducer could not afford to search for hidden values]';
const FLOOD = ENDINGS.find((shape) => shape.name.includes('an error quoting them'))!;

/** Every error message of the state: its runs' errors and error parts. */
function errorMessages(state: ReturnType<typeof reduceAll>): string[] {
  return [...state.runs.values()].flatMap((run) => [
    ...(run.error === undefined ? [] : [run.error]),
    ...run.parts.flatMap((part) => (part.type === 'error' ? [part.message] : [])),
  ]);
}

describe('searching messages for hidden values within a budget', () => {
  it.each([2_000, 20_000])(
    'shows no hidden argument through a flood of %i chunks of errors quoting them',
    (count) => {
      const chunks = FLOOD.chunks(count);
      const store = createToolpaneStore({ now: () => 0 });
      store.subscribe(() => store.getState());
      for (const value of chunks) store.dispatch(value);
      for (const state of [store.getState(), reduceAll(chunks, { now: () => 0 })]) {
        expect(everythingShown(state)).not.toMatch(/sk-\d+-key/);
        const messages = errorMessages(state);
        // The first errors are searched, their quotes hidden; the flood runs the budget out.
        expect(messages[0]).toBe('failed with [hidden]');
        expect(messages).toContain(WITHHELD);
      }
    },
  );

  it('never withholds in a chat whose every turn hides a value and breaks', () => {
    // The recorded turn asks to sign with a key its display transform hides; each turn breaks
    // with a transport error quoting that key, as a server's error might.
    const secret = 'sk-approval-decline-secret-3391';
    const store = createToolpaneStore({ now: () => 0 });
    store.subscribe(() => store.getState());
    for (let turn = 1; turn <= 150; turn++) {
      store.dispatchMany(fixtureAsRun('transform-approval-decline-request', turn));
      store.dispatch({ type: 'toolpane/stream-error', message: `Lost signing with ${secret}` });
    }
    const state = store.getState();
    const breaks = state.issues.filter((issue) => issue.kind === 'transport');
    expect(breaks).toHaveLength(150);
    for (const issue of breaks) expect(issue.message).toBe('Lost signing with [hidden]');
    expect(everythingShown(state)).not.toContain(secret);
  });
});
