import { standardSchemaToJSONSchema, toStandardSchema } from '@mastra/core/schema';
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { type AgentSession, createToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { ResumeForm } from '@toolpane/ui';
import { byteStream, loadFixture, toSse } from '../utils/fixtures';

/*
 * Resume forms over recorded suspensions whose resume schema is swapped for another one, made by
 * Mastra from a tool's zod schema or JSON Schema.
 */

/** The JSON Schema Mastra sends for a tool's resume schema (zod 3, zod 4 or `jsonSchema`). */
export const mastraSchema = (schema: unknown): object =>
  JSON.parse(
    JSON.stringify(
      standardSchemaToJSONSchema(
        toStandardSchema(schema as Parameters<typeof toStandardSchema>[0]),
      ),
    ),
  ) as object;

/** A recording with the resume schema of its `tool-call-suspended` chunks swapped for `schema`. */
export function withSchema(name: string, schema: object): unknown[] {
  return loadFixture(name).map((chunk) => {
    const c = chunk as { type: string; payload: Record<string, unknown> };
    if (c.type !== 'tool-call-suspended') return chunk;
    return { ...c, payload: { ...c.payload, resumeSchema: JSON.stringify(schema) } };
  });
}

/** What the session posted. */
export interface Sent {
  readonly body: Record<string, unknown>;
}

/**
 * A session whose store holds `chunks`, and whose server answers the n-th request with the n-th
 * of `replies` (recorded chunks, as an event stream).
 */
export function sessionWith(
  chunks: readonly unknown[],
  replies: readonly (readonly unknown[])[],
): { session: AgentSession; sent: Sent[] } {
  const store = createToolpaneStore();
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: Sent[] = [];
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'booking-agent',
    store,
    fetch: async (_url, init) => {
      sent.push({ body: JSON.parse(String(init.body)) as Record<string, unknown> });
      const reply = replies[sent.length - 1] ?? [];
      return new Response(byteStream(toSse(reply)), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    },
  });
  return { session, sent };
}

/** The recorded `bookTableTool` suspension (call-book-1) with `schema`, resumed as recorded. */
export const bookTable = (schema: object) =>
  sessionWith(withSchema('suspend-request', schema), [loadFixture('suspend-resume')]);

/** Renders the resume form of `toolCallId` and gives it. */
export function renderForm(
  session: AgentSession,
  toolCallId = 'call-book-1',
  toolName = 'bookTableTool',
): HTMLElement {
  render(
    <ToolpaneProvider session={session}>
      <ResumeForm.Root toolCallId={toolCallId} />
    </ToolpaneProvider>,
  );
  return screen.getByRole('form', { name: `Resume ${toolName}` });
}

/** Presses the form's submit button, whatever it reads. */
export const submit = (form: HTMLElement, user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(form).getByRole('button', { name: /^(Resume|Try again) / }));
