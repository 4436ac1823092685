/**
 * The demo end to end: the built page and the real Mastra agents on the scripted model, driven
 * in Chromium; and the phone screenshots `pnpm screenshots` takes, so the script keeps working.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, takeShot } from '../scripts/screenshots.ts';
import { DEMO_SECRET } from '../server/agents.ts';
import { card, sendMessage, setUpDemo, waitForStatus } from './support.ts';

/** Values the CRM tool's display transform must keep off the page. */
const SECRETS = [DEMO_SECRET, 'tok-internal-42'];

const demo = setUpDemo();

/** The page as text and as markup, to look for values that must never be shown. */
async function pageContent(page: Page): Promise<string> {
  return `${await page.locator('body').textContent()}\n${await page.content()}`;
}

describe('the chat demo', () => {
  let page: Page;

  beforeAll(async () => {
    // One conversation through every test of this block.
    page = await demo.open('', {}, 'file');
  });

  it('streams a tool card with progress, then answers', async () => {
    await sendMessage(page, 'Deploy billing to staging');
    const deploy = card(page, 'deployService');
    await waitForStatus(deploy, 'input-available');
    await expect(deploy.getByText('Running', { exact: true }).count()).resolves.toBe(1);
    await deploy.locator('[data-slot="tool-call-progress-latest"]').waitFor();
    await waitForStatus(deploy, 'output-available');
    // The latest report in view, the three before it collapsed: rendered once opened.
    const items = deploy.locator('[data-slot="tool-call-progress-item"]');
    await expect(items.count()).resolves.toBe(0);
    await deploy.locator('[data-slot="tool-call-progress-history"] > summary').click();
    await items.nth(2).waitFor();
    await expect(items.count()).resolves.toBe(3);
    await page.getByText('billing v42 is live on staging.').waitFor();
  });

  it('approves a call and shows its result', async () => {
    await sendMessage(page, 'Delete record abc-123');
    const call = card(page, 'deleteRecord');
    await waitForStatus(call, 'approval-requested');
    await call.getByRole('button', { name: 'Approve deleteRecord' }).click();
    await waitForStatus(call, 'output-available');
    await expect(call.locator('[data-slot="tool-call-output"]').textContent()).resolves.toContain(
      'deleted',
    );
    await page.getByText('Record abc-123 was deleted.').waitFor();
  });

  it('declines a call with a reason', async () => {
    await sendMessage(page, 'Delete record old-7');
    const call = card(page, 'deleteRecord');
    await waitForStatus(call, 'approval-requested');
    await call.getByRole('textbox', { name: /Reason for declining/ }).fill('Keep it for now');
    await call.getByRole('button', { name: 'Decline deleteRecord' }).click();
    await waitForStatus(call, 'output-denied');
    await page.getByText('OK, I did not delete record old-7.').waitFor();
    await expect(call.locator('[data-slot="approval-outcome"]').textContent()).resolves.toContain(
      'Keep it for now',
    );
  });

  it('resumes a suspended call through the form', async () => {
    await sendMessage(page, 'Book a table for 4 at Chez Marie at 19:30');
    const call = card(page, 'bookTable');
    await waitForStatus(call, 'suspended');
    const form = call.getByRole('form', { name: 'Resume bookTable' });
    await form.getByText('Confirm a table for 4 at Chez Marie, 19:30?').waitFor();
    await form.getByRole('checkbox', { name: /confirmed/i }).check();
    await form.getByRole('textbox', { name: /note/i }).fill('Window seat');
    await form.getByRole('button', { name: 'Resume bookTable' }).click();
    await waitForStatus(call, 'output-available');
    await page.getByText('Your table for 4 at Chez Marie is booked for 19:30.').waitFor();
    // The button is gone once the call resumed: focus follows to what was sent, not to the page.
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-slot')),
    ).resolves.toBe('resume-form-sent');
  });

  it('never shows the secret that the display transform hides', async () => {
    await sendMessage(page, 'Look up customer Ada Lovelace');
    const call = card(page, 'lookupCustomer');
    await waitForStatus(call, 'output-available');
    await page.getByText('Ada Lovelace is on the enterprise plan.').waitFor();
    await expect(call.locator('[data-slot="tool-call-input"]').textContent()).resolves.toContain(
      '••••',
    );
    const content = await pageContent(page);
    for (const secret of SECRETS) expect(content).not.toContain(secret);
  });

  it('shows subagents nested in their cards', async () => {
    await sendMessage(page, 'Research the conditions at Paris CDG');
    const research = card(page, 'research');
    await waitForStatus(research, 'output-available');
    const station = research.getByRole('group', { name: 'station', exact: true });
    await waitForStatus(station, 'output-available');
    await station.getByText('Station LFPG reads 19.5°C, wind 12 km/h.').first().waitFor();
    await waitForStatus(station.getByRole('group', { name: 'readStation' }), 'output-available');
    await page
      .getByText(
        'The research agent reports: At Paris CDG: Station LFPG reads 19.5°C, wind 12 km/h.',
      )
      .waitFor();
    await expect(page.getByRole('list', { name: 'Subagents' }).textContent()).resolves.toMatch(
      /research-agent[\s\S]*station-agent/,
    );
  });

  it('shows the steps of a workflow', async () => {
    await sendMessage(page, 'Build a report on Q3 sales');
    const report = card(page, 'workflow-report');
    await waitForStatus(report, 'output-available');
    const steps = report.locator('[data-slot="workflow-step"][data-status="success"]');
    await expect(steps.allTextContents()).resolves.toEqual([
      expect.stringContaining('fetch-figures'),
      expect.stringContaining('summarize'),
    ]);
    await page.getByText('Report ready. Q3 sales: revenue 1250000, growth 12%').waitFor();
  });

  it('sends the active tools and the tool choice with the next message', async () => {
    const before = await page.getByRole('group', { name: 'getWeather', exact: true }).count();
    await page.getByRole('checkbox', { name: 'getWeather' }).uncheck();
    await sendMessage(page, "What's the weather in Paris?");
    await page.getByText('getWeather is not among the active tools, so I left that out.').waitFor();

    await page.getByRole('checkbox', { name: 'getWeather' }).check();
    await page.getByRole('combobox', { name: 'Tool choice' }).selectOption('none');
    await sendMessage(page, "What's the weather in Paris?");
    await page
      .getByText('Tools are off for this message, so I am answering without them.')
      .waitFor();
    await expect(
      page.getByRole('group', { name: 'getWeather', exact: true }).count(),
    ).resolves.toBe(before);

    await page.getByRole('combobox', { name: 'Tool choice' }).selectOption('getWeather');
    await sendMessage(page, 'Hello there');
    await waitForStatus(card(page, 'getWeather'), 'output-available');
    await page.getByRole('combobox', { name: 'Tool choice' }).selectOption('auto');
  });

  it('kept every secret off the page for the whole conversation', async () => {
    const content = await pageContent(page);
    for (const secret of SECRETS) expect(content).not.toContain(secret);
  });
});

describe('pnpm screenshots', () => {
  it.each(SHOTS.filter((shot) => shot.width < 500))('takes $file', async (shot) => {
    const png = await takeShot(demo.browser(), demo.url(), shot);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([shot.width, shot.height]);
  });
});
