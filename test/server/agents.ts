/**
 * The Mastra instance the server tests talk to: a few of the scripted scenario agents (real
 * @mastra/core agents on mock models), with in-memory storage so approvals and suspensions can
 * be resumed.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { reactiveModel, step, text, toolCall } from '../../scripts/record/models.ts';
import { createCleanupNetwork } from '../../scripts/record/network-agents.ts';
import { createDeskNetwork } from '../../scripts/record/network-desk.ts';
import {
  AGENT_IDS,
  bookTableTool,
  createAdminAgent,
  createBookingAgent,
  createOpsAgent,
  createReportWorkflow,
  createSlowAgent,
  createWeatherAgent,
  deleteTool,
  weatherTool,
} from '../../scripts/record/scenarios.ts';

export { AGENT_IDS };

/** The id of the agent {@link createTaggedAgent} makes. */
export const TAGGED_AGENT_ID = 'tagged-agent';

/**
 * An agent whose tool call ids come from the message `<action> <tag>`, so one session can start
 * many runs without two calls sharing an id. `weather` looks the weather up and answers,
 * `delete` asks approval to delete record `<tag>`, `delete-two` asks to delete `<tag>-a` and
 * `<tag>-b` in one step, and `book` suspends until the booking is confirmed.
 */
export function createTaggedAgent(): Agent {
  return new Agent({
    id: TAGGED_AGENT_ID,
    name: 'Tagged agent',
    instructions: 'You are a helpful assistant. Use your tools when they help.',
    tools: { weatherTool, deleteTool, bookTableTool },
    model: reactiveModel(
      ({ lastUserText, stepIndex, toolResults }) => {
        const [action = '', tag = ''] = lastUserText.split(' ');
        const textId = `txt-${action}-${tag}`;
        const results = JSON.stringify([...toolResults.values()]);
        const deleted = results.includes('"deleted":true');
        switch (action) {
          case 'weather': {
            return stepIndex === 0
              ? step(
                  toolCall({
                    id: `call-weather-${tag}`,
                    name: 'weatherTool',
                    input: { city: 'Paris' },
                  }),
                )
              : step(text(textId, 'It is 21°C and sunny in Paris.'));
          }
          case 'delete': {
            return stepIndex === 0
              ? step(toolCall({ id: `call-delete-${tag}`, name: 'deleteTool', input: { id: tag } }))
              : step(text(textId, deleted ? `Record ${tag} was deleted.` : `OK, I kept ${tag}.`));
          }
          case 'delete-two': {
            return stepIndex === 0
              ? step([
                  ...toolCall({
                    id: `call-delete-${tag}-a`,
                    name: 'deleteTool',
                    input: { id: `${tag}-a` },
                  }),
                  ...toolCall({
                    id: `call-delete-${tag}-b`,
                    name: 'deleteTool',
                    input: { id: `${tag}-b` },
                  }),
                ])
              : step(text(textId, `Records ${tag}-a and ${tag}-b were deleted.`));
          }
          case 'book': {
            const input = { restaurant: 'Chez Marie', people: 4, time: '19:30' };
            return stepIndex === 0
              ? step(toolCall({ id: `call-book-${tag}`, name: 'bookTableTool', input }))
              : step(
                  text(
                    textId,
                    results.includes('"booked":true')
                      ? 'Your table for 4 at Chez Marie is booked.'
                      : 'No table was booked.',
                  ),
                );
          }
          default: {
            return step(text(textId, `I cannot ${action}.`));
          }
        }
      },
      { modelId: 'tagged-mock' },
    ),
  });
}

/** The id of the agent {@link createNumberingAgent} makes. */
export const NUMBERING_AGENT_ID = 'numbering-agent';

/**
 * An agent whose model numbers its tool calls per request, as some providers and mock models do:
 * every run's first call is `call-1`. `delete <tag>` asks approval to delete record `<tag>`;
 * `weather <a> <b> …` looks up city `<a>`, then in the next step city `<b>`, and so on, each call
 * `call-1`.
 */
export function createNumberingAgent(): Agent {
  return new Agent({
    id: NUMBERING_AGENT_ID,
    name: 'Numbering agent',
    instructions: 'You are a helpful assistant. Use your tools when they help.',
    tools: { deleteTool, weatherTool },
    model: reactiveModel(
      ({ lastUserText, stepIndex, toolResults }) => {
        const [action, tag = '', ...rest] = lastUserText.split(' ');
        if (action === 'weather') {
          const cities = [tag, ...rest];
          // Mastra keeps one tool call per id in the prompt: the newest result names the city.
          const looked = JSON.stringify([...toolResults.values()].at(-1) ?? null);
          const city = cities[cities.findIndex((c) => looked.includes(`"city":"${c}"`)) + 1];
          return city === undefined
            ? step(text('txt-weather', `Looked up ${cities.join(' and ')}.`))
            : step(toolCall({ id: 'call-1', name: 'weatherTool', input: { city } }));
        }
        const deleted = JSON.stringify([...toolResults.values()]).includes('"deleted":true');
        return stepIndex === 0
          ? step(toolCall({ id: 'call-1', name: 'deleteTool', input: { id: tag } }))
          : step(text(`txt-${tag}`, deleted ? `Record ${tag} was deleted.` : `Kept ${tag}.`));
      },
      { modelId: 'numbering-mock' },
    ),
  });
}

/** The id of the agent {@link createNumberingSupervisor} makes. */
export const NUMBERING_SUPERVISOR_ID = 'numbering-supervisor';

/**
 * A supervisor whose model numbers its calls per request, as {@link createNumberingAgent} does,
 * and delegates to that agent (`agent-numbering`) and to the report workflow (`workflow-report`):
 * `weather Paris Lyon | report Q3 | weather Rome Oslo` runs one task per step, each call `call-1`,
 * so the runs inside repeat their parent's id and each other's.
 */
export function createNumberingSupervisor(): Agent {
  let done = 0;
  return new Agent({
    id: NUMBERING_SUPERVISOR_ID,
    name: 'Numbering supervisor',
    instructions: 'You delegate each task to an agent or a workflow.',
    agents: { numbering: createNumberingAgent() },
    workflows: { report: createReportWorkflow() },
    model: reactiveModel(
      ({ lastUserText, toolResults }) => {
        const tasks = lastUserText.split(' | ');
        // Mastra's prompt keeps one call per id, with the first call's input and result under the
        // newest call's name: it cannot tell which task ran last, so the model counts its steps
        // (a run's first step has no results yet; one run at a time).
        done = toolResults.size === 0 ? 0 : done + 1;
        const task = tasks[done];
        if (task === undefined) return step(text('txt-supervisor', `Done: ${tasks.length} tasks.`));
        const [action = '', ...words] = task.split(' ');
        return step(
          action === 'report'
            ? toolCall({
                id: 'call-1',
                name: 'workflow-report',
                input: { inputData: { topic: words.join(' ') } },
              })
            : toolCall({ id: 'call-1', name: 'agent-numbering', input: { prompt: task } }),
        );
      },
      { modelId: 'numbering-supervisor-mock' },
    ),
  });
}

/** The key of the agent network whose chosen agent's tool needs approval. */
export const CLEANUP_NETWORK_ID = 'cleanup-network';

/** The key of the agent network whose members and tools suspend (see network-desk.ts). */
export const DESK_NETWORK_ID = 'desk-network';

/** A fresh Mastra with the agents the server tests use. */
export function createTestMastra(): Mastra {
  return new Mastra({
    agents: {
      [AGENT_IDS.weather]: createWeatherAgent(),
      [AGENT_IDS.ops]: createOpsAgent(),
      [AGENT_IDS.admin]: createAdminAgent(),
      [AGENT_IDS.booking]: createBookingAgent(),
      [AGENT_IDS.slow]: createSlowAgent(),
      [TAGGED_AGENT_ID]: createTaggedAgent(),
      [NUMBERING_AGENT_ID]: createNumberingAgent(),
      [CLEANUP_NETWORK_ID]: createCleanupNetwork(),
      [DESK_NETWORK_ID]: createDeskNetwork(),
    },
    storage: new InMemoryStore(),
    logger: false,
  });
}
