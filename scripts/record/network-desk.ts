/**
 * The desk network of `pnpm record`: one network agent whose router picks, by a marker in the
 * task, a member agent that suspends (`[booker]`), a slow member agent that honours the abort
 * signal (`[crawl]`), a tool that needs approval (`[delete]`), a tool that suspends (`[book]`) or
 * a workflow whose step suspends (`[expense]`), a member agent whose slow tool ignores the abort
 * signal (`[archive]`) or that tool itself (`[export]`). `[slow-route]` makes the router slow.
 */

import { Agent } from '@mastra/core/agent';
import { MockMemory } from '@mastra/core/memory';
import {
  crawlSiteTool,
  createExpenseWorkflow,
  exportArchiveTool,
  oneCallAgent,
} from './coverage-agents.ts';
import type { ModelTurn } from './models.ts';
import { networkModel, promptText, type Route } from './network-agents.ts';
import { bookTableTool, deleteTool } from './scenarios.ts';

/** Routes by the marker in the task (the routing prompt holds the task). */
async function routeByMarker(turn: ModelTurn): Promise<Route> {
  const task = promptText(turn);
  const route = (
    primitiveType: Route['primitiveType'],
    primitiveId: string,
    prompt: unknown,
    selectionReason: string,
  ): Route => ({
    primitiveId,
    primitiveType,
    prompt: typeof prompt === 'string' ? prompt : JSON.stringify(prompt),
    selectionReason,
  });
  if (task.includes('[slow-route]')) await new Promise((resolve) => setTimeout(resolve, 2000));
  if (task.includes('[booker]'))
    return route('agent', 'booker', 'Book Da Enzo for two at eight.', 'The booker books tables.');
  if (task.includes('[crawl]'))
    return route('agent', 'crawler', 'Crawl https://example.com.', 'The crawler reads sites.');
  if (task.includes('[archive]'))
    return route('agent', 'archivist', 'Export ada@example.com.', 'The archivist exports mail.');
  if (task.includes('[export]'))
    return route('tool', 'exportArchiveTool', { mailbox: 'ada@example.com' }, 'A direct export.');
  if (task.includes('[delete]'))
    return route('tool', 'deleteTool', { id: 'rec-512' }, 'Deleting is a tool call.');
  if (task.includes('[book]'))
    return route(
      'tool',
      'bookTableTool',
      { restaurant: 'Da Enzo', people: 2, time: '20:00' },
      'The booking tool asks for confirmation.',
    );
  if (task.includes('[expense]'))
    return route(
      'workflow',
      'expense',
      { item: 'Train tickets', amount: 120 },
      'Expenses go through the expense workflow.',
    );
  return route('none', 'none', '', 'Nothing to do.');
}

/** The desk network (see the file comment). */
export function createDeskNetwork(): Agent {
  return new Agent({
    instructions: 'You route requests to the desk: booker, crawler, tools and the expense flow.',
    id: 'desk-network',
    name: 'Desk network',
    agents: {
      booker: oneCallAgent(
        'net-booker-agent',
        'Books restaurant tables (asks the user to confirm).',
        {
          id: 'call-net-book-1',
          name: 'bookTableTool',
          input: { restaurant: 'Da Enzo', people: 2, time: '20:00' },
        },
        'Your table at Da Enzo is booked.',
        { bookTableTool },
      ),
      crawler: oneCallAgent(
        'net-crawler-agent',
        'Crawls websites (slow).',
        { id: 'call-net-crawl-1', name: 'crawlSiteTool', input: { url: 'https://example.com' } },
        'The site has 12 pages.',
        { crawlSiteTool },
      ),
      archivist: oneCallAgent(
        'net-archivist-agent',
        'Exports mail archives (slow).',
        {
          id: 'call-net-archive-1',
          name: 'exportArchiveTool',
          input: { mailbox: 'ada@example.com' },
        },
        'The archive has 1820 messages.',
        { exportArchiveTool },
      ),
    },
    tools: { deleteTool, bookTableTool, exportArchiveTool },
    workflows: { expense: createExpenseWorkflow() },
    memory: new MockMemory(),
    model: networkModel('desk', routeByMarker, () => ({
      isComplete: true,
      completionReason: 'The desk handled the request.',
      finalResult: 'The desk handled the request.',
    })),
  });
}
