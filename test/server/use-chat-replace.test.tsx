// @vitest-environment jsdom
/**
 * A `useChat` conversation whose messages are replaced or removed rather than appended to
 * (`regenerate`, `setMessages`, editing a user message through `sendMessage({ messageId })`,
 * `stop` then a new message), with the `useChat` of `@ai-sdk/react` 3 and 4 against a real Mastra
 * `chatRoute`: Toolpane's transcript, approvals and store follow the chat's messages.
 */
import '@testing-library/jest-dom/vitest';
import { useChat as useChat3 } from '@ai-sdk/react';
import { useChat as useChat4 } from '@ai-sdk/react4';
import { chatRoute } from '@mastra/ai-sdk';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectPendingApprovals, selectRunText, type ToolpaneState } from '@toolpane/client';
import { serializeState } from '@toolpane/client/history';
import { ToolpaneProvider } from '@toolpane/react';
import {
  type ToolpaneChat,
  type ToolpaneChatOptions,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete6,
  DefaultChatTransport as Transport6,
} from 'ai';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete7,
  DefaultChatTransport as Transport7,
} from 'ai7';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAgent, createSlowAgent } from '../../scripts/record/scenarios.ts';
import {
  createNumberingAgent,
  createTaggedAgent,
  NUMBERING_AGENT_ID,
  TAGGED_AGENT_ID,
} from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';
import { subagentsRoute } from './subagents-route.ts';

const ADMIN = 'admin-agent';
const SLOW = 'slow-agent';
/** The route of an agent's stream with its subagents' chunks, which `chatRoute` does not send. */
const WITH_SUBAGENTS = `subagents/${ADMIN}`;

let server: TestServer;

beforeAll(async () => {
  const mastra = new Mastra({
    agents: {
      [TAGGED_AGENT_ID]: createTaggedAgent(),
      [NUMBERING_AGENT_ID]: createNumberingAgent(),
      [ADMIN]: createAdminAgent(),
      [SLOW]: createSlowAgent(),
    },
    storage: new InMemoryStore(),
    logger: false,
    server: {
      apiRoutes: [subagentsRoute, chatRoute({ path: '/chat/:agentId', version: 'v6' } as never)],
    },
  });
  server = await startMastraServer(mastra);
});

afterEach(() => cleanup());

afterAll(async () => {
  await server.close();
});

interface Message {
  readonly id: string;
  readonly role: string;
  readonly parts: readonly { readonly type: string; readonly text?: string; state?: string }[];
}

/** What both versions of `useChat` return that these tests use. */
interface ChatHelpers {
  readonly messages: readonly Message[];
  readonly status: string;
  sendMessage(message: { text: string; messageId?: string }): Promise<void>;
  regenerate(options?: { messageId?: string }): Promise<void>;
  setMessages(messages: Message[]): void;
  stop(): Promise<void>;
}

interface Probe {
  chat?: ChatHelpers;
  toolpane?: ToolpaneChat;
}

interface ChatProps {
  probe: Probe;
  agent: string;
  /** What `useToolpaneChat` gets. */
  options?: ToolpaneChatOptions;
  /** The messages `useChat` starts with. */
  saved?: unknown[];
}

type ChatFetch = ToolpaneChat['fetch'];

/** `useChat` of `@ai-sdk/react` 3 (ai 6) at `api`, reading through `fetch`. */
function useChatOf3(api: string, fetch: ChatFetch, saved: unknown[] | undefined) {
  return useChat3({
    ...(saved === undefined ? {} : { messages: saved as never }),
    transport: new Transport6({ api, fetch }),
    sendAutomaticallyWhen: complete6,
  });
}

/** `useChat` of `@ai-sdk/react` 4 (ai 7) at `api`, reading through `fetch`. */
function useChatOf4(api: string, fetch: ChatFetch, saved: unknown[] | undefined) {
  return useChat4({
    ...(saved === undefined ? {} : { messages: saved as never }),
    transport: new Transport7({ api, fetch }),
    sendAutomaticallyWhen: complete7,
  });
}

/** A page of one version's `useChat` with Toolpane's transcript, exposed in `probe`. */
function ChatPage({
  useVersionChat,
  probe,
  agent,
  options = {},
  saved,
}: ChatProps & { useVersionChat: typeof useChatOf3 | typeof useChatOf4 }) {
  const toolpane = useToolpaneChat(options);
  const chat = useVersionChat(`${server.baseUrl}/chat/${agent}`, toolpane.fetch, saved);
  const session = useChatSession(toolpane, chat);
  probe.chat = chat as unknown as ChatHelpers;
  probe.toolpane = toolpane;
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}

const VERSIONS = [
  {
    name: '@ai-sdk/react 3 (ai 6)',
    Chat: (props: ChatProps) => <ChatPage {...props} useVersionChat={useChatOf3} />,
  },
  {
    name: '@ai-sdk/react 4 (ai 7)',
    Chat: (props: ChatProps) => <ChatPage {...props} useVersionChat={useChatOf4} />,
  },
] as const;

const assistantIds = (probe: Probe) =>
  probe.chat!.messages.filter((message) => message.role === 'assistant').map((m) => m.id);

const state = (probe: Probe): ToolpaneState => probe.toolpane!.store.getState();

/** What the request of an answer before the chat's last says: it can no longer be answered. */
const EARLIER_ANSWER = /went on from a later answer/;

/** The texts of the cards that say their request expired. */
const expiredCards = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-slot="decision-expired"]')].map((card) => card.textContent);

/**
 * The approvals the chat's assistant messages still wait for: the last one's, and the others'
 * (asked, or answered by a request that failed: neither got a result).
 */
function chatApprovals(probe: Probe) {
  const answers = probe.chat!.messages.filter((message) => message.role === 'assistant');
  const asked = (message: Message | undefined, states: readonly string[]) =>
    message?.parts.filter((part) => states.includes(part.state ?? '')).length ?? 0;
  const open = ['approval-requested', 'approval-responded'];
  return {
    last: asked(answers.at(-1), ['approval-requested']),
    earlier: answers.slice(0, -1).reduce((n, message) => n + asked(message, open), 0),
  };
}

/**
 * Waits until the chat is done, then checks that Toolpane shows what the chat holds: a run per
 * answer, the last answer's approvals waiting, and those of earlier answers (which the chat can
 * no longer send) expired.
 */
async function expectInStep(probe: Probe, container: HTMLElement) {
  await waitFor(() => expect(probe.chat!.status).toBe('ready'));
  await waitFor(() => {
    expect([...state(probe).runOrder]).toEqual(assistantIds(probe));
    expect(container.querySelectorAll('[data-slot="transcript-run"]')).toHaveLength(
      assistantIds(probe).length,
    );
  });
  const { last, earlier } = chatApprovals(probe);
  const pending = selectPendingApprovals(state(probe)).filter((p) => p.kind === 'approval');
  expect(pending).toHaveLength(last);
  const expired = [...state(probe).toolCalls.values()].filter(
    (call) => call.status === 'approval-requested' && call.approval?.expired !== undefined,
  );
  expect(expired).toHaveLength(earlier);
}

/** The text the chat holds for its assistant message `n`. */
const textOf = (probe: Probe, n: number) =>
  probe
    .chat!.messages.filter((m) => m.role === 'assistant')
    [n]!.parts.map((p) => p.text ?? '')
    .join('');

describe.each(VERSIONS)('useChat of $name, messages replaced', ({ Chat, name }) => {
  const tag = (word: string) => `${word}${name.includes(' 3 ') ? '3' : '4'}`;

  it('regenerate() of the last answer replaces its run', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={TAGGED_AGENT_ID} />);
    await probe.chat!.sendMessage({ text: `weather ${tag('re')}` });
    await expectInStep(probe, container);
    const [before] = assistantIds(probe);
    await probe.chat!.regenerate();
    await expectInStep(probe, container);
    expect(assistantIds(probe)).toHaveLength(1);
    expect(assistantIds(probe)[0]).not.toBe(before);
    expect(state(probe).runs.has(before!)).toBe(false);
    expect(textOf(probe, 0)).toContain('It is 21°C and sunny in Paris.');
    expect(screen.getAllByText('It is 21°C and sunny in Paris.')).toHaveLength(1);
  });

  it('regenerate() of an earlier answer drops it and everything after it', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={TAGGED_AGENT_ID} />);
    await probe.chat!.sendMessage({ text: `weather ${tag('early')}` });
    await probe.chat!.sendMessage({ text: `book ${tag('early')}` });
    await expectInStep(probe, container);
    const [first] = assistantIds(probe);
    await probe.chat!.regenerate({ messageId: first! });
    await expectInStep(probe, container);
    expect(assistantIds(probe)).toHaveLength(1);
    expect(screen.queryByText(/Chez Marie/)).toBeNull();
    expect(state(probe).toolCalls.has(`call-book-${tag('early')}`)).toBe(false);
  });

  it('regenerate() of an answer waiting for an approval inside a subagent: only the new one waits', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={WITH_SUBAGENTS} />);
    await probe.chat!.sendMessage({ text: 'Delete record rec-778.' });
    await expectInStep(probe, container);
    expect(selectPendingApprovals(state(probe))).toHaveLength(1);
    const [old] = assistantIds(probe);
    await probe.chat!.regenerate();
    await expectInStep(probe, container);
    expect(assistantIds(probe)).not.toContain(old);
    const pending = selectPendingApprovals(state(probe));
    expect(pending).toHaveLength(1);
    // The subagent's run hangs under the new answer.
    const call = state(probe).toolCalls.get(pending[0]!.key)!;
    const sub = state(probe).runs.get(call.runId)!;
    expect(sub.parentToolCallId).not.toBeNull();
    const done = await probe.toolpane!.session.approve(pending[0]!.toolCallId);
    expect(done.status).toBe('done');
    expect(await screen.findByText('The ops agent deleted record rec-778.')).toBeInTheDocument();
    await expectInStep(probe, container);
  });

  it('setMessages truncating the conversation drops the runs of the removed answers', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={TAGGED_AGENT_ID} />);
    await probe.chat!.sendMessage({ text: `weather ${tag('cut')}` });
    await probe.chat!.sendMessage({ text: `delete ${tag('cut')}` });
    await screen.findByRole('button', { name: /^Approve/ });
    await expectInStep(probe, container);
    probe.chat!.setMessages(probe.chat!.messages.slice(0, 2));
    await expectInStep(probe, container);
    expect(selectPendingApprovals(state(probe))).toEqual([]);
    // The removed approval can no longer be answered.
    const result = await probe.toolpane!.session.approve(`call-delete-${tag('cut')}`);
    expect(result.status).toBe('invalid');
    // A new message continues from what is left.
    await probe.chat!.sendMessage({ text: `weather ${tag('cut2')}` });
    await expectInStep(probe, container);
    expect(assistantIds(probe)).toHaveLength(2);
  });

  it('a request left in an earlier answer: refused while a later answer follows, waiting again once setMessages removes it', async () => {
    const user = userEvent.setup();
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={TAGGED_AGENT_ID} />);
    const id = tag('undo');
    await probe.chat!.sendMessage({ text: `delete ${id}` });
    await screen.findByRole('button', { name: /^Approve/ });
    await probe.chat!.sendMessage({ text: `weather ${id}` });
    await expectInStep(probe, container);
    expect(chatApprovals(probe)).toEqual({ last: 0, earlier: 1 });
    await waitFor(() =>
      expect(expiredCards(container)).toEqual([expect.stringMatching(EARLIER_ANSWER)]),
    );
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    const refused = await probe.toolpane!.session.approve(`call-delete-${id}`);
    expect(refused).toMatchObject({
      status: 'invalid',
      error: expect.stringMatching(EARLIER_ANSWER),
    });
    // The later answer undone: the request is the last answer's again, and goes through.
    probe.chat!.setMessages(probe.chat!.messages.slice(0, 2));
    await expectInStep(probe, container);
    expect(chatApprovals(probe)).toEqual({ last: 1, earlier: 0 });
    expect(expiredCards(container)).toEqual([]);
    await user.click(await screen.findByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText(`Record ${id} was deleted.`)).toBeInTheDocument();
  });

  it('after an approval whose request failed, a resume in a later answer continues that answer', async () => {
    const user = userEvent.setup();
    let fail = false;
    const fetch: ToolpaneChatOptions['fetch'] = (input, init) =>
      fail ? Promise.reject(new TypeError('Failed to fetch')) : globalThis.fetch(input, init);
    const probe: Probe = {};
    const { container } = render(
      <Chat probe={probe} agent={TAGGED_AGENT_ID} options={{ fetch }} />,
    );
    const [one, two] = [tag('lost'), tag('later')];
    await probe.chat!.sendMessage({ text: `delete ${one}` });
    fail = true;
    await user.click(await screen.findByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(probe.chat!.status).toBe('error'));
    fail = false;
    // The person moves on; the new answer asks for a confirmation.
    await probe.chat!.sendMessage({ text: `book ${two}` });
    await waitFor(() => expect(probe.chat!.status).toBe('ready'));
    const result = await probe.toolpane!.session.resume(`call-book-${two}`, { confirmed: true });
    expect(result.status).toBe('done');
    await waitFor(() =>
      expect(textOf(probe, 1)).toContain('Your table for 4 at Chez Marie is booked.'),
    );
    expect(textOf(probe, 0)).not.toContain('booked');
    await expectInStep(probe, container);
    expect(screen.getAllByText('Your table for 4 at Chez Marie is booked.')).toHaveLength(1);
  });

  it('setMessages([]) clears the transcript', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={ADMIN} />);
    await probe.chat!.sendMessage({ text: 'Delete record rec-778.' });
    await expectInStep(probe, container);
    probe.chat!.setMessages([]);
    await expectInStep(probe, container);
    expect(state(probe).runs.size).toBe(0);
    expect(state(probe).toolCalls.size).toBe(0);
    await probe.chat!.sendMessage({ text: 'Delete record rec-778.' });
    await expectInStep(probe, container);
    expect(selectPendingApprovals(state(probe))).toHaveLength(1);
  });

  it('editing a user message through sendMessage({ messageId }) replaces what followed it', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={TAGGED_AGENT_ID} />);
    await probe.chat!.sendMessage({ text: `delete ${tag('edit')}` });
    await screen.findByRole('button', { name: /^Approve/ });
    await probe.chat!.sendMessage({ text: `weather ${tag('edit2')}` });
    await expectInStep(probe, container);
    const firstUser = probe.chat!.messages[0]!.id;
    await probe.chat!.sendMessage({ text: `weather ${tag('edit3')}`, messageId: firstUser });
    await expectInStep(probe, container);
    expect(assistantIds(probe)).toHaveLength(1);
    expect(state(probe).toolCalls.has(`call-delete-${tag('edit')}`)).toBe(false);
    expect(state(probe).toolCalls.has(`call-weather-${tag('edit3')}`)).toBe(true);
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('stop() mid-answer, then a new message: both answers show as the chat holds them', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={SLOW} />);
    void probe.chat!.sendMessage({ text: 'Tell me.' });
    await waitFor(() => expect(assistantIds(probe)).toHaveLength(1));
    await waitFor(() => expect(textOf(probe, 0)).toContain('Here is a long'));
    await probe.chat!.stop();
    await expectInStep(probe, container);
    // The store shows what the chat kept of the cut answer, no more and no less.
    const cut = assistantIds(probe)[0]!;
    expect(selectRunText(state(probe), cut)).toBe(textOf(probe, 0));
    expect(state(probe).runs.get(cut)?.status).toBe('aborted');
    await probe.chat!.sendMessage({ text: 'Again.' });
    await expectInStep(probe, container);
    expect(assistantIds(probe)).toHaveLength(2);
    const runs = [...container.querySelectorAll('[data-slot="transcript-run"]')];
    expect(runs[0]!.textContent).toContain(textOf(probe, 0).trim());
    expect(runs[1]!.textContent).toContain('takes a while to stream word by word.');
  });

  it('a rebuilt answer keeps its hidden values hidden', async () => {
    const probe: Probe = {};
    const secret = tag('secret');
    const hide = () => ({ id: '[hidden]' });
    const options = {
      storeOptions: { transforms: { deleteTool: { input: hide, approval: hide } } },
    };
    const { container } = render(
      <Chat probe={probe} agent={NUMBERING_AGENT_ID} options={options} />,
    );
    await probe.chat!.sendMessage({ text: `delete ${secret}` });
    await probe.chat!.sendMessage({ text: `delete ${tag('other')}` });
    await expectInStep(probe, container);
    probe.chat!.setMessages(probe.chat!.messages.slice(0, 2));
    await expectInStep(probe, container);
    const calls = [...state(probe).toolCalls.values()];
    expect(calls.map((call) => call.status)).toEqual(['approval-requested']);
    // What views show of the call, and what a snapshot of it carries, never the raw arguments
    // (`raw` keeps them for the app, as on a native stream).
    const shown = calls.map(({ raw: _, ...call }) => call);
    expect(JSON.stringify(shown)).toContain('[hidden]');
    expect(JSON.stringify(shown)).not.toContain(secret);
    expect(JSON.stringify(serializeState(state(probe)).toolCalls)).not.toContain(secret);
  });

  it('a chat reloaded from saved messages that only useChat got: the store follows them, then a regenerate', async () => {
    const first: Probe = {};
    render(<Chat probe={first} agent={TAGGED_AGENT_ID} />);
    await first.chat!.sendMessage({ text: `weather ${tag('saved')}` });
    await first.chat!.sendMessage({ text: `delete ${tag('saved')}` });
    await waitFor(() => expect(first.chat!.status).toBe('ready'));
    const saved = JSON.parse(JSON.stringify(first.chat!.messages)) as unknown[];
    cleanup();

    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={TAGGED_AGENT_ID} saved={saved} />);
    await expectInStep(probe, container);
    expect(selectPendingApprovals(state(probe))).toHaveLength(1);
    await probe.chat!.regenerate({ messageId: assistantIds(probe)[0]! });
    await expectInStep(probe, container);
    expect(assistantIds(probe)).toHaveLength(1);
    expect(selectPendingApprovals(state(probe))).toEqual([]);
  });
});
