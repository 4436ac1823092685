// @vitest-environment node
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { fixtureAsRun, loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/**
 * Errors that come from outside the call's own chunks: a server refusing a decision, a run's
 * `error` chunk, a stream that broke, a transport failure. Each may quote the arguments of a call
 * whose display transform hides them; none shows what the call hides, wherever it lands (the
 * request's error, the run's error and error part, the calls the run ends, `state.issues`).
 */

const SECRET = 'sk-approval-decline-secret-3391';
const CALL = 'call-sign-decline-1';
const QUOTE = `Tool signBuildTool failed for {"signingKey":"${SECRET}"}`;
const END = { type: 'toolpane/stream-end' };

type Chunk = { type: string; runId?: string };

/** The recorded request, waiting for approval, with the decision sent. */
async function decided(format: 'mastra' | 'ai-sdk'): Promise<ToolpaneStore> {
  const native = loadFixture('transform-approval-decline-request');
  const chunks = format === 'mastra' ? native : await throughAiSdk(native, { version: 'v6' });
  const store = createToolpaneStore(format === 'mastra' ? {} : { formats: [aiSdk] });
  store.dispatchMany([...chunks, END]);
  expect(store.getState().toolCalls.get(CALL)?.status).toBe('approval-requested');
  expect(everythingShown(store.getState())).not.toContain(SECRET);
  store.dispatch({ type: 'toolpane/decision-sent', toolCallId: CALL, approved: true });
  return store;
}

const runId = (loadFixture('transform-approval-decline-request')[0] as Chunk).runId!;

const CASES: Record<string, (store: ToolpaneStore, format: 'mastra' | 'ai-sdk') => void> = {
  'the server refuses the decision': (store) =>
    store.dispatch({ type: 'toolpane/decision-failed', toolCallId: CALL, error: QUOTE }),
  'the server accepted it, and the continuation failed': (store) =>
    store.dispatch({
      type: 'toolpane/decision-failed',
      toolCallId: CALL,
      error: QUOTE,
      accepted: true,
    }),
  "the continuation's run ends with an error": (store, format) => {
    store.dispatch(
      format === 'mastra'
        ? { type: 'error', runId, from: 'AGENT', payload: { error: { message: QUOTE } } }
        : { type: 'error', errorText: QUOTE },
    );
  },
  'the stream breaks': (store) => store.dispatch({ type: 'toolpane/stream-error', message: QUOTE }),
  'the transport fails': (store) =>
    store.dispatch({ type: 'toolpane/issue', issue: { kind: 'transport', message: QUOTE } }),
};

describe('an error that quotes arguments a display transform hides', () => {
  for (const format of ['mastra', 'ai-sdk'] as const) {
    for (const [name, fail] of Object.entries(CASES)) {
      it(`${format}: ${name}`, async () => {
        const store = await decided(format);
        fail(store, format);
        const state = store.getState();
        const shown = everythingShown(state);
        expect(shown).not.toContain(SECRET);
        // What the message says around the quote stays.
        expect(shown).toContain('Tool signBuildTool failed for');
        expect(JSON.stringify([...state.runs.values()].map((run) => run.error))).not.toContain(
          SECRET,
        );
      });
    }
  }
});

/** Later turns of the chat, each a run of its own whose stream ended: none hides anything. */
async function laterTurns(format: 'mastra' | 'ai-sdk', turns: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let n = 1; n <= turns; n++) {
    const native = fixtureAsRun('tool-call-then-text', n);
    out.push(
      ...(format === 'mastra' ? native : await throughAiSdk(native, { version: 'v6' })),
      END,
    );
  }
  return out;
}

const CLIENT_CASES = ['the stream breaks', 'the transport fails'] as const;

describe('a message of the client that quotes what an earlier turn of the chat hides', () => {
  for (const format of ['mastra', 'ai-sdk'] as const) {
    for (const name of CLIENT_CASES) {
      for (const turns of [0, 1, 3]) {
        for (const where of ['after a stream ended', 'in the middle of a stream']) {
          it(`${format}: ${name} ${where}, ${turns} turns later`, async () => {
            const store = await decided(format);
            store.dispatch(END);
            store.dispatchMany(await laterTurns(format, turns));
            if (where === 'in the middle of a stream') {
              store.dispatchMany((await laterTurns(format, 1)).slice(0, 3));
            }
            CASES[name]!(store, format);
            const shown = everythingShown(store.getState());
            expect(shown).not.toContain(SECRET);
            expect(shown).toContain('Tool signBuildTool failed for');
          });
        }
      }
    }
  }
});
