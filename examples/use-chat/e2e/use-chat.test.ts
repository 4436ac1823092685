/**
 * The `useChat` example end to end: the built page, `useChat` from `@ai-sdk/react` and the demo's
 * real Mastra agents (scripted model) behind `chatRoute` and a custom subagents route, driven in
 * Chromium. The page saves the chat's messages in `localStorage`, so reloads keep them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';
import { buildPage } from '../scripts/build-page.ts';
import { startUseChatServer, type UseChatServer } from '../server/server.ts';

let outDir: string;
let server: UseChatServer;
let browser: Browser;
const pages: Page[] = [];
let problems: string[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'toolpane-use-chat-'));
  await buildPage(outDir);
  server = await startUseChatServer({ staticDir: outDir });
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
  expect(problems).toEqual([]);
  problems = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

/** A page in a fresh context (empty `localStorage`), at `query`. */
async function openPage(query = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  pages.push(page);
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}/${query}`);
  await page.getByRole('heading', { name: /Toolpane with useChat/ }).waitFor();
  return page;
}

async function sendMessage(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The newest card of a tool (cards are groups named after their tool). */
function card(page: Page, toolName: string): Locator {
  return page.getByRole('group', { name: toolName, exact: true }).last();
}

async function waitForStatus(target: Locator, status: string) {
  await target.and(target.page().locator(`[data-status="${status}"]`)).waitFor();
}

describe.each(['', '?route=subagents'])('the useChat example at /%s', (query) => {
  it('brings a waiting approval back after a reload, and Approve continues the run', async () => {
    const page = await openPage(query);
    await sendMessage(page, 'Delete record keep-1');
    await waitForStatus(card(page, 'deleteRecord'), 'approval-requested');
    await page.getByTestId('chat-status').getByText('ready').waitFor();

    await page.reload();
    const call = card(page, 'deleteRecord');
    await waitForStatus(call, 'approval-requested');
    await call.getByRole('button', { name: 'Approve deleteRecord' }).click();
    await waitForStatus(call, 'output-available');
    await page.getByText('Record keep-1 was deleted.').waitFor();
  });

  it('declines with a reason the model sees', async () => {
    const page = await openPage(query);
    await sendMessage(page, 'Delete record old-7');
    const call = card(page, 'deleteRecord');
    await waitForStatus(call, 'approval-requested');
    await call.getByRole('textbox', { name: /Reason for declining/ }).fill('Keep it for now');
    await call.getByRole('button', { name: 'Decline deleteRecord' }).click();
    await waitForStatus(call, 'output-denied');
    await page.getByText('OK, I did not delete record old-7.').waitFor();
  });

  it('resumes a suspension through the form, after a reload as well', async () => {
    const page = await openPage(query);
    await sendMessage(page, 'Book a table for 4 at Chez Marie at 19:30');
    await waitForStatus(card(page, 'bookTable'), 'suspended');
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    await page.reload();
    const call = card(page, 'bookTable');
    const form = call.getByRole('form', { name: 'Resume bookTable' });
    await form.getByRole('checkbox', { name: /confirmed/i }).check();
    await form.getByRole('button', { name: 'Resume bookTable' }).click();
    await waitForStatus(call, 'output-available');
    await page.getByText('Your table for 4 at Chez Marie is booked for 19:30.').waitFor();
  });

  it('keeps what streamed before a reload mid-stream, and the chat goes on', async () => {
    const page = await openPage(query);
    await sendMessage(page, 'Deploy billing to staging');
    await waitForStatus(card(page, 'deployService'), 'input-available');
    await page.reload();
    await card(page, 'deployService').waitFor();
    await expect(card(page, 'deployService').getAttribute('data-status')).resolves.not.toBe(
      'input-available',
    );
    await sendMessage(page, "What's the weather in Paris?");
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await expect(page.getByRole('group', { name: 'deployService' }).count()).resolves.toBe(1);
  });

  it('shows only the new answer after Regenerate, and its approval is the one that counts', async () => {
    const page = await openPage(query);
    await sendMessage(page, "What's the weather in Paris?");
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    const cards = page.locator('[data-slot="tool-call"]');
    const runs = page.locator('[data-slot="transcript-run"]');
    await expect(cards.count()).resolves.toBe(1);
    await expect(runs.count()).resolves.toBe(1);

    // An answer waiting for approval, regenerated: one card waits, and approving it finishes it.
    await sendMessage(page, 'Delete record keep-1');
    await waitForStatus(card(page, 'deleteRecord'), 'approval-requested');
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    const call = card(page, 'deleteRecord');
    await waitForStatus(call, 'approval-requested');
    await expect(
      cards.evaluateAll((found) => found.map((c) => c.getAttribute('aria-label'))),
    ).resolves.toEqual(['getWeather', 'deleteRecord']);
    await expect(runs.count()).resolves.toBe(2);
    await call.getByRole('button', { name: 'Approve deleteRecord' }).click();
    await waitForStatus(call, 'output-available');
    await page.getByText('Record keep-1 was deleted.').waitFor();
  });

  it('shows a note for a call the conversation lacks', async () => {
    const page = await openPage(`${query === '' ? '?' : `${query}&`}call=call-nope`);
    await page
      .getByRole('note')
      .getByText('Tool call call-nope is not in this conversation.')
      .waitFor();
  });
});

describe('the subagents route', () => {
  it('shows subagents nested in their cards, which chatRoute cannot send', async () => {
    const page = await openPage('?route=subagents');
    await sendMessage(page, 'Research the conditions at Paris CDG');
    // A subagent card is named by the key the agent is registered under.
    const research = card(page, 'research');
    await waitForStatus(research, 'output-available');
    const station = research.getByRole('group', { name: 'station', exact: true });
    await waitForStatus(station, 'output-available');
    await waitForStatus(station.getByRole('group', { name: 'readStation' }), 'output-available');
  });
});

describe('a client-side tool the page answers (onToolCall, then addToolOutput)', () => {
  /** What the page shows of the conversation: the card opened, so its output or error shows. */
  async function shown(page: Page) {
    const call = card(page, 'pickCity');
    const trigger = call.locator('[data-slot="tool-call-trigger"]');
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    return {
      status: await call.getAttribute('data-status'),
      awaitingClient: await call.getAttribute('data-awaiting-client'),
      card: (await call.allInnerTexts()).join(' ').replace(/\s+/g, ' ').trim(),
      cards: await page.locator('[data-slot="tool-call"]').count(),
      runs: await page.locator('[data-slot="transcript-run"]').count(),
      issues: await page.getByTestId('issues').locator('li').allInnerTexts(),
    };
  }

  it.each([
    ['Pick a city for me', 'output-available', 'Lyon', 'You picked Lyon. Good choice.'],
    [
      'Pick a city with the broken picker',
      'output-error',
      'The picker was closed',
      'The city picker failed: The picker was closed',
    ],
  ])(
    '"%s": the card shows %s (%s), the answer goes on once, and a reload shows the same',
    async (prompt, status, value, answer) => {
      const page = await openPage('?route=client-tool');
      await sendMessage(page, prompt);
      await page.getByText(answer).waitFor();
      await page.getByTestId('chat-status').getByText('ready').waitFor();
      const expected = { status, awaitingClient: null, cards: 1, runs: 1, issues: [] };
      const live = await shown(page);
      expect(live).toMatchObject(expected);
      expect(live.card).toContain(value);
      expect(live.card).not.toContain('Waiting for the app');
      await expect(page.getByText(answer).count()).resolves.toBe(1);

      await page.reload();
      await page.getByText(answer).waitFor();
      const reloaded = await shown(page);
      expect(reloaded).toMatchObject(expected);
      // The same card, but for the duration: saved messages keep no times.
      const untimed = (text: string) => text.replace(/ \d+(?:\.\d+)? m?s\b/, '');
      expect(untimed(reloaded.card)).toBe(untimed(live.card));
      await expect(page.getByText(answer).count()).resolves.toBe(1);
    },
  );

  it('a reload while the call waits for the page shows it waiting again, and the pick then ends it', async () => {
    const page = await openPage('?route=client-tool&pick=manual');
    await sendMessage(page, 'Pick a city for me');
    await page.getByRole('button', { name: 'Pick Lyon' }).waitFor();
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    const waiting = {
      status: 'input-available',
      awaitingClient: '',
      cards: 1,
      runs: 1,
      issues: [],
    };
    expect(await shown(page)).toMatchObject(waiting);

    await page.reload();
    await page.getByRole('button', { name: 'Pick Lyon' }).waitFor();
    const reloaded = await shown(page);
    expect(reloaded).toMatchObject(waiting);
    expect(reloaded.card).toContain('Waiting for the app');

    await page.getByRole('button', { name: 'Pick Lyon' }).click();
    await page.getByText('You picked Lyon. Good choice.').waitFor();
    await page.getByTestId('chat-status').getByText('ready').waitFor();
    const answered = await shown(page);
    expect(answered).toMatchObject({ status: 'output-available', awaitingClient: null, cards: 1 });
    expect(answered.card).toContain('Lyon');
    expect(answered.issues).toEqual([]);
    await expect(page.getByText('You picked Lyon. Good choice.').count()).resolves.toBe(1);
  });
});
