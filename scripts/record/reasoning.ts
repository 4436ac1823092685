/**
 * Scenarios of `pnpm record` where the model reasons before it answers: reasoning deltas, then
 * text, in one step.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { reasoning, scriptedModel, step, text } from './models.ts';
import { collect, type Scenario } from './recording.ts';

/** An agent whose model thinks aloud, then answers. */
function createThinkerAgent() {
  return new Agent({
    instructions: 'You are a helpful assistant. Think before you answer.',
    id: 'thinker-agent',
    name: 'Thinker',
    model: scriptedModel(
      [
        step([
          ...reasoning('rsn-thinker-1', 'Paris in June is mild; the forecast says sun.'),
          ...text('txt-thinker-1', 'Expect about 24°C and sunshine.'),
        ]),
      ],
      { modelId: 'thinker-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { thinker: createThinkerAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

/** The reasoning scenarios, by name. */
export const reasoningScenarios: Record<string, Scenario> = {
  async reasoningThenText() {
    const out = await mastra.getAgent('thinker').stream('What will the weather be in Paris?');
    return [
      {
        file: 'reasoning-then-text.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['reasoning-start', 'reasoning-delta', 'reasoning-end', 'text-delta', 'finish'],
      },
    ];
  },
};
