// @vitest-environment node
import { type ReduceOptions, selectPendingApprovals, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * "Hidden stays hidden" for a display-transformed tool that waits for a person inside subagents,
 * recorded in scripts/record/nested-transform.ts. What @mastra/core 1.71.0 sends:
 *
 * - Approval two levels down (director → agent-keeper → agent-vault → purgeVaultTool): of the
 *   three `tool-call-approval` chunks only the innermost carries the transform metadata (`input`
 *   and `approval` phases); the middle one (naming agent-vault's call) and the top-level one
 *   (naming agent-keeper's call) carry the inner tool's args raw, `vaultKey` included, with no
 *   metadata. After the approval the inner `tool-result` has metadata; the `agent-*` results
 *   carry args and result raw in `subAgentToolResults`.
 * - Nested suspension (front desk → agent-reserve → holdRoomTool): the wrapped
 *   `tool-call-suspended` carries metadata (`input` and `suspend` phases) next to the raw args and
 *   payload; the top-level one, under the parent's name, carries the payload raw, no metadata.
 * - Through `toAISdkStream(…, { from: 'agent' })` no part carries metadata: the `data-tool-agent`
 *   snapshots hold the inner args raw, `data-tool-call-approval` the inner args and
 *   `data-tool-call-suspended` the suspend payload, with or without `includeSubAgentMetadata`.
 */

const APPROVAL_SECRETS = ['vk-nested-approval-secret-73', 'rcpt-nested-purge-secret-19'];
const SUSPEND_SECRETS = ['4111-nested-card-secret-26', 'hold-nested-suspend-secret-58'];
const AI: ReduceOptions = { formats: [aiSdk] };
const end = { type: 'toolpane/stream-end' };

/** Recordings one after another, as one conversation, and the end of the stream. */
const played = (...names: string[]) => [...names.flatMap((name) => loadFixture(name)), end];

/** The client-side twins of the tools' display transforms. */
const transforms = {
  purgeVaultTool: {
    input: (input: unknown) => ({ ...(input as object), vaultKey: '••••' }),
    approval: (args: unknown) => ({ vault: (args as { vault: string }).vault }),
  },
  holdRoomTool: {
    input: (input: unknown) => ({ hotel: (input as { hotel: string }).hotel }),
    suspend: (payload: unknown) => ({ question: (payload as { question: string }).question }),
  },
};

/** Where a recording's human request waits: call, kind, status and what it shows. */
function waiting(state: ToolpaneState) {
  return selectPendingApprovals(state).map(({ key, kind, call, resumeWith }) => ({
    key,
    kind,
    status: call.status,
    shows: kind === 'approval' ? call.approval?.args : call.suspension?.payload,
    resumeWith,
  }));
}

/** The top-level runId the decision goes to (`runId` of the recording's first chunk). */
const topRunId = (name: string) => (loadFixture(name)[0] as { runId: string }).runId;

/** The runId an AI SDK recording's last request part names. */
const partRunId = (name: string) =>
  (loadFixture(name).at(-1) as { data: { runId: string } }).data.runId;

describe('what Mastra sends', () => {
  it('carries the inner args raw at every level of an approval, metadata only on the inner one', () => {
    const chunks = loadFixture('nested-transform-approval-request').slice(-3);
    for (const chunk of chunks) expect(JSON.stringify(chunk)).toContain(APPROVAL_SECRETS[0]);
    const marked = chunks.map((chunk) => JSON.stringify(chunk).includes('toolPayloadTransform'));
    expect(marked).toEqual([true, false, false]);
  });

  it('carries the suspend payload raw at the top level with no metadata', () => {
    const [inner, top] = loadFixture('nested-transform-suspend-request').slice(-2);
    expect(JSON.stringify(inner)).toContain('"suspend":{"transformed"');
    expect(JSON.stringify(top)).toContain(SUSPEND_SECRETS[1]);
    expect(JSON.stringify(top)).not.toContain('toolPayloadTransform');
  });

  it.each([
    'aisdk-v6-nested-transform-approval',
    'aisdk-v6-nested-transform-approval-no-snapshots',
    'aisdk-v6-nested-transform-suspend',
    'aisdk-v6-nested-transform-suspend-no-snapshots',
  ])('carries the hidden values raw and no metadata through the AI SDK (%s)', (name) => {
    const text = JSON.stringify(loadFixture(name));
    expect(text).not.toContain('toolPayloadTransform');
    const secret = name.includes('approval') ? APPROVAL_SECRETS[0]! : SUSPEND_SECRETS[1]!;
    expect(text).toContain(secret);
  });
});

describe('an approval two levels down of a display-transformed tool', () => {
  it('shows the transform’s view on the one prompt, on the inner card (native)', () => {
    const state = neverShows(played('nested-transform-approval-request'), APPROVAL_SECRETS);
    expect(waiting(state)).toEqual([
      {
        key: 'call-purge-nested-1',
        kind: 'approval',
        status: 'approval-requested',
        shows: { kind: 'transformed', value: { vault: 'archive-7', vaultKey: '[hidden key]' } },
        resumeWith: {
          runId: topRunId('nested-transform-approval-request'),
          toolCallId: 'call-keeper-1',
        },
      },
    ]);
    for (const id of ['call-keeper-1', 'call-vault-agent-1']) {
      expect(state.toolCalls.get(id)?.approval).toBeUndefined();
    }
  });

  it('keeps the key and the receipt hidden through the approved continuation (native)', () => {
    const names = ['nested-transform-approval-request', 'nested-transform-approval-approve'];
    const state = neverShows(played(...names), APPROVAL_SECRETS);
    const inner = state.toolCalls.get('call-purge-nested-1')!;
    expect(inner.status).toBe('output-available');
    expect(inner.output).toEqual({ kind: 'transformed', value: { purged: true } });
    expect(state.toolCalls.get('call-keeper-1')?.status).toBe('output-available');
    expect(everythingShown(state)).toContain('Archive-7 is purged.');
  });

  it('keeps the request, its arguments hidden, on the inner card (AI SDK)', () => {
    const name = 'aisdk-v6-nested-transform-approval';
    const state = neverShows(played(name), APPROVAL_SECRETS, AI);
    expect(waiting(state)).toEqual([
      {
        key: 'call-purge-nested-1',
        kind: 'approval',
        status: 'approval-requested',
        shows: { kind: 'hidden', reason: 'suppressed' },
        resumeWith: { runId: partRunId(name), toolCallId: 'call-keeper-1' },
      },
    ]);
  });

  it('keeps the request, its arguments hidden, on the agent call without snapshots (AI SDK)', () => {
    const name = 'aisdk-v6-nested-transform-approval-no-snapshots';
    const state = neverShows(played(name), APPROVAL_SECRETS, AI);
    // tool-approval-request names the agent-* call before the data part names the tool: one
    // request whose arguments were still to come, not a changed request.
    expect(state.issues).toEqual([]);
    expect(waiting(state)).toEqual([
      {
        key: 'call-keeper-1',
        kind: 'approval',
        status: 'approval-requested',
        shows: { kind: 'hidden', reason: 'suppressed' },
        resumeWith: { runId: partRunId(name), toolCallId: 'call-keeper-1' },
      },
    ]);
  });

  it('shows a client transform’s view of the arguments (AI SDK)', () => {
    const name = 'aisdk-v6-nested-transform-approval';
    const state = neverShows(played(name), APPROVAL_SECRETS, { ...AI, transforms });
    const [request] = waiting(state);
    expect(request?.key).toBe('call-purge-nested-1');
    expect(request?.shows).toEqual({ kind: 'transformed', value: { vault: 'archive-7' } });
  });
});

describe('a suspension inside a subagent of a display-transformed tool', () => {
  it('shows the transform’s view on the one form, on the inner card (native)', () => {
    const state = neverShows(played('nested-transform-suspend-request'), SUSPEND_SECRETS);
    expect(waiting(state)).toEqual([
      {
        key: 'call-hold-nested-1',
        kind: 'suspension',
        status: 'suspended',
        shows: { kind: 'transformed', value: { question: 'Hold a room at Hotel Lumen?' } },
        resumeWith: {
          runId: topRunId('nested-transform-suspend-request'),
          toolCallId: 'call-reserve-1',
        },
      },
    ]);
    expect(state.toolCalls.get('call-reserve-1')?.suspension).toBeUndefined();
    expect(state.toolCalls.get('call-hold-nested-1')?.suspension?.resumeSchema).toMatchObject({
      required: ['confirmed'],
    });
  });

  it('keeps the card number hidden through the resumed continuation (native)', () => {
    const names = ['nested-transform-suspend-request', 'nested-transform-suspend-resume'];
    const state = neverShows(played(...names), SUSPEND_SECRETS);
    expect(state.toolCalls.get('call-hold-nested-1')?.status).toBe('output-available');
    expect(everythingShown(state)).toContain('Your room at Hotel Lumen is held.');
  });

  it.each([
    ['aisdk-v6-nested-transform-suspend', 'call-hold-nested-1'],
    ['aisdk-v6-nested-transform-suspend-no-snapshots', 'call-reserve-1'],
  ])('keeps the request, its payload hidden (AI SDK, %s)', (name, key) => {
    const state = neverShows(played(name), SUSPEND_SECRETS, AI);
    expect(waiting(state)).toEqual([
      {
        key,
        kind: 'suspension',
        status: 'suspended',
        shows: { kind: 'hidden', reason: 'suppressed' },
        resumeWith: { runId: partRunId(name), toolCallId: 'call-reserve-1' },
      },
    ]);
  });

  it('shows a client transform’s view of the payload (AI SDK)', () => {
    const name = 'aisdk-v6-nested-transform-suspend';
    const state = neverShows(played(name), SUSPEND_SECRETS, { ...AI, transforms });
    const [request] = waiting(state);
    expect(request?.key).toBe('call-hold-nested-1');
    expect(request?.shows).toEqual({
      kind: 'transformed',
      value: { question: 'Hold a room at Hotel Lumen?' },
    });
  });
});
