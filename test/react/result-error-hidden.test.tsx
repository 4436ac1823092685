import { act, render } from '@testing-library/react';
import {
  createToolpaneStore,
  type SessionResult,
  selectPendingApprovals,
  type ToolpaneStore,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { createAgentSession } from '@toolpane/client/session';
import { type ApprovalHandle, ToolpaneProvider, useApproval } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeChat } from '../utils/chat';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { hiddenTexts } from '../utils/shown';

/*
 * What a session's actions resolve with is a value the app shows (a toast of `result.error`): a
 * server's or a chat's message that quotes what a display transform hides says it without it,
 * as the store's copy of the message does. Every recording that hides a value, native and AI
 * SDK: a message sent, and each request that waits approved and declined.
 */

const END = { type: 'toolpane/stream-end' };

afterEach(() => {
  document.body.innerHTML = '';
});

const optionsOf = (name: string) =>
  name.includes('aisdk') ? { formats: [aiSdk], families: [network] } : { families: [network] };

/** A recording read whole, and the values it hides. */
function read(name: string): { store: ToolpaneStore; secrets: string[] } {
  const store = createToolpaneStore(optionsOf(name));
  store.dispatchMany([...loadFixture(name), END]);
  return { store, secrets: hiddenTexts(store.getState()) };
}

const HIDING = fixtureNames().filter((name) => read(name).secrets.length > 0);
const NATIVE = HIDING.filter((name) => !name.includes('aisdk'));
const AI_SDK = HIDING.filter((name) => name.includes('aisdk'));
for (const [list, name] of [
  [NATIVE, 'transform-approval-decline-request'],
  [NATIVE, 'subagent-transform'],
  [AI_SDK, 'subagent-transform-aisdk'],
] as const) {
  if (!list.includes(name)) throw new Error(`${name} no longer hides a value`);
}

/** A server message that quotes every value hidden. */
const quoting = (secrets: readonly string[]) =>
  `Tool failed for ${JSON.stringify({ args: secrets })}`;

function expectShown(result: { readonly error?: string | undefined }, secrets: readonly string[]) {
  expect(result.error).toContain('[hidden]');
  for (const secret of secrets) expect(result.error).not.toContain(secret);
}

/** A card's handle, for calling its actions as a page does. */
function Probe({ id, out }: { id: string; out: { handle?: ApprovalHandle } }) {
  out.handle = useApproval(id);
  return null;
}

describe('a native session whose server fails quoting hidden values', () => {
  it.each(NATIVE)('%s: its results say the failure without them', async (name) => {
    const { store, secrets } = read(name);
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'agent',
      store,
      fetch: async () =>
        new Response(JSON.stringify({ error: quoting(secrets) }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    });
    expectShown(await session.send('Again, please'), secrets);
    const waiting = selectPendingApprovals(store.getState()).filter((p) => p.kind === 'approval');
    for (const pending of waiting) {
      const out: { handle?: ApprovalHandle } = {};
      const view = render(
        <ToolpaneProvider session={session}>
          <Probe id={pending.key} out={out} />
        </ToolpaneProvider>,
      );
      let error: string | undefined;
      await act(async () => {
        const result = await out.handle!.approve();
        error = result.ok ? undefined : result.error;
      });
      expectShown({ error }, secrets);
      expectShown(await session.decline(pending.key, 'No'), secrets);
      view.unmount();
    }
  });
});

function ChatProbe({ chat, out }: { chat: ChatLike; out: { toolpane?: ToolpaneChat } }) {
  const toolpane = useToolpaneChat();
  out.toolpane = toolpane;
  useChatSession(toolpane, chat);
  return null;
}

describe('an AI SDK chat that fails quoting hidden values', () => {
  it.each(AI_SDK)('%s: its results say the failure without them', async (name) => {
    const { secrets } = read(name);
    const chat: ChatLike = { ...fakeChat([], 'error'), error: new Error(quoting(secrets)) };
    const out: { toolpane?: ToolpaneChat } = {};
    render(<ChatProbe chat={chat} out={out} />);
    const { store, session } = out.toolpane!;
    act(() => store.dispatchMany([...loadFixture(name), END]));
    const result: SessionResult = await session.send('Again, please');
    expect(result.status).toBe('error');
    expectShown(result, secrets);
  });
});
