/**
 * What the demo's end-to-end tests share: the demo server on the page built once by
 * `global-setup.ts`, Debian's Chromium, and helpers that find cards the way a person would.
 */
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';
import { type DemoServer, startDemoServer } from '../server/server.ts';

/** Widths the page is checked at: a desktop and a phone (an iPhone 12 to 15 is 390 px wide). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** A demo server and a browser for one test file; pages opened with `open` close after each test. */
export function setUpDemo() {
  let server: DemoServer | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];
  const kept: Page[] = [];
  let problems: string[] = [];

  beforeAll(async () => {
    server = await startDemoServer({
      port: 0,
      staticDir: inject('chatPageDir'),
      model: { kind: 'scripted' },
    });
    browser = await chromium.launch(chromiumLaunchOptions);
  });

  afterEach(async () => {
    for (const page of pages.splice(0)) await page.context().close();
    const seen = problems;
    problems = [];
    expect(seen).toEqual([]);
  });

  afterAll(async () => {
    for (const page of kept.splice(0)) await page.context().close();
    await browser?.close();
    await server?.close();
  });

  return {
    /** The browser the pages open in. */
    browser: () => {
      if (browser === undefined) throw new Error('The browser is not running.');
      return browser;
    },
    /** The server's address. */
    url: () => {
      if (server === undefined) throw new Error('The demo server is not running.');
      return server.url;
    },
    /**
     * A page at `query` in a fresh browser context (so a new conversation), once the page knows
     * its model and has restored its conversation. It closes after the test, or with
     * `lifetime: 'file'` after the file's last test.
     */
    async open(
      query = '',
      options: BrowserContextOptions = {},
      lifetime: 'test' | 'file' = 'test',
    ): Promise<Page> {
      if (browser === undefined || server === undefined) throw new Error('Not started.');
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...options });
      const page = await context.newPage();
      (lifetime === 'test' ? pages : kept).push(page);
      // Fail a step well before the test's own timeout, so the report names the step.
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${server.url}/${query}`);
      await ready(page);
      return page;
    },
  };
}

/** Waits until the page knows its model and has loaded its conversation. */
export async function ready(page: Page): Promise<void> {
  await page.getByText('Scripted model (offline)').waitFor();
  await page.locator('main.chat:not([aria-busy])').waitFor();
}

/** Types a message and sends it. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The newest card of a tool (cards are groups named after their tool). */
export function card(page: Page, toolName: string): Locator {
  return page.getByRole('group', { name: toolName, exact: true }).last();
}

/** Waits until the element carries this `data-status`. */
export async function waitForStatus(target: Locator, status: string): Promise<void> {
  await target.and(target.page().locator(`[data-status="${status}"]`)).waitFor();
}

/** Waits until the agent is no longer working (the status line leaves "working"). */
export async function waitForAgent(page: Page, status: 'idle' | 'waiting'): Promise<void> {
  await page.locator(`.agent-status[data-status="${status}"]`).waitFor();
}
