/**
 * `pnpm screenshots`: builds the chat page, serves it with the scripted model, and takes the
 * screenshots in docs/ with Chromium (playwright-core): the README's docs/demo.png (desktop,
 * light theme), the desktop in the dark theme, and a phone (390 px) in both themes
 * (docs/screenshots/). Each shot is a fresh conversation: a hidden secret, nested subagents, and
 * an approval waiting.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';
import { startDemoServer } from '../server/server.ts';
import { buildPage } from './build-page.ts';

/** One screenshot: where it goes (relative to docs/), and how the browser is set up. */
export interface Shot {
  readonly file: string;
  readonly width: number;
  readonly height: number;
  readonly colorScheme: 'light' | 'dark';
  /** `top`: the page from its top. `decision`: scrolled to the message whose call waits (a phone). */
  readonly view: 'top' | 'decision';
}

/** Every screenshot `pnpm screenshots` writes. */
export const SHOTS: readonly Shot[] = [
  // Tall enough for the whole conversation, so the sticky composer sits below it.
  { file: 'demo.png', width: 1280, height: 1500, colorScheme: 'light', view: 'top' },
  {
    file: 'screenshots/desktop-dark.png',
    width: 1280,
    height: 1500,
    colorScheme: 'dark',
    view: 'top',
  },
  {
    file: 'screenshots/phone-light.png',
    width: 390,
    height: 844,
    colorScheme: 'light',
    view: 'decision',
  },
  {
    file: 'screenshots/phone-dark.png',
    width: 390,
    height: 844,
    colorScheme: 'dark',
    view: 'decision',
  },
];

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Plays the conversation the screenshots show, and waits until it is all there. */
export async function stageConversation(page: Page): Promise<void> {
  await page.locator('main.chat:not([aria-busy])').waitFor();
  await send(page, 'Look up customer Ada Lovelace');
  await page.getByText('Ada Lovelace is on the enterprise plan.').waitFor();
  await send(page, 'Research the conditions at Paris CDG');
  await page.getByText(/^The research agent reports/).waitFor();
  // The inner subagent folded, so the whole conversation fits in the picture.
  await page
    .getByRole('group', { name: 'station', exact: true })
    .locator('[data-slot="subagent-run-trigger"]')
    .first()
    .click();
  await send(page, 'Delete record abc-123');
  await page
    .getByRole('group', { name: 'deleteRecord', exact: true })
    .and(page.locator('[data-status="approval-requested"]'))
    .waitFor();
  await page.locator('.agent-status[data-status="waiting"]').waitFor();
  await page.getByRole('textbox', { name: 'Message' }).fill('Book a table for 4 at Chez Marie');
}

/** Takes one shot in a fresh browser context (so a fresh conversation) and returns the PNG. */
export async function takeShot(browser: Browser, url: string, shot: Shot): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    colorScheme: shot.colorScheme,
    // No blinking caret or running animation in a picture.
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(url);
    await stageConversation(page);
    if (shot.view === 'decision') {
      await page
        .locator('.bubble-user')
        .filter({ hasText: 'Delete record abc-123' })
        .evaluate((bubble) => bubble.scrollIntoView({ block: 'start' }));
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    return await page.screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  process.env.MASTRA_TELEMETRY_DISABLED ??= '1';
  const outDir = await mkdtemp(join(tmpdir(), 'toolpane-screenshots-'));
  console.log('Building the page…');
  await buildPage(outDir);
  const server = await startDemoServer({ port: 0, staticDir: outDir, model: { kind: 'scripted' } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const shot of SHOTS) {
      const png = await takeShot(browser, server.url, shot);
      const file = join(DOCS, shot.file);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, png);
      console.log(
        `docs/${shot.file}: ${shot.width}×${shot.height}, ${Math.round(png.length / 1024)} KB`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
