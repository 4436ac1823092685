// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts } from '../utils/shown';

/*
 * A snapshot (`serializeState`, what a server hands to the browser) leaves out the raw values of
 * every call that hides some, so the browser's store no longer knows what to search a message
 * for. A message that may quote them, arriving after the restore (a run's error, a failed
 * decision, a broken stream), shows withheld whole: over every recording with a call that hides
 * a value, each message quoting each hidden text shows none of it, as it does live.
 */

/** What a store shows, messages included: run errors, decision errors and issues. */
function shownWithMessages(state: ToolpaneState): string {
  const runs = [...state.runs.values()].map((run) => run.error ?? '');
  const decisions = [...state.toolCalls.values()].map((call) => [
    call.approval?.error,
    call.suspension?.error,
  ]);
  return everythingShown(state) + JSON.stringify([runs, decisions, state.issues]);
}

const CASES = fixtureNames()
  .map((name) => {
    const state = reduceAll(loadFixture(name), recordingOptions(name));
    return { name, state, secrets: hiddenTexts(state) };
  })
  .filter(({ secrets }) => secrets.length > 0);

/** The messages a server or the network may send after the restore, each quoting `quote`. */
function followUps(name: string, state: ToolpaneState, quote: string): unknown[] {
  const out: unknown[] = [{ type: 'toolpane/stream-error', message: `proxy said ${quote}` }];
  for (const call of state.toolCalls.values()) {
    if (call.status !== 'approval-requested' && call.status !== 'suspended') continue;
    const decided =
      call.status === 'approval-requested'
        ? { approved: true }
        : { resumeData: { confirmed: true } };
    out.push(
      { type: 'toolpane/decision-sent', toolCallId: call.key, ...decided },
      { type: 'toolpane/decision-failed', toolCallId: call.key, error: `HTTP 500: ${quote}` },
    );
  }
  for (const run of state.runs.values()) {
    if (run.parentToolCallId !== null) continue;
    out.push(
      isAiSdkRecording(name)
        ? { type: 'error', errorText: `failed with ${quote}` }
        : {
            type: 'error',
            runId: run.streamRunId ?? run.runId,
            from: 'AGENT',
            payload: { error: { message: `failed with ${quote}` } },
          },
    );
  }
  return out;
}

function expectHidden(store: ToolpaneStore, chunks: unknown[], secrets: string[]) {
  for (const chunk of chunks) store.dispatch(chunk);
  store.dispatch({ type: 'toolpane/stream-end' });
  const shown = shownWithMessages(store.getState());
  for (const secret of secrets) expect(shown, secret).not.toContain(secret);
}

describe('a message quoting a hidden value after a snapshot was restored', () => {
  it('is checked over recordings with calls that hide values, in both formats', () => {
    const names = CASES.map(({ name }) => name);
    expect(names.length).toBeGreaterThan(10);
    expect(names.some(isAiSdkRecording)).toBe(true);
  });

  describe.each(CASES)('$name', ({ name, state, secrets }) => {
    const quote = secrets.join(' and ');
    const chunks = followUps(name, state, quote);

    it('shows none of it live', () => {
      const store = createToolpaneStore({ ...recordingOptions(name), initialState: state });
      expectHidden(store, chunks, secrets);
    });

    it('shows none of it in the browser that restored the snapshot', () => {
      const json = JSON.parse(JSON.stringify(serializeState(state)));
      for (const secret of secrets) expect(JSON.stringify(json), secret).not.toContain(secret);
      const store = createToolpaneStore({
        ...recordingOptions(name),
        initialState: deserializeState(json),
      });
      expectHidden(store, chunks, secrets);
    });
  });
});
