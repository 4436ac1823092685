/**
 * Chats reloaded from Mastra memory while a request of a display-transformed tool still waits,
 * against a real Mastra server with memory: an approval (`purgeVaultTool`) and a suspension
 * (`holdRoomTool`) at the top level, one subagent down and two subagents down, and the recorded
 * signer (a transformed approval at the top level). Live, the session shows none of what the
 * transforms hide; neither may the state rebuilt from the thread's messages (natively, and through
 * `toAISdkMessages` as v5 and v6 UI messages), nor a session restored from the thread, before and
 * after it answers, nor the thread reloaded once the run completed. Each rebuilt state lists the
 * same request as live (kind and target), and an approval names the tool it approves.
 */
import { toAISdkMessages } from '@mastra/ai-sdk/ui';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { selectPendingApprovals, type ToolpaneState } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { stateFromMastraMessages } from '@toolpane/client/history';
import { createAgentSession } from '@toolpane/client/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignerAgent, SIGNING_KEY_SECRET } from '../../scripts/record/composite-agents.ts';
import { oneCallAgent } from '../../scripts/record/coverage-agents.ts';
import {
  CARD_SECRET,
  HOLD_CODE_SECRET,
  holdRoomTool,
  PURGE_RECEIPT_SECRET,
  purgeVaultTool,
  VAULT_KEY_SECRET,
} from '../../scripts/record/nested-transform.ts';
import { memoryMessages } from '../utils/history.ts';
import { everythingShown, hiddenTexts } from '../utils/shown.ts';
import { startMastraServer, type TestServer } from './harness.ts';

type Kind = 'approval' | 'suspension';

const TOOLS = {
  approval: {
    toolName: 'purgeVaultTool',
    tools: { purgeVaultTool },
    input: { vault: 'archive-7', vaultKey: VAULT_KEY_SECRET },
    secrets: [VAULT_KEY_SECRET, PURGE_RECEIPT_SECRET],
  },
  suspension: {
    toolName: 'holdRoomTool',
    tools: { holdRoomTool },
    input: { hotel: 'Hotel Lumen', card: CARD_SECRET },
    secrets: [CARD_SECRET, HOLD_CODE_SECRET],
  },
} as const;

/** An agent whose call of the `kind` tool runs `depth` subagents down. */
function chain(kind: Kind, depth: number): () => Agent {
  return () => {
    const { toolName, tools, input } = TOOLS[kind];
    const call = { id: `call-${kind}-inner-1`, name: toolName, input, stream: false };
    let agent = oneCallAgent(`${kind}-d${depth}-l0`, 'Does the work.', call, 'Done.', tools);
    for (let level = 1; level <= depth; level++) {
      const key = `l${level}`;
      agent = oneCallAgent(
        `${kind}-d${depth}-l${level}`,
        `Delegates, level ${level}.`,
        { id: `call-${kind}-${key}-1`, name: `agent-${key}`, input: { prompt: 'Do the work.' } },
        `Level ${level} is done.`,
        {},
        { [key]: agent },
      );
    }
    return agent;
  };
}

interface Case {
  readonly name: string;
  readonly make: () => Agent;
  readonly kind: Kind;
  readonly depth: number;
  readonly toolName: string;
  readonly secrets: readonly string[];
}

const CASES: Case[] = [
  ...(['approval', 'suspension'] as const).flatMap((kind) =>
    [0, 1, 2].map((depth) => ({
      name: `${TOOLS[kind].toolName} ${depth} subagent(s) down`,
      make: chain(kind, depth),
      kind,
      depth,
      toolName: TOOLS[kind].toolName,
      secrets: TOOLS[kind].secrets,
    })),
  ),
  {
    name: 'the signer (signBuildTool at the top level)',
    make: createSignerAgent,
    kind: 'approval',
    depth: 0,
    toolName: 'signBuildTool',
    secrets: [SIGNING_KEY_SECRET],
  },
];

let server: TestServer | undefined;
let threads = 0;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function boot(make: () => Agent) {
  const agent = make();
  agent.__setMemory(new MockMemory({ storage: new InMemoryStore() }));
  const mastra = new Mastra({
    agents: { [agent.id]: agent },
    storage: new InMemoryStore(),
    logger: false,
  });
  server = await startMastraServer(mastra);
  return { base: server, agentId: agent.id };
}

/** The requests that wait: what a session answers (kind and target). */
const requestsOf = (state: ToolpaneState) =>
  selectPendingApprovals(state).map((p) => ({ kind: p.kind, resumeWith: p.resumeWith }));

/** Each of `secrets` that something shown of `state` holds, with where. */
const shownSecrets = (where: string, state: ToolpaneState, secrets: readonly string[]) => {
  const text = everythingShown(state);
  return secrets.filter((secret) => text.includes(secret)).map((secret) => `${where}: ${secret}`);
};

describe.each(CASES)('memory reload while $name waits', (c) => {
  it('shows nothing hidden, rebuilt in each format and restored, before and after answering', async () => {
    const { base, agentId } = await boot(c.make);
    const thread = { threadId: `pending-transformed-${++threads}`, resourceId: 'user-1' };
    const session = createAgentSession({ baseUrl: base.baseUrl, agentId, thread });
    expect((await session.send('Go.')).status).toBe('done');
    expect(session.getStatus()).toBe('waiting');
    const live = session.store.getState();
    // What the live state hides: the given secrets, and every raw text a transform kept from view.
    const secrets = [...new Set([...c.secrets, ...hiddenTexts(live)])];
    expect(shownSecrets('live', live, secrets)).toEqual([]);

    const messages = await memoryMessages(base, agentId, thread);
    const rebuilt: [string, ToolpaneState][] = [
      ['native', stateFromMastraMessages(messages)],
      ...(['v5', 'v6'] as const).map((version): [string, ToolpaneState] => [
        version,
        stateFromUIMessages(toAISdkMessages(messages as never, { version } as never)),
      ]),
    ];
    for (const [format, state] of rebuilt) {
      expect(shownSecrets(format, state, secrets)).toEqual([]);
      expect(requestsOf(state), format).toEqual(requestsOf(live));
      expect(state.issues, format).toEqual([]);
      const [pending] = selectPendingApprovals(state);
      // The card names the tool a person approves; a suspension names the call that waits.
      if (c.kind === 'approval') expect(pending?.toolName, format).toBe(c.toolName);
    }

    const restored = createAgentSession({ baseUrl: base.baseUrl, agentId, thread });
    await vi.waitFor(() =>
      expect(selectPendingApprovals(restored.store.getState())).toHaveLength(1),
    );
    expect(shownSecrets('restored', restored.store.getState(), secrets)).toEqual([]);
    const [pending] = selectPendingApprovals(restored.store.getState());
    const answered =
      c.kind === 'approval'
        ? await restored.approve(pending!.key)
        : await restored.resume(pending!.key, { confirmed: true });
    expect(answered.status).toBe('done');
    const after = restored.store.getState();
    const all = [...new Set([...secrets, ...hiddenTexts(after)])];
    expect(shownSecrets('after answering', after, all)).toEqual([]);
    const reloaded = stateFromMastraMessages(await memoryMessages(base, agentId, thread));
    expect(selectPendingApprovals(reloaded)).toEqual([]);
    expect(shownSecrets('reloaded after completion', reloaded, all)).toEqual([]);
  });

  it.runIf(c.kind === 'approval' && c.depth > 0)(
    'shows the inner approval through a client transform for its tool',
    async () => {
      const { base, agentId } = await boot(c.make);
      const thread = { threadId: `pending-transformed-${++threads}`, resourceId: 'user-1' };
      const session = createAgentSession({ baseUrl: base.baseUrl, agentId, thread });
      await session.send('Go.');
      const messages = await memoryMessages(base, agentId, thread);
      const transforms = {
        [c.toolName]: {
          approval: (args: unknown) => ({ vault: (args as { vault: string }).vault }),
        },
      };
      const state = stateFromMastraMessages(messages, { transforms });
      const [pending] = selectPendingApprovals(state);
      expect(pending?.call.approval?.args).toEqual({
        kind: 'transformed',
        value: { vault: 'archive-7' },
      });
      expect(shownSecrets('native', state, c.secrets)).toEqual([]);
    },
  );
});
