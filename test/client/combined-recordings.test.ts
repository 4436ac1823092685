// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/*
 * Recordings that combine features (scripts/record/composite-workflows.ts and
 * composite-agents.ts), read as a session reads them: a request, the decision sent, its
 * continuation. Each case failed before the reading it checks was fixed.
 */

const END = { type: 'toolpane/stream-end' };
const CARD = '4111-wf-error-secret-0042';
const SIGNING_KEY = 'sk-approval-decline-secret-3391';

/** A session's streams: each stream, its end, and the decision on what it left waiting. */
function session(names: readonly string[], resumeData: unknown = { ok: true }): unknown[] {
  const chunks: unknown[] = [];
  for (const name of names) {
    if (chunks.length > 0) {
      for (const pending of selectPendingApprovals(reduceAll(chunks))) {
        chunks.push(
          pending.kind === 'approval'
            ? { type: 'toolpane/decision-sent', toolCallId: pending.toolCallId, approved: true }
            : { type: 'toolpane/decision-sent', toolCallId: pending.toolCallId, resumeData },
        );
      }
    }
    chunks.push(...loadFixture(name), END);
  }
  return chunks;
}

const callOf = (state: ToolpaneState, id: string): ToolCallState =>
  [...state.toolCalls.values()].find((call) => call.toolCallId === id)!;

describe('a failed workflow whose display transform hides what its error quotes', () => {
  const state = reduceAll([...loadFixture('workflow-error-hidden'), END]);
  const call = callOf(state, 'call-charge-wf-1');

  it("shows the transform's error, which Mastra sends as the output's", () => {
    expect(call.status).toBe('output-error');
    expect(call.error).toEqual({
      kind: 'transformed',
      value: 'Card •••• 0042 was declined for 89 EUR',
    });
    expect(call.workflow?.status).toBe('failed');
    expect(call.workflow?.error).toBe('Card •••• 0042 was declined for 89 EUR');
    expect(call.workflow?.steps.get('charge-card')?.error).toBe(
      'Card •••• 0042 was declined for 89 EUR',
    );
  });

  it('shows the card number nowhere', () => {
    expect(everythingShown(state)).not.toContain(CARD);
  });
});

describe('a workflow tool whose transformed input was not streamed, through @mastra/ai-sdk', () => {
  it.each(['v5', 'v6'] as const)(
    '%s: the snapshots show none of the values the input hid',
    async (version) => {
      const chunks = await throughAiSdk(loadFixture('workflow-hidden-whole-input'), {
        from: 'agent',
        version,
        includeSubAgentMetadata: true,
      });
      const store = createToolpaneStore({ formats: [aiSdk] });
      for (const chunk of [...chunks, END]) {
        store.dispatch(chunk);
        expect(everythingShown(store.getState())).not.toContain(CARD);
      }
      const call = callOf(store.getState(), 'call-quote-wf-1');
      expect(call.displayTransform).toBe('display');
      expect(call.input).toEqual({
        kind: 'transformed',
        value: { inputData: { cart: 'cart-882', card: '•••• 0042' } },
      });
      expect(call.workflow?.steps.get('price-cart')?.status).toBe('success');
    },
  );

  it('keeps showing the values of a workflow whose input is as its first step received it', async () => {
    const chunks = await throughAiSdk(loadFixture('workflow-parallel'), {
      from: 'agent',
      version: 'v6',
      includeSubAgentMetadata: true,
    });
    const state = reduceAll([...chunks, END], { formats: [aiSdk] });
    const call = callOf(state, 'call-fleet-1');
    expect(call.displayTransform).not.toBe('display');
    const inputs = [...call.workflow!.steps.values()].map((step) => step.input);
    expect(inputs.some((input) => typeof input === 'object' && input !== null)).toBe(true);
  });
});

describe('a nested workflow that suspends, and whose resume fails', () => {
  const state = reduceAll(
    session(['workflow-nested-suspend-request', 'workflow-nested-suspend-resume']),
  );
  const call = callOf(state, 'call-permit-wf-1');

  it('leaves no step suspended once the workflow failed', () => {
    expect(call.status).toBe('output-error');
    expect(call.workflow?.status).toBe('failed');
    const statuses = [...call.workflow!.steps.values()].map((step) => step.status);
    expect(statuses).not.toContain('suspended');
    expect(selectPendingApprovals(state)).toEqual([]);
  });

  it("shows no step's payload with Mastra's own `__workflow_meta`", () => {
    const request = reduceAll([...loadFixture('workflow-nested-suspend-request'), END]);
    const steps = [...callOf(request, 'call-permit-wf-1').workflow!.steps.values()];
    const suspended = steps.filter((step) => step.status === 'suspended');
    expect(suspended.length).toBe(2);
    for (const step of suspended) {
      expect(step.suspendPayload).toEqual({
        question: 'Did Rue Oberkampf 12 pass the inspection?',
      });
    }
  });
});

describe('workflow steps that suspend twice, run in parallel or sleep', () => {
  it('shows each suspension of a workflow suspended twice, and then its success', () => {
    const names = [
      'workflow-double-suspend-request',
      'workflow-double-suspend-resume-first',
      'workflow-double-suspend-resume-second',
    ];
    for (let n = 1; n <= names.length; n++) {
      const state = reduceAll(session(names.slice(0, n)));
      const call = callOf(state, 'call-loan-wf-1');
      expect(state.issues).toEqual([]);
      if (n < names.length) {
        expect(call.status).toBe('suspended');
        expect(selectPendingApprovals(state).map((p) => p.toolCallId)).toEqual(['call-loan-wf-1']);
      } else {
        expect(call.status).toBe('output-available');
        expect(selectPendingApprovals(state)).toEqual([]);
      }
    }
  });

  it('shows a branch suspended beside a branch that succeeded', () => {
    const state = reduceAll([...loadFixture('workflow-parallel-suspend-request'), END]);
    const steps = callOf(state, 'call-trip-wf-1').workflow!.steps;
    expect(steps.get('book-train')?.status).toBe('success');
    expect(steps.get('hold-room')?.status).toBe('suspended');
  });

  it("shows a sleep step's input, which comes with its waiting news", () => {
    const state = reduceAll([...loadFixture('workflow-sleep'), END]);
    const steps = [...callOf(state, 'call-proof-wf-1').workflow!.steps.values()];
    const sleeps = steps.filter((step) => step.id.startsWith('sleep_'));
    expect(sleeps.length).toBe(2);
    for (const step of sleeps) {
      expect(step.status).toBe('success');
      expect(step.input).toEqual({ batch: 'rye-0611', kg: 12 });
    }
  });
});

describe('an approval of a call whose transform hides an argument, declined', () => {
  const masked = { kind: 'transformed', value: { build: 'build-7781', signingKey: '••••' } };

  it("shows the transform's view of the input while waiting and after the denial", () => {
    const request = reduceAll([...loadFixture('transform-approval-decline-request'), END]);
    expect(callOf(request, 'call-sign-decline-1').input).toEqual(masked);
    const both = reduceAll(
      session(['transform-approval-decline-request', 'transform-approval-decline']),
    );
    const call = callOf(both, 'call-sign-decline-1');
    expect(call.status).toBe('output-denied');
    expect(call.input).toEqual(masked);
    expect(everythingShown(both)).not.toContain(SIGNING_KEY);
  });

  it('shows it from the denial alone, read without its request', () => {
    const alone = reduceAll([...loadFixture('transform-approval-decline'), END]);
    expect(callOf(alone, 'call-sign-decline-1').input).toEqual(masked);
    expect(everythingShown(alone)).not.toContain(SIGNING_KEY);
  });
});

describe('a suspension repeated in the same call', () => {
  it('shows the arguments the repeated suspension carries, read alone', () => {
    const state = reduceAll([...loadFixture('suspend-again-resume-first'), END]);
    const call = callOf(state, 'call-verify-again-1');
    expect(call.status).toBe('suspended');
    expect(call.input).toEqual({ kind: 'raw', value: { user: 'grace' } });
  });

  it('waits again after a refused code, then ends', () => {
    const names = [
      'suspend-again-request',
      'suspend-again-resume-first',
      'suspend-again-resume-second',
    ];
    const waiting = reduceAll(session(names.slice(0, 2)));
    expect(callOf(waiting, 'call-verify-again-1').status).toBe('suspended');
    expect(selectPendingApprovals(waiting).map((p) => p.toolCallId)).toEqual([
      'call-verify-again-1',
    ]);
    const done = reduceAll(session(names));
    expect(callOf(done, 'call-verify-again-1').status).toBe('output-available');
  });
});

describe('a tool that runs in the background, through @mastra/ai-sdk', () => {
  it.each([
    ['background-task', 'output-available'],
    ['background-task-failed', 'output-error'],
  ] as const)('%s ends as natively, with its outcome (%s)', async (name, status) => {
    const native = reduceAll([...loadFixture(name), END]);
    for (const version of ['v5', 'v6'] as const) {
      const chunks = await throughAiSdk(loadFixture(name), {
        from: 'agent',
        version,
        includeSubAgentMetadata: true,
      });
      const state = reduceAll([...chunks, END], { formats: [aiSdk] });
      for (const call of state.toolCalls.values()) {
        const live = native.toolCalls.get(call.key)!;
        expect(call.status).toBe(status);
        expect(live.status).toBe(status);
        expect(call.background?.status).toBe(live.background?.status);
        expect(call.output).toEqual(live.output);
        expect(call.error).toEqual(live.error);
      }
    }
  });
});

describe('parallel requests answered one by one', () => {
  it('approves one call and declines the other, each as its own decision', () => {
    const names = [
      'parallel-approve-decline-request',
      'parallel-approve-decline-approve-first',
      'parallel-approve-decline-decline-second',
    ];
    const waiting = reduceAll(session(names.slice(0, 2)));
    expect(selectPendingApprovals(waiting).map((p) => p.toolCallId)).toEqual(['call-pad-wipe-b']);
    const chunks = session(names.slice(0, 2));
    chunks.push(
      { type: 'toolpane/decision-sent', toolCallId: 'call-pad-wipe-b', approved: false },
      ...loadFixture(names[2]!),
      END,
    );
    const done = reduceAll(chunks);
    expect(callOf(done, 'call-pad-revoke-a').status).toBe('output-available');
    expect(callOf(done, 'call-pad-wipe-b').status).toBe('output-denied');
    expect(selectPendingApprovals(done)).toEqual([]);
  });
});

describe("a background tool's writes", () => {
  it.each([
    ['background-task', 2],
    ['background-task-failed', 1],
  ] as const)('%s: each write is progress once (%i)', (name, writes) => {
    const state = reduceAll([...loadFixture(name), END]);
    const [call] = [...state.toolCalls.values()];
    // Each write comes as `background-task-output`, and again as `tool-output` while the stream is open.
    const outputs = loadFixture(name).filter(
      (chunk) => (chunk as { type?: string }).type === 'background-task-output',
    );
    expect(outputs).toHaveLength(writes);
    expect(call!.progress).toHaveLength(writes);
    expect(new Set(call!.progress.map((p) => JSON.stringify(p))).size).toBe(writes);
  });
});

describe('a decision sent with the id its request is answered with', () => {
  const request = loadFixture('subagents-mixed-requests-request');
  const asked = reduceAll([...request, END]);
  const pending = selectPendingApprovals(asked);

  it('answers the call inside the subagent whose request names that id', () => {
    expect(pending.map((p) => [p.toolCallId, p.resumeWith.toolCallId])).toEqual([
      ['call-mixreq-lock-1', 'call-mixreq-locks-1'],
      ['call-mixreq-room-1', 'call-mixreq-rooms-1'],
    ]);
    for (const { toolCallId, resumeWith, kind } of pending) {
      const decision =
        kind === 'approval'
          ? { type: 'toolpane/decision-sent', toolCallId: resumeWith.toolCallId, approved: true }
          : { type: 'toolpane/decision-sent', toolCallId: resumeWith.toolCallId, resumeData: {} };
      const state = reduceAll([...request, END, decision]);
      expect(callOf(state, toolCallId).status).toBe('approval-responded');
      expect(state.issues).toEqual([]);
    }
  });

  it('is an issue, not silence, when no request waits under the id it names', () => {
    for (const toolCallId of ['call-nobody', 'call-mixreq-lock-1-typo']) {
      const state = reduceAll([
        ...request,
        END,
        { type: 'toolpane/decision-sent', toolCallId, approved: true },
      ]);
      expect(state.issues).toEqual([expect.objectContaining({ kind: 'decision', toolCallId })]);
      expect(selectPendingApprovals(state)).toHaveLength(2);
    }
  });
});
