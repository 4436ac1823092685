/**
 * Client-side tools in `pnpm record`: a tool with no `execute` on the agent, and a tool the
 * caller passes as `clientTools`. Mastra runs neither: the run finishes with reason `tool-calls`
 * and no result, waiting for the app's result. Natively and through `@mastra/ai-sdk`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { jsonSchema } from 'ai';
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

function createFrontDeskAgent() {
  return new Agent({
    id: 'front-desk-agent',
    name: 'Front desk',
    instructions: 'You are a helpful assistant. Ask the user when you need to.',
    tools: { askUserTool },
    model: reactiveModel(
      ({ lastUserText, stepIndex }) =>
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
          : step(text('txt-front-desk-1', 'Thanks, noted.')),
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

/** The client-tool scenarios, by name (`pnpm record <name>`). */
export const clientToolScenarios: Record<string, Scenario> = {
  async clientTool(): Promise<Recording[]> {
    const noExecute = await frontDesk().stream('Book me a table.');
    const passed = await frontDesk().stream('Find out where I am.', {
      clientTools: { locateUser: locateClientTool },
    });
    const ui = await frontDesk().stream('Book me a table.');
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
    ];
  },
};
