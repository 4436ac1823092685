/**
 * Scenarios of `pnpm record` where a hidden argument comes back inside another value of the
 * same call: Mastra's input-validation result quotes the arguments it refused ("Provided
 * arguments: …"), and a tool's error message quotes what it was given. The tool's display
 * transform hides the secret in the arguments and shows errors as they are, which is how a tool
 * that wants its failures readable is written. Natively and through `@mastra/ai-sdk`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { collect, ofType, problem, type Scenario } from './recording.ts';

/** The password the model passes; the display transform replaces it. */
export const ECHO_SECRET = 'pw-echo-secret-4417';

interface Connect {
  readonly host: string;
  readonly port: number;
  readonly password: string;
}

/** Connects to a database; shows the host and port, never the password, and errors as they are. */
const connectTool = createTool({
  id: 'connect-db',
  description: 'Connect to a database.',
  inputSchema: z.object({ host: z.string(), port: z.number(), password: z.string() }),
  execute: async ({ host, password }) => {
    if (host !== 'db.internal') {
      throw new Error(`Could not reach ${host} with password ${password}`);
    }
    return { connected: true, host };
  },
  transform: {
    display: {
      input: ({ input }) => {
        const { password: _, ...shown } = (input ?? {}) as Partial<Connect>;
        return { ...shown, password: '••••' };
      },
      output: ({ output }) => output,
      error: ({ error }) => error,
    },
  },
});

/** The token the token tool returns; its display transform shows only the user. */
export const TOKEN_SECRET = 'tok-echo-secret-7731';

/**
 * Issues an access token; shows whom it is for, never the token, and failures as they are. Its
 * result lacks a field its output schema requires, so Mastra answers with a failure that quotes
 * the result ("Returned output: …"), token included.
 */
const tokenTool = createTool({
  id: 'issue-token',
  description: 'Issue an access token.',
  inputSchema: z.object({ user: z.string() }),
  outputSchema: z.object({ user: z.string(), token: z.string(), expires: z.string() }),
  execute: async ({ user }) => ({ user, token: TOKEN_SECRET }) as never,
  transform: {
    display: {
      input: ({ input }) => input,
      output: ({ output }) => {
        const value = output as { error?: unknown; user?: unknown } | undefined;
        return value?.error === true ? value : { user: value?.user };
      },
    },
  },
});

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

/** A note long enough that Mastra's quote of the refused arguments is cut inside the password. */
const NOTE =
  'Use the read-only replica for reports and dashboards; ask the data team first before running any write queries.';

/** The id of the agent whose calls quote a hidden argument back. */
export const ECHO_AGENT_ID = 'db-ops-agent';

/**
 * Five calls: arguments Mastra refuses, a host the tool cannot reach, a good one, refused
 * arguments whose quote Mastra cuts inside the password, then a token whose result Mastra refuses.
 */
export function createEchoAgent(): Agent {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: ECHO_AGENT_ID,
    name: 'Ops',
    tools: { connectTool, tokenTool },
    // Five tool steps and the answer: one more than Mastra's default of five steps.
    defaultOptions: { maxSteps: 8 },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-connect-1',
            name: 'connectTool',
            input: { host: 'db.internal', port: 'fifty-four-thirty-two', password: ECHO_SECRET },
          }),
        ),
        step(
          toolCall({
            id: 'call-connect-2',
            name: 'connectTool',
            input: { host: 'db.elsewhere', port: 5432, password: ECHO_SECRET },
          }),
        ),
        step(
          toolCall({
            id: 'call-connect-3',
            name: 'connectTool',
            input: { host: 'db.internal', port: 5432, password: ECHO_SECRET },
          }),
        ),
        step(
          toolCall({
            id: 'call-connect-4',
            name: 'connectTool',
            input: { host: 'db.internal', port: 'not-a-port', note: NOTE, password: ECHO_SECRET },
          }),
        ),
        step(toolCall({ id: 'call-token-1', name: 'tokenTool', input: { user: 'ada' } })),
        step(text('txt-ops-1', 'Connected to db.internal.')),
      ],
      { modelId: 'ops-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { ops: createEchoAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

/** What the echo agent is asked. */
export const ECHO_PROMPT = 'Connect to the database.';

/** Whether a value of the recording still quotes the secret where the check expects it. */
const quotes = (value: unknown) => JSON.stringify(value).includes(ECHO_SECRET);

/** The echo scenarios, by name. */
export const echoScenarios: Record<string, Scenario> = {
  async hiddenArgumentEchoed() {
    const native = await mastra.getAgent('ops').stream(ECHO_PROMPT);
    const ui = await mastra.getAgent('ops').stream(ECHO_PROMPT);
    return [
      {
        file: 'hidden-argument-echoed.jsonl',
        chunks: await collect(native.fullStream),
        expect: ['tool-call', 'tool-result', 'tool-error', 'finish'],
        check: (all) => [
          ...problem(
            JSON.stringify(all).includes(`${ECHO_SECRET.slice(0, 9)}... (truncated)`),
            'no quote is cut inside the hidden argument',
          ),
          ...problem(
            JSON.stringify(all).includes(
              `Returned output: {\\n  \\"user\\": \\"ada\\",\\n  \\"token\\": \\"${TOKEN_SECRET}`,
            ),
            'no refused result quotes the hidden token',
          ),
          ...problem(
            ofType(all, 'tool-result').some((chunk) =>
              quotes((chunk as { metadata?: unknown }).metadata),
            ),
            'no shown result quotes the hidden argument',
          ),
          ...problem(
            ofType(all, 'tool-error').some((chunk) =>
              quotes((chunk as { metadata?: unknown }).metadata),
            ),
            'no shown error quotes the hidden argument',
          ),
        ],
      },
      {
        file: 'hidden-argument-echoed-aisdk.jsonl',
        chunks: await collect(toAISdkStream(ui, { from: 'agent', version: 'v6' })),
        expect: ['tool-input-available', 'tool-output-available', 'tool-output-error'],
        check: (all) =>
          problem(
            ofType(all, 'tool-output-available').some(quotes),
            'no output part quotes the hidden argument',
          ),
      },
    ];
  },
};
