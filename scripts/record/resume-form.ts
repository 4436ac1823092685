/**
 * Scenarios of `pnpm record` for the resume form: a tool whose resume schema has defaults, limits,
 * a pattern, a format, an enum and an optional boolean, suspended on the native stream (with the
 * resume continuation) and through `@mastra/ai-sdk` (v6).
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { type JSONSchema7, jsonSchema } from 'ai';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { collect, continuation, endsAwaiting, type Scenario } from './recording.ts';

interface ReservationResume {
  guests: number;
  seating: 'inside' | 'terrace';
  postcode: string;
  email?: string;
  newsletter: boolean;
  note?: string;
}

/** The resume schema: every field but `email` and `note` is required; three have defaults. */
export const reservationResumeSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    guests: { type: 'integer', minimum: 1, maximum: 10, default: 2 },
    seating: { type: 'string', enum: ['inside', 'terrace'], default: 'terrace' },
    postcode: { type: 'string', pattern: '^[0-9]{5}$', description: 'Five digits.' },
    email: { type: 'string', format: 'email' },
    newsletter: { type: 'boolean', default: false },
    note: { type: 'string', maxLength: 40 },
  },
  required: ['guests', 'seating', 'postcode', 'newsletter'],
  additionalProperties: false,
};

/** Suspends with `{ question }`, then books with the resume data. */
const reserveTool = createTool({
  id: 'reserve',
  description: 'Reserve a table; asks for the details first.',
  inputSchema: jsonSchema<{ restaurant: string }>({
    type: 'object',
    properties: { restaurant: { type: 'string' } },
    required: ['restaurant'],
  }),
  suspendSchema: jsonSchema<{ question: string }>({
    type: 'object',
    properties: { question: { type: 'string' } },
    required: ['question'],
  }),
  resumeSchema: jsonSchema<ReservationResume>(reservationResumeSchema),
  execute: async ({ restaurant }, context) => {
    const resumeData = context.agent?.resumeData ?? context.resumeData;
    const suspend = context.agent?.suspend ?? context.suspend;
    if (!resumeData) {
      await suspend?.({ question: `How should the table at ${restaurant} be booked?` });
      return undefined;
    }
    return { restaurant, ...resumeData, reserved: true };
  },
});

function createReservationAgent() {
  return new Agent({
    instructions: 'You are a helpful assistant.',
    id: 'reservation-agent',
    name: 'Reservation agent',
    tools: { reserveTool },
    model: scriptedModel(
      [
        step(
          toolCall({ id: 'call-reserve-1', name: 'reserveTool', input: { restaurant: 'Le Zinc' } }),
        ),
        step(text('txt-reserve-1', 'Your table at Le Zinc is reserved.')),
      ],
      { modelId: 'reservation-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { reservation: createReservationAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const resumeFormScenarios: Record<string, Scenario> = {
  async reservation() {
    const agent = mastra.getAgent('reservation');
    const first = await agent.stream('Reserve a table at Le Zinc.');
    const request = await collect(first.fullStream);
    const resumed = await agent.resumeStream(
      { guests: 2, seating: 'terrace', postcode: '75011', newsletter: false },
      { runId: first.runId, toolCallId: 'call-reserve-1' },
    );
    const resume = await collect(resumed.fullStream);
    const ui = await agent.stream('Reserve a table at Le Zinc.');
    return [
      {
        file: 'reservation-request.jsonl',
        chunks: request,
        expect: ['tool-call-delta', 'tool-call', 'tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'reservation-resume.jsonl',
        chunks: resume,
        expect: ['tool-result', 'finish'],
        check: continuation,
      },
      {
        file: 'aisdk-v6-reservation-request.jsonl',
        chunks: await collect(toAISdkStream(ui, { from: 'agent', version: 'v6' })),
        expect: ['tool-input-available', 'data-tool-call-suspended'],
      },
    ];
  },
};
