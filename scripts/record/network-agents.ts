/**
 * Agent networks (`agent.network()`) for the recorder. The routing agent is the network agent's
 * own model: it answers a routing prompt with the primitive to run (JSON text, read as structured
 * output) and a completion check with `{ isComplete, completionReason, finalResult }`.
 */

import { Agent } from '@mastra/core/agent';
import { MockMemory } from '@mastra/core/memory';
import { type ModelTurn, reactiveModel, type ScriptStep, step, text, toolCall } from './models.ts';
import { createReportWorkflow, deleteTool, weatherTool } from './scenarios.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** A routing decision: which primitive runs next, with what prompt. */
export interface Route {
  primitiveId: string;
  primitiveType: 'agent' | 'workflow' | 'tool' | 'none';
  prompt: string;
  selectionReason: string;
}

/** A completion check's answer. */
export interface Verdict {
  isComplete: boolean;
  completionReason: string;
  finalResult?: string;
}

const isRouting = (turn: ModelTurn) =>
  JSON.stringify(turn.prompt).includes('select the most appropriate primitive');
const isCompletionCheck = (turn: ModelTurn) =>
  JSON.stringify(turn.prompt).includes('completionReason');

/** JSON text in a few deltas, as a model writes structured output. */
function jsonStep(id: string, value: unknown): ScriptStep {
  const json = JSON.stringify(value);
  return step(text(id, json.match(/.{1,24}/g) ?? [json]));
}

/** The whole prompt of a model turn as text, to look for what a scripted network decides on. */
export const promptText = (turn: ModelTurn) => JSON.stringify(turn.prompt);

/**
 * The network agent's model. Routing and completion checks are answered in order from `routes`
 * and `verdicts` (a network run is sequential), so one instance serves one network run at a time;
 * a function answers every turn from its prompt instead.
 */
export function networkModel(
  id: string,
  routes: Route[] | ((turn: ModelTurn) => Route | Promise<Route>),
  verdicts: Verdict[] | ((turn: ModelTurn) => Verdict),
) {
  let routed = 0;
  let checked = 0;
  return reactiveModel(
    async (turn) => {
      if (isRouting(turn)) {
        const route =
          typeof routes === 'function'
            ? await routes(turn)
            : routes[Math.min(routed, routes.length - 1)]!;
        routed++;
        return jsonStep(`txt-${id}-route-${routed}`, route);
      }
      if (isCompletionCheck(turn)) {
        const verdict =
          typeof verdicts === 'function'
            ? verdicts(turn)
            : verdicts[Math.min(checked, verdicts.length - 1)]!;
        checked++;
        return jsonStep(`txt-${id}-check-${checked}`, verdict);
      }
      return step(text(`txt-${id}-other`, 'OK.'));
    },
    { modelId: `${id}-mock` },
  );
}

/** A member agent: one weather lookup, then an answer. */
function createResearcherAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'net-researcher-agent',
    name: 'Researcher',
    description: 'Looks up the weather for a city.',
    tools: { weatherTool },
    model: reactiveModel(
      ({ stepIndex }) =>
        stepIndex === 0
          ? step(
              toolCall({ id: 'call-net-weather-1', name: 'weatherTool', input: { city: 'Rome' } }),
            )
          : step(text('txt-net-researcher-1', 'Rome is 21°C and sunny.')),
      { modelId: 'net-researcher-mock' },
    ),
  });
}

/**
 * A network that routes to an agent (which calls a tool), then a workflow, then a tool, with a
 * completion check after each; the last check passes with a final result.
 */
export function createPlannerNetwork() {
  return new Agent({
    instructions: 'You coordinate a researcher, a report workflow and a weather tool.',
    id: 'planner-network',
    name: 'Planner network',
    agents: { researcher: createResearcherAgent() },
    workflows: { report: createReportWorkflow() },
    tools: { weatherTool },
    memory: new MockMemory(),
    model: networkModel(
      'planner',
      [
        {
          primitiveId: 'researcher',
          primitiveType: 'agent',
          prompt: 'What is the weather in Rome?',
          selectionReason: 'The researcher can look the weather up.',
        },
        {
          primitiveId: 'report',
          primitiveType: 'workflow',
          prompt: JSON.stringify({ topic: 'Rome trip' }),
          selectionReason: 'The report workflow writes the summary.',
        },
        {
          primitiveId: 'weatherTool',
          primitiveType: 'tool',
          prompt: JSON.stringify({ city: 'Milan' }),
          selectionReason: 'Milan is the fallback city.',
        },
      ],
      [
        { isComplete: false, completionReason: 'The report is still missing.' },
        { isComplete: false, completionReason: 'Milan is not checked yet.' },
        {
          isComplete: true,
          completionReason: 'Weather, report and fallback are done.',
          finalResult: 'Rome is 21°C and sunny; the report is ready; Milan is sunny too.',
        },
      ],
    ),
  });
}

/** A member agent whose tool needs approval. */
function createNetworkOpsAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'net-ops-agent',
    name: 'Network ops',
    description: 'Deletes records (with approval).',
    tools: { deleteTool },
    model: reactiveModel(
      ({ stepIndex, toolResults }) =>
        stepIndex === 0
          ? step(toolCall({ id: 'call-net-del-1', name: 'deleteTool', input: { id: 'rec-314' } }))
          : step(
              text(
                'txt-net-ops-1',
                // A declined call reaches the model as the reason, not as the tool's result.
                JSON.stringify([...toolResults.values()]).includes('"deleted":true')
                  ? 'Record rec-314 was deleted.'
                  : 'I did not delete rec-314.',
              ),
            ),
      { modelId: 'net-ops-mock' },
    ),
  });
}

/** A network whose chosen agent calls a tool that needs approval. */
export function createCleanupNetwork() {
  return new Agent({
    instructions: 'You clean up records through the ops agent.',
    id: 'cleanup-network',
    name: 'Cleanup network',
    agents: { ops: createNetworkOpsAgent() },
    memory: new MockMemory(),
    model: networkModel(
      'cleanup',
      [
        {
          primitiveId: 'ops',
          primitiveType: 'agent',
          prompt: 'Delete record rec-314.',
          selectionReason: 'Only the ops agent can delete records.',
        },
      ],
      // The check reads the ops agent's answer: a declined deletion ends the task as well.
      (turn) =>
        promptText(turn).includes('was deleted')
          ? {
              isComplete: true,
              completionReason: 'The record is deleted.',
              finalResult: 'Record rec-314 is deleted.',
            }
          : {
              isComplete: true,
              completionReason: 'The deletion was declined.',
              finalResult: 'Record rec-314 was kept.',
            },
    ),
  });
}
