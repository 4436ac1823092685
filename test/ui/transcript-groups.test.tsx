import { act, render } from '@testing-library/react';
import { createToolpaneStore, type ReduceOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { keysRead, touched } from '../utils/keys-read';

/** A real recording, and what its first top-level text delta looks like on the wire. */
interface Recording {
  readonly name: string;
  /** The JSON of that first delta's text field, e.g. `"text":"It "`, when the test marks it. */
  readonly firstText?: string;
  readonly options: ReduceOptions;
}

const native = (name: string, firstText?: string): Recording =>
  firstText === undefined ? { name, options: {} } : { name, firstText, options: {} };
// AI SDK UI streams carry no runId: each message's `messageId` names its run.
const aiSdkUi = (name: string): Recording => ({
  name,
  firstText: '"delta":"The "',
  options: { formats: [aiSdk] },
});

/**
 * The recording with every run, message, call and part id suffixed, a run of its own; its first
 * top-level text delta gets "Run <copy>: " in front.
 */
function copyOf({ name, firstText }: Recording, copy: number): unknown[] {
  const raw = JSON.stringify(loadFixture(name));
  const ids = new Set(
    [...raw.matchAll(/"(?:runId|messageId|toolCallId|id)":"([^"]+)"/g)].map((m) => m[1] as string),
  );
  let text = raw;
  for (const id of ids) text = text.replaceAll(`"${id}"`, `"${id}~${copy}"`);
  if (firstText !== undefined) {
    if (!text.includes(firstText)) throw new Error(`${name} has no ${firstText}`);
    text = text.replace(firstText, firstText.replace(/"([^"]*)"$/, `"Run ${copy}: $1"`));
  }
  return [...(JSON.parse(text) as unknown[]), { type: 'toolpane/stream-end' }];
}

describe('Transcript groups', () => {
  it.each([
    ['native', native('tool-then-text', '"text":"It "')],
    ['AI SDK UI, a subagent', aiSdkUi('subagent-aisdk-ui-v6')],
  ])('puts top-level runs in groups of 16, in stream order (%s)', (_, recording) => {
    const store = createToolpaneStore(recording.options);
    for (let copy = 0; copy < 40; copy++) store.dispatchMany(copyOf(recording, copy));
    expect([...store.getState().issues]).toEqual([]);
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
    // Each run shows its own marked text, once, whatever its subagents show before it.
    const order = runs.map((run) =>
      [...run.querySelectorAll('[data-slot="transcript-text"]')]
        .map((text) => text.textContent ?? '')
        .filter((text) => text.startsWith('Run '))
        .map((text) => text.slice(0, 7)),
    );
    expect(order).toEqual(Array.from({ length: 40 }, (_, copy) => [`Run ${copy}:`.padEnd(7, ' ')]));
  });

  it.each([
    ['native', native('tool-then-text')],
    ['a subagent two deep', native('subagent-two-level')],
    ['a subagent three deep', native('subagent-three-deep')],
    ['AI SDK UI, a subagent', aiSdkUi('subagent-aisdk-ui-v6')],
  ])(
    'a run that starts after 20 others reads no run before it (%s)',
    (_, recording) => {
      let flushPending: (() => void) | undefined;
      const store = createToolpaneStore({
        ...recording.options,
        notify: (flush) => {
          flushPending = flush;
        },
      });
      for (let copy = 0; copy < 20; copy++) store.dispatchMany(copyOf(recording, copy));
      store.flush();
      const { container } = render(
        <ToolpaneProvider store={store}>
          <Transcript.Root />
        </ToolpaneProvider>,
      );
      let checked = 0;
      for (const chunk of copyOf(recording, 20)) {
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
      expect([...store.getState().issues]).toEqual([]);
      expect(container.querySelectorAll('[data-slot="transcript-run"]')).toHaveLength(21);
    },
    60_000,
  );
});
