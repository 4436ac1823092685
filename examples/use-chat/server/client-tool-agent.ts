/**
 * An agent with a client-side tool: `pickCity` has no `execute`, so Mastra never runs it. Its
 * run finishes with reason `tool-calls`, the page answers the call in `useChat`'s `onToolCall`
 * with `addToolOutput`, and the chat sends the answer back; the scripted model then writes text
 * from the result (or from the error the page reported).
 */
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { jsonSchema } from 'ai';
import { reactiveModel, step, text, toolCall } from '../../../scripts/record/models.ts';
import { CLIENT_TOOL } from '../shared.ts';

/** The tool the page answers: no `execute`. */
const pickCityTool = createTool({
  id: 'pick-city',
  description: 'Ask the user, in the page, to pick a city.',
  inputSchema: jsonSchema<{ question: string; broken?: boolean }>({
    type: 'object',
    properties: { question: { type: 'string' }, broken: { type: 'boolean' } },
    required: ['question'],
    additionalProperties: false,
  }),
});

/** The sentence the model writes from what the page answered. */
function answer(output: unknown): string {
  const { type, value } = (output ?? {}) as { type?: unknown; value?: unknown };
  if (type === 'error-text' || type === 'error-json') {
    return `The city picker failed: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  }
  const city = (value as { city?: unknown } | undefined)?.city;
  return typeof city === 'string' ? `You picked ${city}. Good choice.` : 'You picked nothing.';
}

/**
 * The agent, with unique call ids across its runs.
 *
 * @example
 * mastra.addAgent(createClientToolAgent(), CLIENT_TOOL.agentId);
 */
export function createClientToolAgent(): Agent {
  const prefix = Math.random().toString(36).slice(2, 6);
  let count = 0;
  const nextId = (kind: string) => `${kind}-${prefix}-${++count}`;
  return new Agent({
    id: CLIENT_TOOL.agentId,
    name: 'City picker',
    instructions: 'Ask the user to pick a city with pickCity, then say what they picked.',
    tools: { [CLIENT_TOOL.toolName]: pickCityTool },
    model: reactiveModel(
      ({ lastUserText, toolResults }) => {
        const [result] = [...toolResults.values()];
        if (toolResults.size > 0) return step(text(nextId('txt'), answer(result)));
        const broken = /\bbroken\b/i.test(lastUserText);
        return step(
          toolCall({
            id: nextId('call'),
            name: CLIENT_TOOL.toolName,
            input: { question: 'Which city?', ...(broken ? { broken: true } : {}) },
          }),
        );
      },
      { modelId: 'city-picker-scripted', provider: 'scripted' },
    ),
  });
}
