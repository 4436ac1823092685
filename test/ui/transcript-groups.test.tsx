import { act, render } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { keysRead, touched } from '../utils/keys-read';

/**
 * The recording with every run, message, call and part id suffixed, a run of its own; its first
 * text delta "It " becomes "Run <copy>: It ".
 */
function copyOf(name: string, copy: number): unknown[] {
  const raw = JSON.stringify(loadFixture(name));
  const ids = new Set(
    [...raw.matchAll(/"(?:runId|messageId|toolCallId|id)":"([^"]+)"/g)].map((m) => m[1] as string),
  );
  let text = raw;
  for (const id of ids) text = text.replaceAll(`"${id}"`, `"${id}~${copy}"`);
  text = text.replace('"text":"It "', `"text":"Run ${copy}: It "`);
  return [...(JSON.parse(text) as unknown[]), { type: 'toolpane/stream-end' }];
}

describe('Transcript groups', () => {
  it('puts top-level runs in groups of 16, in stream order', () => {
    const store = createToolpaneStore();
    for (let copy = 0; copy < 40; copy++) store.dispatchMany(copyOf('tool-then-text', copy));
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const transcript = container.querySelector('[data-slot="transcript"]') as HTMLElement;
    const groups = [...transcript.children].filter(
      (child) => child.getAttribute('data-slot') === 'transcript-group',
    );
    expect(groups.map((group) => group.children.length)).toEqual([16, 16, 8]);
    const runs = [...container.querySelectorAll('[data-slot="transcript-run"]')];
    expect(runs).toHaveLength(40);
    expect(runs.map((run) => run.parentElement?.getAttribute('data-slot'))).toEqual(
      runs.map(() => 'transcript-group'),
    );
    const order = runs.map((run) =>
      run.querySelector('[data-slot="transcript-text"]')?.textContent?.slice(0, 7),
    );
    expect(order).toEqual(Array.from({ length: 40 }, (_, copy) => `Run ${copy}:`.padEnd(7, ' ')));
  });

  it.each([
    ['native', 'tool-then-text'],
    ['a subagent two deep', 'subagent-two-level'],
    ['a subagent three deep', 'subagent-three-deep'],
  ])(
    'a run that starts after 20 others reads no run before it (%s)',
    (_, name) => {
      let flushPending: (() => void) | undefined;
      const store = createToolpaneStore({
        notify: (flush) => {
          flushPending = flush;
        },
      });
      for (let copy = 0; copy < 20; copy++) store.dispatchMany(copyOf(name, copy));
      store.flush();
      const { container } = render(
        <ToolpaneProvider store={store}>
          <Transcript.Root />
        </ToolpaneProvider>,
      );
      let checked = 0;
      for (const chunk of copyOf(name, 20)) {
        const before = store.getState();
        store.dispatch(chunk);
        const flush = flushPending;
        flushPending = undefined;
        if (flush === undefined) continue;
        const read = keysRead(before, () => act(() => flush()));
        // What the new run's own chunk touched may be read; no run or call of the 20 before it.
        const after = store.getState();
        const allowed = touched(before, after);
        const earlier = [...read].filter(
          (key) =>
            !allowed.has(key) &&
            !key.endsWith('~20') &&
            (after.toolCalls.has(key) || after.runs.has(key)),
        );
        expect(earlier, `${(chunk as { type: string }).type}: read an earlier run`).toEqual([]);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      expect(container.querySelectorAll('[data-slot="transcript-run"]').length).toBeGreaterThan(20);
    },
    60_000,
  );
});
