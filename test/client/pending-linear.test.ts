// @vitest-environment node
import {
  createToolpaneStore,
  type PendingApproval,
  selectPendingApprovals,
  type ToolpaneState,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { countWork } from '../utils/count';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';

/*
 * The calls waiting for a person are kept as the state changes (`state/awaiting.ts`), so the
 * pending approvals, which a session's status, `useChat`'s adapter and `usePendingApprovals` read
 * at each publish, cost what waits, not every call of the chat. They must be what a scan of every
 * call finds, in stream order, whichever way the state was made.
 */

/** The state as a plain object: what a state made elsewhere is, which the selector scans. */
const plain = (state: ToolpaneState): ToolpaneState => ({
  format: state.format,
  runs: state.runs,
  runOrder: state.runOrder,
  toolCalls: state.toolCalls,
  toolCallOrder: state.toolCallOrder,
  issues: state.issues,
  unknownChunks: state.unknownChunks,
});

const keys = (pending: PendingApproval[]) => pending.map(({ key, kind }) => `${key}:${kind}`);

describe('the pending approvals of a state Toolpane made', () => {
  it.each(fixtureNames())('%s: are those a scan finds after every chunk and decision', (name) => {
    const store = createToolpaneStore(recordingOptions(name));
    const expectSame = (when: string) => {
      const state = store.getState();
      expect(keys(selectPendingApprovals(state)), when).toEqual(
        keys(selectPendingApprovals(plain(state))),
      );
    };
    // The recording twice, as two turns of one chat (ids repeat), then every request decided.
    for (const [turn, chunks] of [loadFixture(name), fixtureAsRun(name, 2)].entries()) {
      for (const [i, chunk] of [...chunks, END].entries()) {
        store.dispatch(chunk);
        expectSame(`turn ${turn}, chunk ${i}`);
      }
    }
    const restored = deserializeState(serializeState(store.getState()));
    expect(keys(selectPendingApprovals(restored))).toEqual(
      keys(selectPendingApprovals(plain(restored))),
    );
    for (const { key, kind } of selectPendingApprovals(store.getState())) {
      store.dispatch(
        kind === 'approval'
          ? { type: 'toolpane/decision-sent', toolCallId: key, approved: false }
          : { type: 'toolpane/decision-sent', toolCallId: key, resumeData: {} },
      );
      expectSame(`after deciding ${key}`);
    }
  });

  it('cost what waits at each publish, not every call of the chat', () => {
    // A chat of many turns, each calling a tool, read by a subscriber at every publish (as a
    // session's status and `usePendingApprovals` are), with one request left waiting.
    const chat = (turns: number) => [
      ...Array.from({ length: turns }, (_, n) => [...fixtureAsRun('tool-call-then-text', n), END]),
      [...fixtureAsRun('approval-request', turns), END],
    ];
    // The work of the reads alone: a scan of every call at each publish grows with the square.
    const work = (turns: number) => {
      const store = createToolpaneStore({ now: () => 0 });
      let pending = 0;
      let count = 0;
      store.subscribe(() => {
        count += countWork(() => {
          pending = selectPendingApprovals(store.getState()).length;
        });
      });
      for (const turn of chat(turns)) for (const chunk of turn) store.dispatch(chunk);
      expect(pending).toBe(1);
      return count;
    };
    const small = work(20);
    const large = work(200);
    console.info(`pending approvals read at every publish: ${small} → ${large} (×10 turns)`);
    expect(large / small).toBeLessThanOrEqual(20);
  });
});
