/**
 * The demo page as a person sees it, at a desktop and a phone width, in the light and the dark
 * theme: it loads at the top, long words wrap instead of widening it, axe finds nothing, and a
 * browser that asks for reduced motion gets no animated activity indicator.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  card,
  ready,
  sendMessage,
  setUpDemo,
  VIEWPORTS,
  waitForAgent,
  waitForStatus,
} from './support.ts';

const demo = setUpDemo();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A word with no place to break, as long as a pasted hash or URL. */
const LONG_WORD = `unbroken${'x'.repeat(300)}`;

/** axe's violations on the whole page, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{
          violations: { id: string; impact?: string; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** How much wider than the window the page is, in px (0 when nothing overflows sideways). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const WIDTHS = Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[];

describe.each(WIDTHS)('the demo page at %s width', (width) => {
  const viewport = VIEWPORTS[width];

  it('stays at the top on first load, and after a reload with a conversation', async () => {
    const page = await demo.open('', { viewport });
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await sendMessage(page, 'Research the conditions at Paris CDG');
    await page.getByText(/^The research agent reports/).waitFor();
    await waitForAgent(page, 'idle');
    // Sending keeps the newest content in view.
    await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.reload();
    await ready(page);
    await card(page, 'research').waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  });

  it('wraps a long unbroken word instead of widening the page', async () => {
    const page = await demo.open('', { viewport });
    await expect(overflowX(page)).resolves.toBe(0);
    await sendMessage(page, `Look this up: ${LONG_WORD}`);
    await page.getByText(/^I am a scripted model/).waitFor();
    await expect(overflowX(page)).resolves.toBe(0);
  });

  it.each(['light', 'dark'] as const)('has no axe violations in the %s theme', async (theme) => {
    const page = await demo.open('', { viewport, colorScheme: theme });
    await expect(axeViolations(page)).resolves.toEqual([]);
    await sendMessage(page, `Deploy billing to staging ${LONG_WORD}`);
    await waitForStatus(card(page, 'deployService'), 'output-available');
    await sendMessage(page, 'Delete record abc-123');
    await waitForStatus(card(page, 'deleteRecord'), 'approval-requested');
    await waitForAgent(page, 'waiting');
    await expect(axeViolations(page)).resolves.toEqual([]);
  });
});

describe('motion', () => {
  /** The animation of a running call's activity indicator. */
  async function activityAnimation(page: Page): Promise<string> {
    await sendMessage(page, 'Deploy billing to staging');
    const indicator = card(page, 'deployService').locator('[data-slot="tool-call-activity"]');
    await indicator.first().waitFor();
    return indicator.first().evaluate((element) => getComputedStyle(element).animationName);
  }

  it('animates the activity indicator of a running call', async () => {
    const page = await demo.open();
    await expect(activityAnimation(page)).resolves.not.toBe('none');
  });

  it('stops the animation when the browser asks for reduced motion', async () => {
    const page = await demo.open('', { reducedMotion: 'reduce' });
    await expect(activityAnimation(page)).resolves.toBe('none');
  });
});
