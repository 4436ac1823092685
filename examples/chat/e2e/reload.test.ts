/**
 * Reloading the demo: the page keeps its memory thread's id, and the session it creates with
 * `createAgentSession({ thread })` restores the conversation from the agent's Mastra memory. A
 * waiting approval or suspension comes back and can still be answered; a reload in the middle of
 * a stream keeps what Mastra saved of that run and the chat goes on; `?call=` shows one call, or
 * says it is not there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SUPERVISOR_ID } from '../shared.ts';
import { card, ready, sendMessage, setUpDemo, waitForAgent, waitForStatus } from './support.ts';

const demo = setUpDemo();

async function reload(page: Page): Promise<void> {
  await page.reload();
  await ready(page);
}

/** The page's memory thread, as the agent's memory holds it. */
async function threadMessages(page: Page): Promise<{ id: string; content: unknown }[]> {
  const threadId = await page.evaluate(() => localStorage.getItem('toolpane-demo:thread'));
  expect(threadId).toMatch(/^thread-/);
  const query = new URLSearchParams({ agentId: SUPERVISOR_ID, resourceId: 'demo-user' });
  const response = await fetch(
    `${demo.url()}/api/memory/threads/${threadId}/messages?${query.toString()}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: { id: string; content: unknown }[] }).messages;
}

/** The ids of the tool calls the thread holds, in order. */
async function storedToolCallIds(page: Page): Promise<string[]> {
  const text = JSON.stringify(await threadMessages(page));
  return [...new Set([...text.matchAll(/"toolCallId":"([^"]+)"/g)].map((m) => m[1]!))];
}

describe('reloading the chat demo', () => {
  it('keeps the conversation: messages, cards and answers come back from memory', async () => {
    const page = await demo.open();
    // A first visit has nothing to restore, and says nothing went wrong.
    await expect(page.locator('.agent-status').textContent()).resolves.toBe('Ready');
    await sendMessage(page, "What's the weather in Paris?");
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await waitForAgent(page, 'idle');

    await reload(page);
    const transcript = page.getByRole('list', { name: 'Conversation' });
    await transcript.getByText("What's the weather in Paris?").waitFor();
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await expect(transcript.getByText(/ in Paris\.$/).count()).resolves.toBe(1);

    // The chat goes on in the same thread, below what came back.
    await sendMessage(page, 'Deploy billing to staging');
    await page.getByText('billing v42 is live on staging.').waitFor();
    await expect(
      page.getByRole('group', { name: 'getWeather', exact: true }).count(),
    ).resolves.toBe(1);
  });

  it('brings a waiting approval back, and Approve continues the run', async () => {
    const page = await demo.open();
    await sendMessage(page, 'Delete record keep-1');
    await waitForStatus(card(page, 'deleteRecord'), 'approval-requested');
    await waitForAgent(page, 'waiting');

    await reload(page);
    const call = card(page, 'deleteRecord');
    await waitForStatus(call, 'approval-requested');
    await page.getByText('1 call waits for you: deleteRecord').waitFor();
    await call.getByRole('button', { name: 'Approve deleteRecord' }).click();
    await waitForStatus(call, 'output-available');
    await page.getByText('Record keep-1 was deleted.').waitFor();
    await page.getByText('Nothing waits for you.').waitFor();

    // What the approval led to is in memory too.
    await reload(page);
    await waitForStatus(card(page, 'deleteRecord'), 'output-available');
    await page.getByText('Record keep-1 was deleted.').waitFor();
  });

  it('brings a waiting suspension back, and the form resumes it', async () => {
    const page = await demo.open();
    await sendMessage(page, 'Book a table for 2 at Chez Marie at 20:00');
    await waitForStatus(card(page, 'bookTable'), 'suspended');
    await waitForAgent(page, 'waiting');

    await reload(page);
    const call = card(page, 'bookTable');
    const form = call.getByRole('form', { name: 'Resume bookTable' });
    await form.getByRole('checkbox', { name: /confirmed/i }).check();
    await form.getByRole('button', { name: 'Resume bookTable' }).click();
    await waitForStatus(call, 'output-available');
    await page.getByText('Your table for 2 at Chez Marie is booked for 20:00.').waitFor();
  });

  it('keeps what Mastra saved of a run cut off by a reload, and the chat goes on', async () => {
    const page = await demo.open();
    await sendMessage(page, 'Deploy billing to staging');
    // The deploy tool is running: its input is in, its progress comes.
    await waitForStatus(card(page, 'deployService'), 'input-available');

    await reload(page);
    // The reload ended the page's stream. Memory holds only what Mastra saved so far, and
    // nothing restored is shown as still streaming.
    await expect(page.locator('[aria-busy="true"]').count()).resolves.toBe(0);
    await page.locator('.agent-status[data-status="idle"]').waitFor();

    // The run goes on without the page; once Mastra has saved the tool's result, a reload shows
    // the message and the finished call.
    await expect
      .poll(async () => JSON.stringify(await threadMessages(page)), { timeout: 10_000 })
      .toContain('"version":"v42"');
    await reload(page);
    const transcript = page.getByRole('list', { name: 'Conversation' });
    await transcript.getByText('Deploy billing to staging').waitFor();
    await waitForStatus(card(page, 'deployService'), 'output-available');

    await sendMessage(page, "What's the weather in Paris?");
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await waitForAgent(page, 'idle');
    await expect(
      page.getByRole('group', { name: 'deployService', exact: true }).count(),
    ).resolves.toBe(1);
    await expect(transcript.getByText('Deploy billing to staging').count()).resolves.toBe(1);
  });

  it('starts a new conversation, which a reload restores once it holds a message', async () => {
    const page = await demo.open();
    await sendMessage(page, "What's the weather in Paris?");
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await waitForAgent(page, 'idle');
    const first = await threadMessages(page);
    expect(first.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.getByText('A real Mastra agent runs behind this page.').waitFor();
    await expect(page.locator('.agent-status').textContent()).resolves.toBe('Ready');
    await reload(page);
    await page.getByText('A real Mastra agent runs behind this page.').waitFor();
    await expect(page.locator('[data-slot="tool-call"]').count()).resolves.toBe(0);
    await expect(page.locator('.agent-status').textContent()).resolves.toBe('Ready');
    await sendMessage(page, 'Deploy billing to staging');
    await page.getByText('billing v42 is live on staging.').waitFor();
    await waitForAgent(page, 'idle');
    // The new thread holds only what was said in it.
    const second = JSON.stringify(await threadMessages(page));
    expect(second).toContain('Deploy billing to staging');
    expect(second).not.toContain('weather');
    await reload(page);
    await waitForStatus(card(page, 'deployService'), 'output-available');
    await expect(
      page.getByRole('group', { name: 'getWeather', exact: true }).count(),
    ).resolves.toBe(0);
  });

  it('shows one call of the conversation at ?call=', async () => {
    const page = await demo.open();
    await sendMessage(page, "What's the weather in Paris?");
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await waitForAgent(page, 'idle');
    const [toolCallId] = await storedToolCallIds(page);
    expect(toolCallId).toBeDefined();

    await page.goto(`${demo.url()}/?call=${encodeURIComponent(toolCallId!)}`);
    await ready(page);
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await expect(page.getByRole('list', { name: 'Conversation' }).count()).resolves.toBe(0);
  });

  it('shows a clear note for a call id the conversation lacks', async () => {
    const page = await demo.open('?call=call-nope');
    await page
      .getByRole('note')
      .getByText('Tool call call-nope is not in this conversation.')
      .waitFor();
    await expect(page.locator('[data-slot="tool-call"]').count()).resolves.toBe(0);
  });
});
