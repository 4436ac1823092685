/**
 * Names the server and the page agree on. Nothing here may be secret: the page bundles it.
 */

/** The agent the page talks to. */
export const SUPERVISOR_ID = 'demo-supervisor';

/** The supervisor's tools, by the names the model calls them. */
export const TOOL_NAMES = {
  weather: 'getWeather',
  delete: 'deleteRecord',
  book: 'bookTable',
  customer: 'lookupCustomer',
  deploy: 'deployService',
  research: 'agent-research',
  report: 'workflow-report',
} as const;

/** One of the page's example prompts. */
export interface ExamplePrompt {
  /** What the prompt shows off. */
  readonly feature: string;
  readonly prompt: string;
}

/** One prompt per feature; the scripted model reacts to their key words. */
export const EXAMPLE_PROMPTS: readonly ExamplePrompt[] = [
  { feature: 'Tool call', prompt: "What's the weather in Paris?" },
  { feature: 'Approval', prompt: 'Delete record abc-123' },
  { feature: 'Suspend and resume', prompt: 'Book a table for 4 at Chez Marie at 19:30' },
  { feature: 'Hidden secret', prompt: 'Look up customer Ada Lovelace' },
  { feature: 'Progress', prompt: 'Deploy billing to staging' },
  { feature: 'Subagents', prompt: 'Research the conditions at Paris CDG' },
  { feature: 'Workflow', prompt: 'Build a report on Q3 sales' },
];
