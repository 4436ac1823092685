import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import reasoningThenText from '../test/fixtures/reasoning-then-text.jsonl?raw';
import toolThenText from '../test/fixtures/tool-then-text.jsonl?raw';
import { storeFrom } from './support/replay';

const COPIES = 60;

/**
 * The recording `copies` times over, each copy with its own run, message, call and part ids (every
 * id value gets the copy's number), so that each one is a run of its own.
 */
function repeated(raw: string, copies: number): string[] {
  const ids = new Set(
    [...raw.matchAll(/"(?:runId|messageId|toolCallId|id)":"([^"]+)"/g)].map((m) => m[1] as string),
  );
  return Array.from({ length: copies }, (_, copy) => {
    let text = raw;
    for (const id of ids) text = text.replaceAll(`"${id}"`, `"${id}~${copy}"`);
    return text;
  });
}

/**
 * The recording's run with its tool step taken `steps` times (each time with a call id of its
 * own): one run of `steps` tool calls and its answer.
 */
function longRun(raw: string, steps: number): string {
  const lines = raw.trim().split('\n');
  const first = lines.findIndex((line) => line.includes('"type":"step-start"'));
  const last = lines.findIndex((line) => line.includes('"type":"step-finish"'));
  const step = lines.slice(first, last + 1).join('\n');
  const more = Array.from({ length: steps - 1 }, (_, n) =>
    step.replaceAll('"call-weather-1"', `"call-weather-1~${n}"`),
  );
  return [...lines.slice(0, last + 1), ...more, ...lines.slice(last + 1)].join('\n');
}

/**
 * A long conversation in a chat's scroller: 60 runs with a tool call and an answer each, then one
 * that reasons before it answers. Only what is near the viewport is laid out and painted; the rest
 * is skipped by the browser (`content-visibility: auto`) yet stays in the page for search and
 * assistive technology.
 */
const meta = {
  title: 'Transcript/Long',
  component: Transcript.Root,
  render: function Render() {
    const [store] = useState(() => storeFrom(...repeated(toolThenText, COPIES), reasoningThenText));
    return (
      <ToolpaneProvider store={store}>
        <div style={{ height: 320, overflow: 'auto' }} data-testid="scroller">
          <Transcript.Root />
        </div>
      </ToolpaneProvider>
    );
  },
} satisfies Meta<typeof Transcript.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Is this element rendered, counting cards the browser skips because they are off screen? */
const rendered = (element: Element) => element.checkVisibility({ contentVisibilityAuto: true });

/**
 * Cards far below the viewport are skipped (their header is not rendered) but still in the DOM;
 * scrolled to, they render. A closed card has no body until it is first opened, by keyboard too.
 */
export const OffScreenCardsAreSkipped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = [...canvasElement.querySelectorAll('[data-slot="tool-call"]')];
    await expect(cards).toHaveLength(COPIES);
    const header = (card: Element) =>
      card.querySelector('[data-slot="tool-call-trigger"]') as HTMLElement;
    const first = cards[0] as HTMLElement;
    const last = cards[cards.length - 1] as HTMLElement;
    await waitFor(() => expect(rendered(header(first))).toBe(true));
    await waitFor(() => expect(rendered(header(last))).toBe(false));
    // Skipped, not removed: its name is in the page, and the card is still a named group.
    await expect(last).toHaveTextContent('weatherTool');
    await expect(canvas.getAllByRole('group', { name: 'weatherTool' })).toHaveLength(COPIES);

    last.scrollIntoView();
    await waitFor(() => expect(rendered(header(last))).toBe(true));
    await waitFor(() => expect(rendered(header(first))).toBe(false));

    // Closed cards have no body yet; opening one by keyboard mounts it, with the input.
    await expect(canvasElement.querySelector('[data-slot="tool-call-content"]')).toBeNull();
    header(last).focus();
    await userEvent.keyboard('{Enter}');
    const content = await waitFor(() => {
      const found = last.querySelector('[data-slot="tool-call-content"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    await expect(content).toHaveTextContent('Paris');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(header(last)).toHaveAttribute('aria-expanded', 'false'));

    // The reasoning at the end is closed too: its text mounts once it is opened.
    const thinking = canvasElement.querySelector(
      '[data-slot="transcript-reasoning"]',
    ) as HTMLElement;
    thinking.scrollIntoView();
    await expect(thinking.querySelector('[data-slot="transcript-reasoning-content"]')).toBeNull();
    await userEvent.click(within(thinking).getByRole('button', { name: 'Reasoning' }));
    await waitFor(() =>
      expect(
        thinking.querySelector('[data-slot="transcript-reasoning-content"]'),
      ).toHaveTextContent('the forecast says sun'),
    );
  },
};

/**
 * Top-level runs come in groups of 16, and a group far off screen is skipped as a whole: its runs
 * stay in the page but are not rendered until the group nears the viewport. A focus ring at a
 * group's edge is not clipped by the group.
 */
export const OffScreenGroupsAreSkipped: Story = {
  play: async ({ canvasElement }) => {
    const groups = [...canvasElement.querySelectorAll('[data-slot="transcript-group"]')];
    // 61 runs: 16 + 16 + 16 + 13.
    await expect(groups.map((group) => group.children.length)).toEqual([16, 16, 16, 13]);
    const firstRun = groups[0]?.firstElementChild as HTMLElement;
    const lastGroup = groups[3] as HTMLElement;
    const lastRun = lastGroup.lastElementChild as HTMLElement;
    await expect(getComputedStyle(lastGroup).contentVisibility).toBe('auto');
    await waitFor(() => expect(rendered(firstRun)).toBe(true));
    await waitFor(() => expect(rendered(lastRun)).toBe(false));
    await expect(lastRun).toHaveTextContent('Reasoning');

    lastRun.scrollIntoView();
    await waitFor(() => expect(rendered(lastRun)).toBe(true));
    await waitFor(() => expect(rendered(firstRun)).toBe(false));

    // The reasoning trigger sits at its run's left edge; its focus ring (2px, 2px out) stays
    // inside the group's box, which paint containment clips to.
    const trigger = within(lastRun).getByRole('button', { name: 'Reasoning' });
    trigger.focus();
    const ring = trigger.getBoundingClientRect();
    const box = lastGroup.getBoundingClientRect();
    await expect(ring.left - 4).toBeGreaterThanOrEqual(box.left);
    await expect(ring.top - 4).toBeGreaterThanOrEqual(box.top);
    await expect(ring.bottom + 4).toBeLessThanOrEqual(box.bottom);
  },
};

/**
 * A run of more than 16 parts (here 60 tool calls) is long (`data-long`): its cards are skipped one by one off screen,
 * while a short run's cards are only contained, and skipped with their group (the browser checks
 * every skippable element against the viewport each frame, so few are made skippable).
 */
export const LongRunCardsAreSkippedOneByOne: Story = {
  render: function Render() {
    const [store] = useState(() =>
      storeFrom(...repeated(toolThenText, 1), longRun(toolThenText, 60)),
    );
    return (
      <ToolpaneProvider store={store}>
        <div style={{ height: 320, overflow: 'auto' }}>
          <Transcript.Root />
        </div>
      </ToolpaneProvider>
    );
  },
  play: async ({ canvasElement }) => {
    const runs = [...canvasElement.querySelectorAll('[data-slot="transcript-run"]')];
    await expect(runs).toHaveLength(2);
    const [short, long] = runs as [HTMLElement, HTMLElement];
    await expect(short).not.toHaveAttribute('data-long');
    await expect(long).toHaveAttribute('data-long');
    const shortCard = short.querySelector('[data-slot="tool-call"]') as HTMLElement;
    await expect(getComputedStyle(shortCard).contentVisibility).toBe('visible');
    await expect(getComputedStyle(shortCard).contain).toBe('content');

    const cards = [...long.querySelectorAll(':scope > [data-slot="tool-call"]')] as HTMLElement[];
    await expect(cards).toHaveLength(60);
    for (const card of cards) await expect(getComputedStyle(card).contentVisibility).toBe('auto');
    const header = (card: Element) =>
      card.querySelector('[data-slot="tool-call-trigger"]') as HTMLElement;
    const last = cards[cards.length - 1] as HTMLElement;
    await waitFor(() => expect(rendered(header(cards[0] as HTMLElement))).toBe(true));
    await waitFor(() => expect(rendered(header(last))).toBe(false));
    await expect(last).toHaveTextContent('weatherTool');
    last.scrollIntoView();
    await waitFor(() => expect(rendered(header(last))).toBe(true));
  },
};

/** Words, short and long lines, blank lines, a line of 20,000 characters, letters outside the BMP. */
function longAnswer(size: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const deltas: string[] = [];
  let length = 0;
  while (length < size) {
    const roll = next();
    const delta =
      roll < 0.05
        ? '\n'
        : roll < 0.07
          ? '\n\n'
          : roll < 0.08
            ? '😀 '
            : roll < 0.0805
              ? `${'x'.repeat(19_999)} `
              : `${Math.floor(next() * 36 ** 6).toString(36)} `;
    deltas.push(delta);
    length += delta.length;
  }
  return deltas;
}

/** The recorded weather answer with its text deltas replaced by `deltas`, as JSON lines. */
function withAnswer(raw: string, deltas: readonly string[]): string {
  const lines = raw.trim().split('\n');
  const first = lines.findIndex((line) => line.includes('"type":"text-delta"'));
  const template = JSON.parse(lines[first] as string) as { payload: object };
  const rest = lines.slice(first).filter((line) => !line.includes('"type":"text-delta"'));
  const answer = deltas.map((text) =>
    JSON.stringify({ ...template, payload: { ...template.payload, text } }),
  );
  return [...lines.slice(0, first), ...answer, ...rest].join('\n');
}

const LONG_ANSWER = longAnswer(120_000, 7);

/**
 * An answer of 120,000 characters is shown in pieces of a few kilobytes, so each delta has the
 * browser lay out only the last piece. The pieces read as one text: the same height, the same
 * lines, the same text copied by a selection as the whole text in one node.
 */
export const LongAnswerInPieces: Story = {
  render: function Render() {
    const [store] = useState(() => storeFrom(withAnswer(toolThenText, LONG_ANSWER)));
    return (
      <ToolpaneProvider store={store}>
        <div style={{ width: 640 }}>
          <Transcript.Root />
        </div>
      </ToolpaneProvider>
    );
  },
  play: async ({ canvasElement }) => {
    const answer = canvasElement.querySelector('.tp-transcript-text') as HTMLElement;
    const text = LONG_ANSWER.join('');
    await expect(answer.textContent).toBe(text);
    await expect(answer.querySelectorAll('.tp-long-text-block').length).toBeGreaterThan(10);
    // The lines of 20,000 characters are cut into inline pieces.
    await expect(answer.querySelectorAll('.tp-long-text-run').length).toBeGreaterThan(3);
    // The same text in one node, beside it, with the same classes and width.
    const whole = answer.cloneNode(false) as HTMLElement;
    whole.textContent = text;
    answer.after(whole);
    try {
      await expect(answer.getBoundingClientRect().height).toBe(
        whole.getBoundingClientRect().height,
      );
      await expect(answer.getClientRects().length).toBe(whole.getClientRects().length);
      const copied = (element: HTMLElement) => {
        const selection = getSelection() as Selection;
        selection.selectAllChildren(element);
        const out = selection.toString();
        selection.removeAllRanges();
        return out;
      };
      await expect(copied(answer)).toBe(copied(whole));
      // Line by line: each piece's first line starts where the same characters start in the
      // whole text.
      const range = document.createRange();
      const node = whole.firstChild as Text;
      let at = 0;
      for (const piece of answer.children) {
        const first = piece.firstChild as Text;
        range.setStart(first, 0);
        range.setEnd(first, 1);
        const own = range.getBoundingClientRect();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const there = range.getBoundingClientRect();
        await expect(own.left).toBeCloseTo(there.left, 1);
        await expect(own.top - answer.getBoundingClientRect().top).toBeCloseTo(
          there.top - whole.getBoundingClientRect().top,
          1,
        );
        at += first.length;
      }
    } finally {
      whole.remove();
    }
  },
};
