/**
 * Scenarios of `pnpm record` where the model cites what it read and hands back a file: a URL
 * source, a document source with a file name, a generated file, then text, in one step.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { scriptedModel, step, text } from './models.ts';
import { collect, type Scenario } from './recording.ts';

/** An agent whose model cites a web page and a document, and attaches a file. */
function createResearcherAgent() {
  return new Agent({
    instructions: 'You are a researcher. Cite your sources.',
    id: 'researcher-agent',
    name: 'Researcher',
    model: scriptedModel(
      [
        step([
          {
            type: 'source',
            sourceType: 'url',
            id: 'src-web-1',
            url: 'https://weather.example.com/paris',
            title: 'Paris forecast',
          },
          {
            type: 'source',
            sourceType: 'document',
            id: 'src-doc-1',
            mediaType: 'application/pdf',
            title: 'June climate report',
            filename: 'climate-report.pdf',
          },
          { type: 'file', mediaType: 'text/csv', data: 'ZGF5LHRlbXAKMSwyNAo=' },
          ...text('txt-researcher-1', 'Expect about 24°C, as both sources say.'),
        ]),
      ],
      { modelId: 'researcher-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { researcher: createResearcherAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

/** The source and file scenarios, by name. */
export const sourceScenarios: Record<string, Scenario> = {
  async sourcesAndFile() {
    const out = await mastra.getAgent('researcher').stream('What will June be like in Paris?');
    return [
      {
        file: 'sources-and-file.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['source', 'file', 'text-delta', 'finish'],
      },
    ];
  },
};
