/**
 * An agent whose model calls client-side tools (tools the request passes as `clientTools`, which
 * Mastra does not run), for the session's client-tool tests, with and without a memory thread.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import type { ClientTools, SessionThread } from '@toolpane/client/session';
import { afterAll, beforeAll } from 'vitest';
import { reactiveModel, step, text, toolCall } from '../../scripts/record/models.ts';
import { startMastraServer, type TestServer } from './harness.ts';

/** The id of the agent {@link createClientToolAgent} makes. */
export const CLIENT_TOOL_AGENT_ID = 'client-tool-agent';

const questionSchema = {
  type: 'object',
  properties: { question: { type: 'string' } },
  required: ['question'],
  additionalProperties: false,
};

/** The client tools the tests pass: `locateUser` and `askUser`. */
export const CLIENT_TOOLS: ClientTools = {
  locateUser: {
    id: 'locate-user',
    description: "The user's location, from the browser.",
    inputSchema: questionSchema,
  },
  askUser: {
    id: 'ask-user',
    description: 'Ask the user a question in the page.',
    inputSchema: questionSchema,
    outputSchema: { type: 'object', properties: { answer: { type: 'string' } } },
  },
};

/**
 * `locate <tag>` calls `locateUser` as `call-locate-<tag>`; `both <tag>` calls `locateUser` and
 * `askUser` in one step (`call-locate-<tag>`, `call-ask-<tag>`). Once the results are in the
 * prompt, the model says what it got: `Results: <the results as JSON, in call order>`, and in a
 * second line the user text it answers, to show the continuation carried the conversation.
 * `secret <tag>` calls `locateUser` too, and then only says `Noted.`.
 */
export function createClientToolAgent(): Agent {
  return new Agent({
    id: CLIENT_TOOL_AGENT_ID,
    name: 'Client tool agent',
    instructions: 'You are a helpful assistant. Ask the browser when you need to.',
    model: reactiveModel(
      ({ lastUserText, stepIndex, toolResults }) => {
        const [action = '', tag = ''] = lastUserText.split(' ');
        const question = { question: 'Where are you?' };
        const locate = toolCall({ id: `call-locate-${tag}`, name: 'locateUser', input: question });
        if (stepIndex === 0 && (action === 'locate' || action === 'secret')) return step(locate);
        if (stepIndex === 0 && action === 'both') {
          const ask = { question: 'Which city?' };
          return step([
            ...locate,
            ...toolCall({ id: `call-ask-${tag}`, name: 'askUser', input: ask }),
          ]);
        }
        if (action === 'secret') return step(text(`txt-${tag}`, 'Noted.'));
        const results = JSON.stringify([...toolResults.values()]);
        return step(text(`txt-${tag}`, `Results: ${results}\nFor: ${lastUserText}`));
      },
      { modelId: 'client-tool-mock' },
    ),
  });
}

/** A Mastra with the agent; with `memory`, the agent keeps its threads there. */
export function createClientToolMastra(memory?: InMemoryStore): Mastra {
  const agent = createClientToolAgent();
  if (memory !== undefined) agent.__setMemory(new MockMemory({ storage: memory }));
  return new Mastra({
    agents: { [CLIENT_TOOL_AGENT_ID]: agent },
    storage: new InMemoryStore(),
    logger: false,
  });
}

/** The running server of {@link serveClientToolAgent}, and new memory threads on it. */
export interface ClientToolServer {
  /** The server, from the file's `beforeAll` on. */
  readonly server: TestServer;
  /** A memory thread no test of the file has used (`<prefix>-<n>`, resource `user-1`). */
  readonly thread: () => SessionThread;
}

/**
 * Serves the agent, with memory, on 127.0.0.1 for the calling test file: the server starts
 * before its tests and closes after them.
 */
export function serveClientToolAgent(prefix: string): ClientToolServer {
  let server: TestServer | undefined;
  let threads = 0;
  beforeAll(async () => {
    server = await startMastraServer(createClientToolMastra(new InMemoryStore()));
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (server === undefined) throw new Error('The client-tool server starts in beforeAll.');
      return server;
    },
    thread: () => ({ threadId: `${prefix}-${++threads}`, resourceId: 'user-1' }),
  };
}
