/**
 * The default theme's schemes in Chromium: the system's scheme by default, and `data-theme` forces
 * one on any subtree, the root included, also when it changes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpDemo } from './support.ts';

const demo = setUpDemo();

/** `--tp-fg` and `--tp-code-key` of each scheme, as computed colours. */
const LIGHT = { fg: 'rgb(31, 35, 40)', key: 'rgb(149, 56, 0)' };
const DARK = { fg: 'rgb(230, 237, 243)', key: 'rgb(255, 166, 87)' };

/** The colours a probe computes inside a wrapper with `attributes` (none: at the page's root). */
function probe(page: Page, attributes: Record<string, string> = {}) {
  return page.evaluate((attrs) => {
    const wrapper = document.createElement('div');
    for (const [name, value] of Object.entries(attrs)) wrapper.setAttribute(name, value);
    const fg = document.createElement('span');
    fg.style.color = 'var(--tp-fg)';
    const key = document.createElement('span');
    key.style.color = 'var(--tp-code-key)';
    wrapper.append(fg, key);
    document.body.append(wrapper);
    const colours = { fg: getComputedStyle(fg).color, key: getComputedStyle(key).color };
    wrapper.remove();
    return colours;
  }, attributes);
}

describe('the theme', () => {
  it("follows the system's scheme when nothing forces one", async () => {
    expect(await probe(await demo.open('', { colorScheme: 'light' }))).toEqual(LIGHT);
    expect(await probe(await demo.open('', { colorScheme: 'dark' }))).toEqual(DARK);
  });

  it('takes the scheme data-theme forces on a subtree, against the system', async () => {
    const dark = await demo.open('', { colorScheme: 'dark' });
    expect(await probe(dark, { 'data-theme': 'light' })).toEqual(LIGHT);
    const light = await demo.open('', { colorScheme: 'light' });
    expect(await probe(light, { 'data-theme': 'dark' })).toEqual(DARK);
    await light.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await probe(light)).toEqual(DARK);
    await light.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    expect(await probe(dark)).toEqual(DARK);
    expect(await probe(light)).toEqual(LIGHT);
  });

  it("follows the system's scheme when it changes while the page is open", async () => {
    const page = await demo.open('', { colorScheme: 'light' });
    expect(await probe(page)).toEqual(LIGHT);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await probe(page)).toEqual(DARK);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await probe(page)).toEqual(LIGHT);
  });
});
