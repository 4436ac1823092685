// @vitest-environment jsdom
/**
 * `@toolpane/react/ai-sdk` against a real Mastra server's `chatRoute`, with the `useChat` of
 * `@ai-sdk/react` 3 (AI SDK 6) and 4 (AI SDK 7), whose transport takes its time before each
 * request (an auth header fetched per request): each decision is one request, and each approved
 * tool runs once, whatever the delay.
 */
import '@testing-library/jest-dom/vitest';
import { useChat as useChat3 } from '@ai-sdk/react';
import { useChat as useChat4 } from '@ai-sdk/react4';
import { chatRoute } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { type AgentSession, selectPendingApprovals, selectRunText } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import {
  type ChatFetch,
  type ChatLike,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete6,
  jsonSchema,
  DefaultChatTransport as Transport6,
} from 'ai';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete7,
  DefaultChatTransport as Transport7,
} from 'ai7';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reactiveModel, step, text, toolCall } from '../../scripts/record/models.ts';
import { startMastraServer, type TestServer } from './harness.ts';

/** The records the delete tool deleted, one entry per run of the tool. */
const deleted: string[] = [];

const deleteRecord = createTool({
  id: 'delete-record',
  description: 'Delete a record by id. Needs approval.',
  inputSchema: jsonSchema<{ id: string }>({
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
  }) as never,
  requireApproval: true,
  execute: async ({ id }: { id: string }) => {
    deleted.push(id);
    return { deleted: true, id };
  },
} as never);

const AGENT = 'counted-delete-agent';

/**
 * `delete <tag>` asks to delete record `<tag>`; `delete-two <tag>` asks to delete `<tag>-a` and
 * `<tag>-b` in one step. The answer names what was deleted.
 */
function createAgent(): Agent {
  return new Agent({
    id: AGENT,
    name: 'Counted delete agent',
    instructions: 'Delete records when asked.',
    tools: { deleteTool: deleteRecord },
    model: reactiveModel(
      ({ lastUserText, stepIndex, toolResults }) => {
        const [action = '', tag = ''] = lastUserText.split(' ');
        const ids = action === 'delete-two' ? [`${tag}-a`, `${tag}-b`] : [tag];
        if (stepIndex === 0) {
          return step(
            ids.flatMap((id) => toolCall({ id: `call-${id}`, name: 'deleteTool', input: { id } })),
          );
        }
        const results = JSON.stringify([...toolResults.values()]);
        const gone = ids.filter((id) => results.includes(`"id":"${id}"`));
        return step(text(`txt-${tag}`, `Deleted: ${gone.join(', ') || 'nothing'}.`));
      },
      { modelId: 'counted-delete-mock' },
    ),
  });
}

let server: TestServer;

beforeAll(async () => {
  const mastra = new Mastra({
    agents: { [AGENT]: createAgent() },
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
}

/** The transport options of a page whose auth header takes `delay` ms to get. */
const transportOptions = (fetch: ChatFetch, delay: number) => ({
  api: `${server.baseUrl}/chat/${AGENT}`,
  fetch,
  headers: async () => {
    await new Promise((resolve) => setTimeout(resolve, delay));
    return { authorization: 'Bearer token' };
  },
});

/**
 * The chat as an app's own adapter may pass it: the same helpers, but `addToolApprovalResponse`
 * returns nothing (its promise dropped). The chat still sends an answer itself.
 */
const dropsPromise = (chat: ChatLike): ChatLike => ({
  ...chat,
  addToolApprovalResponse: (response) => {
    void chat.addToolApprovalResponse(response);
  },
});

/** `useChat` of each version, with the transport and the helper of its AI SDK. */
const DIRECT = [
  {
    name: '@ai-sdk/react 3 (ai 6)',
    useVersionChat: (fetch: ChatFetch, delay: number): ChatLike =>
      useChat3({
        transport: new Transport6(transportOptions(fetch, delay)),
        sendAutomaticallyWhen: complete6,
      }),
  },
  {
    name: '@ai-sdk/react 4 (ai 7)',
    useVersionChat: (fetch: ChatFetch, delay: number): ChatLike =>
      useChat4({
        transport: new Transport7(transportOptions(fetch, delay)),
        sendAutomaticallyWhen: complete7,
      }),
  },
] as const;

/** Each version as is, and through an adapter that drops the helper's promise. */
const VERSIONS = [
  ...DIRECT,
  ...DIRECT.map(({ name, useVersionChat }) => ({
    name: `${name} through an adapter`,
    useVersionChat: (fetch: ChatFetch, delay: number) => dropsPromise(useVersionChat(fetch, delay)),
  })),
];

interface ChatProps {
  readonly probe: Probe;
  readonly delay: number;
  readonly useVersionChat: (fetch: ChatFetch, delay: number) => ChatLike;
}

function Chat({ probe, delay, useVersionChat }: ChatProps) {
  const toolpane = useToolpaneChat();
  const chat = useVersionChat(toolpane.fetch, delay);
  probe.session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={probe.session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}

describe.each(VERSIONS)('useChat of $name', ({ name, useVersionChat }) => {
  /** Renders the chat and sends `message`, which ends waiting on approvals. */
  async function start(message: string, delay: number) {
    const probe: Probe = {};
    render(<Chat probe={probe} delay={delay} useVersionChat={useVersionChat} />);
    const session = probe.session!;
    expect((await session.send(message)).status).toBe('done');
    await waitFor(() => expect(selectPendingApprovals(session.store.getState()).length).toBe(1));
    deleted.length = 0;
    return { session, before: server.requestsTo(AGENT).length };
  }

  /** The requests the chat sent since `before`: what their bodies resumed, if anything. */
  const sentSince = (before: number) =>
    server
      .requestsTo(AGENT)
      .slice(before)
      .map((request) => (request.body as { resumeData?: unknown }).resumeData ?? 'messages');

  const tag = (word: string, delay: number) =>
    `${word}${name.includes(' 3 ') ? 3 : 4}${name.includes('adapter') ? 'a' : ''}x${delay}`;

  /** The store's text once a decision's promise settled: its response was read by then. */
  const shown = (session: AgentSession) => {
    const state = session.store.getState();
    return state.runOrder.map((runId) => selectRunText(state, runId)).join(' ');
  };

  describe.each([10, 30])('with headers ready after %i ms', (delay) => {
    it('one Approve is one request, and the tool runs once', async () => {
      const id = tag('one', delay);
      const { session, before } = await start(`delete ${id}`, delay);
      expect((await session.approve(`call-${id}`)).status).toBe('done');
      expect(shown(session)).toContain(`Deleted: ${id}.`);
      expect(await screen.findByText(`Deleted: ${id}.`)).toBeInTheDocument();
      await waitFor(() => expect(session.getStatus()).toBe('idle'));
      expect({ sent: sentSince(before), deleted }).toEqual({ sent: ['messages'], deleted: [id] });
    });

    it('one Decline is one request, and the tool does not run', async () => {
      const id = tag('keep', delay);
      const { session, before } = await start(`delete ${id}`, delay);
      expect((await session.decline(`call-${id}`, 'Keep it')).status).toBe('done');
      expect(shown(session)).toContain('Deleted: nothing.');
      expect(await screen.findByText('Deleted: nothing.')).toBeInTheDocument();
      await waitFor(() => expect(session.getStatus()).toBe('idle'));
      expect({ sent: sentSince(before), deleted }).toEqual({ sent: ['messages'], deleted: [] });
    });

    it('two approvals of one step: one request each, and each tool runs once', async () => {
      const id = tag('two', delay);
      const { session, before } = await start(`delete-two ${id}`, delay);
      // The chat holds the first answer back while the other call is open: the session sends it.
      expect((await session.approve(`call-${id}-a`)).status).toBe('done');
      await waitFor(() =>
        expect(selectPendingApprovals(session.store.getState()).map((p) => p.key)).toEqual([
          `call-${id}-b`,
        ]),
      );
      expect(sentSince(before)).toEqual([{ approved: true }]);
      // The second completes the step: the chat sends it itself.
      expect((await session.approve(`call-${id}-b`)).status).toBe('done');
      expect(shown(session)).toContain(`Deleted: ${id}-a, ${id}-b.`);
      expect(await screen.findByText(`Deleted: ${id}-a, ${id}-b.`)).toBeInTheDocument();
      await waitFor(() => expect(session.getStatus()).toBe('idle'));
      expect({ sent: sentSince(before), deleted }).toEqual({
        sent: [{ approved: true }, 'messages'],
        deleted: [`${id}-a`, `${id}-b`],
      });
    });
  });
});
