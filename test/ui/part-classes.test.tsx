import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { logChunks } from '@toolpane/client/inspect';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { StreamInspector } from '@toolpane/ui/inspector';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/**
 * The style sheet selects parts by a class, `tp-<slot>`, which the browser files rules under
 * (it does not for an attribute's value); `data-slot` stays for tests, docs and users' CSS. Every
 * element with a `data-slot` must carry the class of that slot, and no other part's class (a
 * status badge also `tp-status`).
 */
const recordings = fixtureNames();

/**
 * Every `data-slot` element whose `tp-*` classes are not exactly `tp-<slot>` (with `tp-status`
 * for a status badge, a slot named `…-status`), described.
 */
function mismatches(root: Element): string[] {
  const wrong: string[] = [];
  for (const element of root.querySelectorAll('[data-slot]')) {
    const slot = element.getAttribute('data-slot')!;
    const own = [...new Set(element.classList)].filter((name) => name.startsWith('tp-')).sort();
    const expected = [`tp-${slot}`, ...(slot.endsWith('-status') ? ['tp-status'] : [])].sort();
    if (own.join(' ') !== expected.join(' '))
      wrong.push(
        `${element.tagName.toLowerCase()}[data-slot="${slot}"] class="${element.className}"`,
      );
  }
  return wrong;
}

/** Opens every closed disclosure (cards, details, JSON branches) until none is left. */
function openAll(root: Element) {
  for (let round = 0; round < 20; round++) {
    const closed = [...root.querySelectorAll('[aria-expanded="false"]')];
    if (closed.length === 0) return;
    for (const trigger of closed) act(() => fireEvent.click(trigger));
  }
}

describe('Every part element carries the class of its slot', () => {
  it('checks at least the recordings of every kind', () => {
    expect(recordings.length).toBeGreaterThan(40);
    for (const kind of ['subagent-three-deep', 'network', 'workflow-tool', 'aisdk-v6'])
      expect(recordings).toContain(kind);
  });

  it.each(recordings)(
    'in a transcript and a stream inspector of %s, opened all the way',
    (name) => {
      const formats = name.includes('aisdk') ? [aiSdk] : [];
      const { store, log } = logChunks(createToolpaneStore({ formats }));
      const { container } = render(
        <ToolpaneProvider store={store}>
          <Transcript.Root />
          <StreamInspector log={log} />
        </ToolpaneProvider>,
      );
      const chunks = loadFixture(name);
      // Half the recording: cards mid-stream (inputs streaming, requests waiting) have parts of
      // their own.
      act(() => store.dispatchMany(chunks.slice(0, Math.ceil(chunks.length / 2))));
      expect(container.querySelectorAll('[data-slot]').length).toBeGreaterThan(0);
      expect(mismatches(container)).toEqual([]);
      act(() => store.dispatchMany(chunks.slice(Math.ceil(chunks.length / 2))));
      openAll(container);
      expect(mismatches(container)).toEqual([]);
      act(() => store.dispatch({ type: 'toolpane/stream-end' }));
      openAll(container);
      expect(mismatches(container)).toEqual([]);
    },
  );

  it("keeps the caller's class beside the part's", () => {
    const store = createToolpaneStore();
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Transcript.Root className="mine" />
      </ToolpaneProvider>,
    );
    act(() => store.dispatchMany(loadFixture('tool-then-text')));
    const root = container.querySelector('[data-slot="transcript"]');
    expect(root?.className).toBe('tp-transcript mine');
    expect(mismatches(container)).toEqual([]);
  });
});

describe('The package sets data-slot in one place', () => {
  it('every part gets its data-slot (and so its class) from partProps, none by hand', () => {
    const src = join(process.cwd(), 'packages', 'ui', 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.tsx'),
    );
    expect(files.length).toBeGreaterThan(20);
    const byHand = files.filter((file) =>
      // A JSX attribute (a selector in a query, `[data-slot="…"]`, is fine).
      /(?<![[\w-])data-slot\s*=\s*["{]/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(byHand).toEqual([]);
  });
});
