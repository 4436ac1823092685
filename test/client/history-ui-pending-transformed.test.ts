import { reduceAll, selectPendingApprovals, type ToolpaneState } from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { uiMessageOf, userMessage } from '../utils/history';
import { everythingShown, hiddenTexts, hidesValue } from '../utils/shown';

/*
 * Every recording that ends while a request waits in a run where a display transform hides
 * values, through @mastra/ai-sdk as v5 and v6, saved as `useChat` saves the message, then
 * reloaded: the requests read as the live ones (same kind, target and revision, no issue about a
 * changed request), and with the state that showed it before, nothing shows that live hid.
 */

const END = { type: 'toolpane/stream-end' };

/** The recordings whose native stream ends waiting on a request, with some call hiding a value. */
const CASES = fixtureNames().filter((name) => {
  const state = reduceAll([...loadFixture(name), END]);
  return selectPendingApprovals(state).length > 0 && [...state.toolCalls.values()].some(hidesValue);
});

/** What waits, as a session answers it, and which revision of an approval it is. */
const requestsOf = (state: ToolpaneState) =>
  selectPendingApprovals(state).map((p) => ({
    kind: p.kind,
    resumeWith: p.resumeWith,
    revision: p.call.approval?.revision,
  }));

describe('recordings that end while a transformed request waits, reloaded from UI messages', () => {
  it('read each request as live, in v5 and v6, and show nothing live hid', async () => {
    expect(CASES).toEqual(
      expect.arrayContaining([
        'transform-approval-decline-request',
        'nested-transform-approval-request',
        'nested-transform-suspend-request',
      ]),
    );
    for (const name of CASES) {
      for (const version of ['v5', 'v6'] as const) {
        const chunks = await throughAiSdk(loadFixture(name), { version });
        const live = reduceAll([...chunks, END], { formats: [aiSdk] });
        const saved = [userMessage('u1', 'Go'), await uiMessageOf(chunks)];
        const hidden = hiddenTexts(reduceAll([...loadFixture(name), END]));
        const liveShown = everythingShown(live);
        for (const shownBefore of [undefined, live]) {
          const where = `${name} ${version}${shownBefore === undefined ? '' : ' (shownBefore)'}`;
          const rebuilt = stateFromUIMessages(
            saved,
            shownBefore === undefined ? {} : { shownBefore },
          );
          expect(rebuilt.issues, where).toEqual(live.issues);
          expect(requestsOf(rebuilt), where).toEqual(requestsOf(live));
          if (shownBefore === undefined) continue;
          const shown = everythingShown(rebuilt);
          const leaked = hidden.filter((text) => shown.includes(text) && !liveShown.includes(text));
          expect(leaked, where).toEqual([]);
        }
      }
    }
  });
});
