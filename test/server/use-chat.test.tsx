// @vitest-environment jsdom
/**
 * `@toolpane/react/ai-sdk` against a real Mastra server's `chatRoute`, with the `useChat` of
 * `@ai-sdk/react` 3 (AI SDK 6) and 4 (AI SDK 7): the cards, approvals and declines through the
 * chat's own resend, resumes as `chatRoute` expects, and a reload from the chat's saved messages.
 */
import '@testing-library/jest-dom/vitest';
import { useChat as useChat3 } from '@ai-sdk/react';
import { useChat as useChat4 } from '@ai-sdk/react4';
import { chatRoute } from '@mastra/ai-sdk';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AgentSession, selectCallsWithId, selectPendingApprovals } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { useChatSession, useToolpaneChat } from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete6,
  DefaultChatTransport as Transport6,
} from 'ai';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete7,
  DefaultChatTransport as Transport7,
} from 'ai7';
import { version as reactVersion } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createNumberingAgent,
  createTaggedAgent,
  NUMBERING_AGENT_ID,
  TAGGED_AGENT_ID,
} from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let server: TestServer;

it('runs on the React its project names (19 by default, 18 in server-react18)', () => {
  expect(reactVersion.split('.')[0]).toBe(process.env.TOOLPANE_REACT_MAJOR ?? '19');
});

beforeAll(async () => {
  const mastra = new Mastra({
    agents: {
      [TAGGED_AGENT_ID]: createTaggedAgent(),
      [NUMBERING_AGENT_ID]: createNumberingAgent(),
    },
    storage: new InMemoryStore(),
    logger: false,
    server: { apiRoutes: [chatRoute({ path: '/chat/:agentId', version: 'v6' } as never)] },
  });
  server = await startMastraServer(mastra);
});

afterEach(() => cleanup());

afterAll(async () => {
  await server.close();
});

interface Probe {
  session?: AgentSession;
  messages?: readonly unknown[];
}

interface ChatProps {
  probe: Probe;
  saved?: unknown[];
  /** The agent the chat talks to (the tagged agent by default). */
  agent?: string;
}

const VERSIONS = [
  {
    name: '@ai-sdk/react 3 (ai 6)',
    Chat({ probe, saved, agent = TAGGED_AGENT_ID }: ChatProps) {
      const toolpane = useToolpaneChat(saved === undefined ? {} : { messages: saved });
      const chat = useChat3({
        ...(saved === undefined ? {} : { messages: saved as never }),
        transport: new Transport6({
          api: `${server.baseUrl}/chat/${agent}`,
          fetch: toolpane.fetch,
        }),
        sendAutomaticallyWhen: complete6,
      });
      const session = useChatSession(toolpane, chat);
      probe.session = session;
      probe.messages = chat.messages;
      return (
        <ToolpaneProvider session={session}>
          <Transcript.Root />
        </ToolpaneProvider>
      );
    },
  },
  {
    name: '@ai-sdk/react 4 (ai 7)',
    Chat({ probe, saved, agent = TAGGED_AGENT_ID }: ChatProps) {
      const toolpane = useToolpaneChat(saved === undefined ? {} : { messages: saved });
      const chat = useChat4({
        ...(saved === undefined ? {} : { messages: saved as never }),
        transport: new Transport7({
          api: `${server.baseUrl}/chat/${agent}`,
          fetch: toolpane.fetch,
        }),
        sendAutomaticallyWhen: complete7,
      });
      const session = useChatSession(toolpane, chat);
      probe.session = session;
      probe.messages = chat.messages;
      return (
        <ToolpaneProvider session={session}>
          <Transcript.Root />
        </ToolpaneProvider>
      );
    },
  },
] as const;

/** What the request of an answer before the chat's last says: it can no longer be answered. */
const EARLIER_ANSWER = /went on from a later answer/;

/** The texts of the cards that say their request expired. */
const expiredCards = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-slot="decision-expired"]')].map((card) => card.textContent);

/** What the chat's JSON round trip keeps: what an app saves and loads again. */
const saved = (probe: Probe) => JSON.parse(JSON.stringify(probe.messages)) as unknown[];

describe.each(VERSIONS)('useChat of $name', ({ Chat, name }) => {
  const tag = (word: string) => `${word}${name.includes(' 3 ') ? '3' : '4'}`;

  it('shows the card and approves through the chat, which sends the approval itself', async () => {
    const user = userEvent.setup();
    const probe: Probe = {};
    render(<Chat probe={probe} />);
    const id = tag('apr');
    expect((await probe.session?.send(`delete ${id}`))?.status).toBe('done');
    await user.click(await screen.findByRole('button', { name: 'Approve deleteTool' }));
    expect(await screen.findByText(`Record ${id} was deleted.`)).toBeInTheDocument();
    // The chat's own resend: one request, its messages carrying the approval.
    const chats = server.requestsTo(TAGGED_AGENT_ID);
    const last = chats[chats.length - 1]?.body as { messages: { parts: unknown[] }[] };
    expect(JSON.stringify(last.messages)).toContain('"approval-responded"');
    expect(probe.session?.getStatus()).toBe('idle');
  });

  it('declines with a reason the model sees', async () => {
    const probe: Probe = {};
    render(<Chat probe={probe} />);
    const id = tag('dec');
    await probe.session?.send(`delete ${id}`);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    const result = await probe.session?.decline(`call-delete-${id}`, 'Keep it');
    expect(result?.status).toBe('done');
    expect(await screen.findByText(`OK, I kept ${id}.`)).toBeInTheDocument();
    const chats = server.requestsTo(TAGGED_AGENT_ID);
    expect(JSON.stringify(chats[chats.length - 1]?.body)).toContain('"reason":"Keep it"');
  });

  it('resumes a suspension with resumeData, runId and toolCallId in the body', async () => {
    const probe: Probe = {};
    render(<Chat probe={probe} />);
    const id = tag('book');
    await probe.session?.send(`book ${id}`);
    const bad = await probe.session?.resume(`call-book-${id}`, { confirmed: 'yes' });
    expect(bad?.status).toBe('invalid');
    const result = await probe.session?.resume(`call-book-${id}`, { confirmed: true });
    expect(result?.status).toBe('done');
    expect(
      await screen.findByText('Your table for 4 at Chez Marie is booked.'),
    ).toBeInTheDocument();
    const chats = server.requestsTo(TAGGED_AGENT_ID);
    const body = chats[chats.length - 1]?.body as Record<string, unknown>;
    expect(body.resumeData).toEqual({ confirmed: true });
    expect(body.toolCallId).toBe(`call-book-${id}`);
    expect(typeof body.runId).toBe('string');
  });

  it('after a reload from saved messages, the card waits again and Approve continues the run', async () => {
    const user = userEvent.setup();
    const first: Probe = {};
    render(<Chat probe={first} />);
    const id = tag('reload');
    await first.session?.send(`delete ${id}`);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    const messages = saved(first);
    cleanup();

    const second: Probe = {};
    render(<Chat probe={second} saved={messages} />);
    await user.click(await screen.findByRole('button', { name: 'Approve deleteTool' }));
    expect(await screen.findByText(`Record ${id} was deleted.`)).toBeInTheDocument();
    await waitFor(() => expect(second.session?.getStatus()).toBe('idle'));
  });

  it('a conversation whose model numbers its calls per run: each run keeps its own card, and a bare toolCallId answers the call that waits', async () => {
    const user = userEvent.setup();
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={NUMBERING_AGENT_ID} />);
    const [one, two, three] = [tag('one'), tag('two'), tag('three')];
    await probe.session?.send(`delete ${one}`);
    await user.click(await screen.findByRole('button', { name: 'Approve deleteTool' }));
    expect(await screen.findByText(`Record ${one} was deleted.`)).toBeInTheDocument();

    // Every run's call is `call-1`: the bare id means the call that waits, the second run's.
    await probe.session?.send(`delete ${two}`);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    expect((await probe.session?.approve('call-1'))?.status).toBe('done');
    expect(await screen.findByText(`Record ${two} was deleted.`)).toBeInTheDocument();

    await probe.session?.send(`delete ${three}`);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    expect((await probe.session?.decline('call-1', 'Keep it'))?.status).toBe('done');
    expect(await screen.findByText(`Kept ${three}.`)).toBeInTheDocument();

    const state = probe.session!.store.getState();
    expect(
      selectCallsWithId(state, 'call-1').map((call) => [call.key, call.status, call.input]),
    ).toEqual([
      ['call-1', 'output-available', { kind: 'raw', value: { id: one } }],
      ['call-1#2', 'output-available', { kind: 'raw', value: { id: two } }],
      ['call-1#3', 'output-denied', { kind: 'raw', value: { id: three } }],
    ]);
    // One run per assistant message, each showing its own card and answer, in order.
    const runs = [...container.querySelectorAll('[data-slot="transcript-run"]')];
    expect(
      runs.map((run) => run.textContent?.match(/Record \S+ was deleted\.|Kept \S+\./)?.[0]),
    ).toEqual([`Record ${one} was deleted.`, `Record ${two} was deleted.`, `Kept ${three}.`]);
    expect([...state.issues]).toEqual([]);
  });

  it('a new message while a request waits: the chat goes on from the new answer, and the earlier card says it can no longer be answered', async () => {
    const user = userEvent.setup();
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={NUMBERING_AGENT_ID} />);
    const [one, two] = [tag('left-one'), tag('left-two')];
    await probe.session?.send(`delete ${one}`);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    // Not answered: the person asks for something else, and the new answer asks again.
    await probe.session?.send(`delete ${two}`);
    await waitFor(() =>
      expect(container.querySelectorAll('[data-slot="transcript-run"]')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(expiredCards(container)).toEqual([expect.stringMatching(EARLIER_ANSWER)]),
    );
    // One card offers buttons: the last answer's, the only one chatRoute can go on from.
    expect(screen.getAllByRole('button', { name: 'Approve deleteTool' })).toHaveLength(1);
    const [first] = container.querySelectorAll('[data-slot="transcript-run"]');
    expect(
      within(first as HTMLElement).queryByRole('button', { name: /^(Approve|Decline)/ }),
    ).toBeNull();
    const state = () => probe.session!.store.getState();
    expect(selectCallsWithId(state(), 'call-1').map((call) => call.approval?.expired)).toEqual([
      expect.stringMatching(EARLIER_ANSWER),
      undefined,
    ]);
    expect(selectPendingApprovals(state()).map((p) => p.key)).toEqual(['call-1#2']);
    expect(probe.session?.getStatus()).toBe('waiting');
    await user.click(screen.getByRole('button', { name: 'Approve deleteTool' }));
    expect(await screen.findByText(`Record ${two} was deleted.`)).toBeInTheDocument();
    await waitFor(() => expect(probe.session?.getStatus()).toBe('idle'));
    expect(screen.queryByText(`Record ${one} was deleted.`)).toBeNull();
    expect(selectCallsWithId(state(), 'call-1').map((call) => call.status)).toEqual([
      'approval-requested',
      'output-available',
    ]);
    // Nothing waits now: the earlier request, named by its id, is refused and nothing is sent.
    const requests = server.requestsTo(NUMBERING_AGENT_ID).length;
    const refused = await probe.session?.approve('call-1');
    expect(refused).toMatchObject({
      status: 'invalid',
      error: expect.stringMatching(EARLIER_ANSWER),
    });
    expect(server.requestsTo(NUMBERING_AGENT_ID)).toHaveLength(requests);
  });

  it('an answer whose steps each call call-1 shows a card per step, live and after a reload', async () => {
    const probe: Probe = {};
    const { container } = render(<Chat probe={probe} agent={NUMBERING_AGENT_ID} />);
    const cities = ['Paris', 'Lyon', 'Nice'].map(tag);
    await probe.session?.send(`weather ${cities.join(' ')}`);
    expect(await screen.findByText(`Looked up ${cities.join(' and ')}.`)).toBeInTheDocument();
    const shown = (state = probe.session!.store.getState()) =>
      selectCallsWithId(state, 'call-1').map((call) => [call.status, call.input, call.output]);
    const expected = cities.map((city) => [
      'output-available',
      { kind: 'raw', value: { city } },
      { kind: 'raw', value: { city, tempC: 17, sky: 'sunny' } },
    ]);
    expect(shown()).toEqual(expected);
    const cards = (root: HTMLElement) => root.querySelectorAll('[data-slot="tool-call"]');
    expect(cards(container)).toHaveLength(3);
    expect(probe.session!.store.getState().issues).toEqual([]);
    const messages = saved(probe);
    cleanup();

    const again: Probe = {};
    const reloaded = render(<Chat probe={again} saved={messages} agent={NUMBERING_AGENT_ID} />);
    expect(shown(again.session!.store.getState())).toEqual(expected);
    expect(cards(reloaded.container)).toHaveLength(3);
  });

  it('after a reload, the call that waits in a later run that repeats a toolCallId is answered by the bare id', async () => {
    const user = userEvent.setup();
    const first: Probe = {};
    render(<Chat probe={first} agent={NUMBERING_AGENT_ID} />);
    const [one, two] = [tag('reload-one'), tag('reload-two')];
    await first.session?.send(`delete ${one}`);
    await user.click(await screen.findByRole('button', { name: 'Approve deleteTool' }));
    await screen.findByText(`Record ${one} was deleted.`);
    await first.session?.send(`delete ${two}`);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    const messages = saved(first);
    cleanup();

    const second: Probe = {};
    render(<Chat probe={second} saved={messages} agent={NUMBERING_AGENT_ID} />);
    await screen.findByRole('button', { name: 'Approve deleteTool' });
    expect((await second.session?.approve('call-1'))?.status).toBe('done');
    expect(await screen.findByText(`Record ${two} was deleted.`)).toBeInTheDocument();
    const calls = selectCallsWithId(second.session!.store.getState(), 'call-1');
    expect(calls.map((call) => call.status)).toEqual(['output-available', 'output-available']);
  });
});
