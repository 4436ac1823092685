import { act, render } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { openEverything } from '../utils/dom';
import { fixtureAsRun, loadFixture } from '../utils/fixtures';

/** The bank account the payout workflow's caller hides (scripts/record/workflow-deep-agents.ts). */
const IBAN_SECRET = 'DE89-deep-payout-iban-secret-31';

/**
 * A workflow tool two and three subagents down (scripts/record/workflow-deep.ts) in the
 * transcript: its card sits inside its subagents' cards, lists the same steps with the same
 * statuses as the workflow at the top level, is not busy once the stream ended, shows a failed
 * step's error, and never shows what its caller's display policy hides, after any chunk.
 */

const END = { type: 'toolpane/stream-end' };
const optionsOf = (name: string) => ({ formats: name.includes('-aisdk') ? [aiSdk] : [] });

function renderTranscript(store: ToolpaneStore) {
  return render(
    <ToolpaneProvider store={store}>
      <Transcript.Root />
    </ToolpaneProvider>,
  );
}

function storeOf(name: string, runs = 1): ToolpaneStore {
  const store = createToolpaneStore(optionsOf(name));
  for (let n = 1; n <= runs; n++) {
    store.dispatchMany(runs === 1 ? loadFixture(name) : fixtureAsRun(name, n));
    store.dispatch(END);
  }
  return store;
}

/** Each step of a workflow card as `[name, data-status]`. */
const stepRows = (card: Element): [string, string][] =>
  [...card.querySelectorAll('[data-slot="workflow-step"]')].map((item) => [
    item.querySelector('[data-slot="workflow-step-name"]')!.textContent!,
    item.getAttribute('data-status')!,
  ]);

/** How many subagent cards hold this element. */
function subagentsAround(element: Element): number {
  let count = 0;
  for (let at = element.parentElement; at !== null; at = at.parentElement) {
    if (at.getAttribute('data-slot') === 'subagent-run') count++;
  }
  return count;
}

const DEEP = [
  ['workflow-deep-two', 'workflow-parallel', 1, 'success'],
  ['workflow-deep-two-aisdk', 'workflow-parallel-aisdk', 1, 'success'],
  ['workflow-deep-three', 'workflow-foreach', 2, 'success'],
  ['workflow-deep-three-aisdk', 'workflow-foreach-aisdk', 2, 'success'],
  ['workflow-deep-fail', 'workflow-parallel-fail', 2, 'failed'],
  ['workflow-deep-fail-aisdk', 'workflow-parallel-fail-aisdk', 2, 'failed'],
] as const;

describe.each(DEEP)('%s in the transcript', (name, top, depth, status) => {
  /** The workflow cards of a recording's transcript, every disclosure open. */
  function cards(recording: string, runs = 1): Element[] {
    const { unmount } = renderTranscript(storeOf(recording, runs));
    openEverything();
    const found = [...document.querySelectorAll('[data-slot="workflow-run"]')].map((card) =>
      card.cloneNode(true),
    ) as Element[];
    const around = [...document.querySelectorAll('[data-slot="workflow-run"]')].map(
      subagentsAround,
    );
    unmount();
    return found.map((card, i) => Object.assign(card, { around: around[i] }));
  }

  it('shows the workflow inside its subagents, with the steps and statuses of the top level', {
    timeout: 60_000,
  }, () => {
    const [expected] = cards(top);
    const [card, ...more] = cards(name) as (Element & { around: number })[];
    expect(more).toHaveLength(0);
    expect(card!.around).toBe(depth);
    expect(stepRows(card!)).toEqual(stepRows(expected!));
    expect(stepRows(card!).length).toBeGreaterThanOrEqual(2);
    expect(card).toHaveAttribute('data-status', status);
    expect(card).not.toHaveAttribute('aria-busy');
  });

  it('shows one such card per run when three runs repeat the toolCallIds', {
    timeout: 60_000,
  }, () => {
    const [expected] = cards(top);
    const all = cards(name, 3) as (Element & { around: number })[];
    expect(all).toHaveLength(3);
    for (const card of all) {
      expect(card.around).toBe(depth);
      expect(stepRows(card)).toEqual(stepRows(expected!));
      expect(card).toHaveAttribute('data-status', status);
      expect(card).not.toHaveAttribute('aria-busy');
    }
  });
});

describe('a step that throws three subagents down', () => {
  it('shows the error in the workflow card (native)', { timeout: 60_000 }, () => {
    renderTranscript(storeOf('workflow-deep-fail'));
    openEverything();
    const card = document.querySelector('[data-slot="workflow-run"]')!;
    expect(card.textContent).toContain('Air carrier API timed out');
  });
});

describe.each([
  'workflow-deep-hidden',
  'workflow-deep-hidden-aisdk',
  'workflow-deep-hidden-aisdk-no-snapshots',
])('%s: a workflow whose caller hides a bank account', (name) => {
  it('never shows it, after any chunk of three runs, every disclosure open', {
    timeout: 120_000,
  }, () => {
    const store = createToolpaneStore(optionsOf(name));
    renderTranscript(store);
    const chunks = [1, 2, 3].flatMap((n) => [...fixtureAsRun(name, n), END]);
    for (const chunk of chunks) {
      act(() => store.dispatch(chunk));
      openEverything();
      expect(document.body.innerHTML).not.toContain(IBAN_SECRET);
    }
    expect(document.body.textContent).toContain('E-204 is paid.');
  });
});
