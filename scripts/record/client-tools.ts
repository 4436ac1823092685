/**
 * Client-side tools in `pnpm record`: a tool with no `execute` on the agent, and a tool the
 * caller passes as `clientTools`. Mastra runs neither: the run finishes with reason `tool-calls`
 * and no result, waiting for the app's result. Natively and through `@mastra/ai-sdk`, and the
 * answer `chatRoute` streams once the page has given the call its output.
 */
import { handleChatStream, toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { jsonSchema, readUIMessageStream, type UIMessage } from 'ai';
import { reactiveModel, step, text, toolCall } from './models.ts';
import { at, collect, ofType, problem, type Recording, type Scenario } from './recording.ts';

const questionSchema = jsonSchema<{ question: string }>({
  type: 'object',
  properties: { question: { type: 'string' } },
  required: ['question'],
  additionalProperties: false,
});

/** A tool the browser answers: it has no `execute`, so Mastra never runs it. */
const askUserTool = createTool({
  id: 'ask-user',
  description: 'Ask the user a question in the page.',
  inputSchema: questionSchema,
});

/** A tool only the caller knows, passed per request as `clientTools`. */
const locateClientTool = {
  id: 'locate-user',
  description: "The user's location, from the browser.",
  inputSchema: questionSchema,
};

/** The model's answer once the page answered: the city it was given, so the output is seen to arrive. */
function replyTo(toolResults: Map<string, unknown>): string {
  const output = toolResults.get('call-ask-1') as { value?: { city?: unknown } } | undefined;
  const city = output?.value?.city;
  return typeof city === 'string' ? `You picked ${city}.` : 'Thanks, noted.';
}

function createFrontDeskAgent() {
  return new Agent({
    id: 'front-desk-agent',
    name: 'Front desk',
    instructions: 'You are a helpful assistant. Ask the user when you need to.',
    tools: { askUserTool },
    model: reactiveModel(
      ({ lastUserText, stepIndex, toolResults }) =>
        stepIndex === 0
          ? step(
              lastUserText.includes('where')
                ? toolCall({
                    id: 'call-locate-1',
                    name: 'locateUser',
                    input: { question: 'Where are you?' },
                  })
                : toolCall({
                    id: 'call-ask-1',
                    name: 'askUserTool',
                    input: { question: 'Which city?' },
                  }),
            )
          : step(text('txt-front-desk-1', replyTo(toolResults))),
      { modelId: 'front-desk-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { frontDesk: createFrontDeskAgent() },
  storage: new InMemoryStore(),
  logger: false,
});
const frontDesk = () => mastra.getAgent('frontDesk');

/** Ends on `finish` with reason `tool-calls`, with no result for `toolCallId`. */
const awaitsClient = (toolCallId: string) => (chunks: Record<string, unknown>[]) => [
  ...problem(
    at(chunks.at(-1), 'payload', 'stepResult', 'reason') === 'tool-calls',
    'did not finish with reason tool-calls',
  ),
  ...problem(
    ofType(chunks, 'tool-result').every((c) => at(c, 'payload', 'toolCallId') !== toolCallId),
    'has a result for the client tool',
  ),
];

/** The output the page gives `call-ask-1` before the chat continues. */
const PICKED = { city: 'Oslo' };

/**
 * The two requests of a `useChat` page through `chatRoute`'s handler: the user's message, then
 * (after the page gave the call its output, as `addToolOutput` does) the conversation with that
 * output. Returns the continuation's chunks and the id of the assistant message it continues.
 */
async function chatContinuation(): Promise<{
  chunks: Record<string, unknown>[];
  messageId: string;
}> {
  const user: UIMessage = {
    id: 'msg-user-1',
    role: 'user',
    parts: [{ type: 'text', text: 'Book me a table.' }],
  };
  const params = (messages: UIMessage[]) => ({ messages }) as never;
  const first = await handleChatStream({
    mastra,
    agentId: 'front-desk-agent',
    params: params([user]),
    version: 'v6',
  });
  let assistant: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: first as never })) {
    assistant = message as UIMessage;
  }
  if (assistant === undefined) throw new Error('chatRoute streamed no assistant message');
  const answered: UIMessage = {
    ...assistant,
    parts: assistant.parts.map((part) =>
      'toolCallId' in part && part.toolCallId === 'call-ask-1'
        ? ({ ...part, state: 'output-available', output: PICKED } as never)
        : part,
    ),
  };
  const next = await handleChatStream({
    mastra,
    agentId: 'front-desk-agent',
    params: params([user, answered]),
    version: 'v6',
  });
  return { chunks: await collect(next as ReadableStream<unknown>), messageId: assistant.id };
}

/** The client-tool scenarios, by name (`pnpm record <name>`). */
export const clientToolScenarios: Record<string, Scenario> = {
  async clientTool(): Promise<Recording[]> {
    const noExecute = await frontDesk().stream('Book me a table.');
    const passed = await frontDesk().stream('Find out where I am.', {
      clientTools: { locateUser: locateClientTool },
    });
    const ui = await frontDesk().stream('Book me a table.');
    const continued = await chatContinuation();
    return [
      {
        file: 'client-tool.jsonl',
        chunks: await collect(noExecute.fullStream),
        expect: ['tool-call', 'finish'],
        check: awaitsClient('call-ask-1'),
      },
      {
        file: 'client-tool-passed.jsonl',
        chunks: await collect(passed.fullStream),
        expect: ['tool-call', 'finish'],
        check: awaitsClient('call-locate-1'),
      },
      {
        file: 'client-tool-aisdk.jsonl',
        chunks: await collect(toAISdkStream(ui, { from: 'agent', version: 'v6' })),
        expect: ['tool-input-available', 'finish'],
      },
      {
        file: 'client-tool-aisdk-continued.jsonl',
        chunks: continued.chunks,
        expect: ['start', 'text-delta', 'finish'],
        // The model read the page's output: its answer names the city.
        check: (chunks) => [
          ...problem(
            chunks.every((c) => c.toolCallId === undefined),
            'the continuation streams a chunk for the answered call',
          ),
          ...problem(at(chunks.at(-1), 'finishReason') === 'stop', 'did not finish with stop'),
          ...problem(
            chunks.some((c) => c.delta === `${PICKED.city}.`),
            'the answer does not name the picked city',
          ),
          ...problem(
            at(chunks[0], 'messageId') === continued.messageId,
            'does not continue the assistant message',
          ),
        ],
      },
    ];
  },
};
