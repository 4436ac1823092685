import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript, WorkflowRun } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * Workflows with control flow (scripts/record/workflow-flow.ts) as the UI shows them: every step
 * once with its status, the runs of a foreach or loop step, and a failed step with its error.
 */

function storeOf(name: string): ToolpaneStore {
  const store = createToolpaneStore({ formats: name.endsWith('-aisdk') ? [aiSdk] : [] });
  store.dispatchMany(loadFixture(name));
  store.dispatch({ type: 'toolpane/stream-end' });
  return store;
}

function renderWith(store: ToolpaneStore, ui: ReactNode) {
  return render(<ToolpaneProvider store={store}>{ui}</ToolpaneProvider>);
}

/** The runs of a step's list, without the list items of their JSON views. */
const iterationItems = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-slot') === 'workflow-step-iteration');

/** Each step of the list as `[name, status label, data-status]`. */
function stepRows(): [string, string, string][] {
  const steps = screen.getByRole('list', { name: 'Steps' });
  return within(steps)
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-slot') === 'workflow-step')
    .map((item) => [
      item.querySelector('[data-slot="workflow-step-name"]')!.textContent!,
      item.querySelector('[data-slot="workflow-step-status"]')!.textContent!,
      item.getAttribute('data-status')!,
    ]);
}

/** As the list shows them: a nested step without its parent's id (`shipping-workflow.`). */
const NESTED_ROWS = [
  'validate-order',
  'shipping-workflow',
  'pack-order',
  'print-label',
  'notify-customer',
] as const;
const NESTED_DEEP_ROWS = [
  'export-workflow',
  'book-carrier',
  'customs-workflow',
  'declare-goods',
  'pay-duties',
  'shipping-workflow',
  'pack-order',
  'print-label',
  'confirm.dispatch',
] as const;

const STEPS = {
  'workflow-parallel': ['call-fleet-1', ['check-vans', 'check-drivers', 'fleet-summary']],
  'workflow-parallel-aisdk': ['call-fleet-1', ['check-vans', 'check-drivers', 'fleet-summary']],
  'workflow-branch': ['call-triage-1', ['auto-approve']],
  'workflow-foreach': ['call-thumbnails-1', ['list-images', 'resize-image']],
  'workflow-foreach-aisdk': ['call-thumbnails-1', ['list-images', 'resize-image']],
  'workflow-loop': ['call-poll-1', ['poll-job']],
  'workflow-nested': ['call-order-1', NESTED_ROWS],
  'workflow-nested-aisdk': ['call-order-1', NESTED_ROWS],
  'workflow-nested-deep': ['call-dispatch-1', NESTED_DEEP_ROWS],
  'workflow-nested-deep-aisdk': ['call-dispatch-1', NESTED_DEEP_ROWS],
} as const;

/** A list's own steps (not those of lists inside them), each with its nested list, as a tree. */
type Tree = readonly (string | readonly [string, Tree])[];
function treeOf(list: HTMLElement): Tree {
  return [...list.children]
    .filter((item) => item.getAttribute('data-slot') === 'workflow-step')
    .map((item) => {
      const name = item.querySelector('[data-slot="workflow-step-name"]')!.textContent!;
      const inner = within(item as HTMLElement).queryByRole('list', { name: `Steps of ${name}` });
      return inner === null ? name : ([name, treeOf(inner)] as const);
    });
}

const TREES = {
  'call-order-1': [
    'validate-order',
    ['shipping-workflow', ['pack-order', 'print-label']],
    'notify-customer',
  ],
  'call-dispatch-1': [
    ['export-workflow', ['book-carrier', ['customs-workflow', ['declare-goods', 'pay-duties']]]],
    ['shipping-workflow', ['pack-order', 'print-label']],
    'confirm.dispatch',
  ],
} as const;

describe.each([
  ['workflow-nested', 'call-order-1'],
  ['workflow-nested-aisdk', 'call-order-1'],
  ['workflow-nested-deep', 'call-dispatch-1'],
  ['workflow-nested-deep-aisdk', 'call-dispatch-1'],
] as const)('WorkflowRun of nested workflows (%s)', (name, toolCallId) => {
  it('lists the steps of a nested workflow inside the step that ran it', () => {
    renderWith(storeOf(name), <WorkflowRun.Root toolCallId={toolCallId} />);
    expect(treeOf(screen.getByRole('list', { name: 'Steps' }))).toEqual(TREES[toolCallId]);
  });

  it('reaches every step with its details by keyboard, nested ones in order after their parent', async () => {
    const user = userEvent.setup();
    renderWith(storeOf(name), <WorkflowRun.Root toolCallId={toolCallId} />);
    const triggers = screen.getAllByRole('button');
    const reached: HTMLElement[] = [];
    for (let i = 0; i < triggers.length; i++) {
      await user.tab();
      reached.push(document.activeElement as HTMLElement);
    }
    expect(reached).toEqual(triggers);
    const rows = stepRows().map(([stepName]) => stepName);
    expect(
      reached.map((b) => b.querySelector('[data-slot="workflow-step-name"]')!.textContent),
    ).toEqual(rows);
    // A nested step opens from the keyboard like any other.
    const nested = screen.getByRole('button', { name: /^pack-order/ });
    nested.focus();
    await user.keyboard('{Enter}');
    expect(nested).toHaveAttribute('aria-expanded', 'true');
    expect(nested.closest('li')).toHaveTextContent('box-M');
  });
});

describe('Transcript with a nested workflow call', () => {
  it.each(['workflow-nested', 'workflow-nested-aisdk'])(
    '%s: the card lists the nested steps under their step',
    async (name) => {
      const user = userEvent.setup();
      renderWith(storeOf(name), <Transcript.Root />);
      const card = screen.getByRole('group', { name: 'workflow-order' });
      const trigger = within(card).getAllByRole('button')[0]!;
      if (trigger.getAttribute('aria-expanded') === 'false') await user.click(trigger);
      const steps = within(card).getByRole('list', { name: 'Steps' });
      expect(treeOf(steps)).toEqual(TREES['call-order-1']);
    },
  );
});

describe('WorkflowRun of a workflow with control flow', () => {
  it.each(Object.entries(STEPS))('%s: every step once, completed', (name, [toolCallId, ids]) => {
    renderWith(storeOf(name), <WorkflowRun.Root toolCallId={toolCallId} />);
    expect(stepRows()).toEqual(ids.map((id) => [id, 'Completed', 'success']));
    const header = document.querySelector('[data-slot="workflow-run"]')!;
    expect(header).toHaveAttribute('data-status', 'success');
    expect(header).not.toHaveAttribute('aria-busy');
  });

  it('shows the foreach items, each with its status and output', async () => {
    const user = userEvent.setup();
    renderWith(storeOf('workflow-foreach'), <WorkflowRun.Root toolCallId="call-thumbnails-1" />);
    const step = screen.getByRole('button', { name: /resize-image/ });
    expect(step).toHaveTextContent('4/4 items');
    await user.click(step);
    const items = iterationItems('Items of resize-image');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
    expect(items.map((item) => item.firstElementChild!.textContent)).toEqual([
      'Item 1',
      'Item 2',
      'Item 3',
      'Item 4',
    ]);
    expect(items[1]).toHaveTextContent('beach.thumb.jpg');
  });

  it('shows every repetition of a loop step', async () => {
    const user = userEvent.setup();
    renderWith(storeOf('workflow-loop'), <WorkflowRun.Root toolCallId="call-poll-1" />);
    const step = screen.getByRole('button', { name: /poll-job/ });
    expect(step).toHaveTextContent('3 runs');
    await user.click(step);
    const runs = iterationItems('Runs of poll-job');
    expect(runs.map((run) => [run.firstElementChild!.textContent, run.dataset.status])).toEqual([
      ['Run 1', 'success'],
      ['Run 2', 'success'],
      ['Run 3', 'success'],
    ]);
  });

  it.each(['workflow-parallel-fail', 'workflow-parallel-fail-aisdk'])(
    '%s: the failed step with its error, the other completed, the workflow failed',
    (name) => {
      renderWith(storeOf(name), <WorkflowRun.Root toolCallId="call-freight-1" />);
      expect(stepRows()).toEqual([
        ['quote-road', 'Completed', 'success'],
        ['quote-air', 'Failed', 'failed'],
      ]);
      const failed = screen.getAllByRole('listitem')[1]!;
      expect(failed.querySelector('[data-slot="workflow-step-error"]')).toHaveTextContent(
        'Air carrier API timed out',
      );
      expect(document.querySelector('[data-slot="workflow-run"]')).toHaveAttribute(
        'data-status',
        'failed',
      );
    },
  );
});

describe('Transcript with a workflow call', () => {
  it.each([
    ['workflow-parallel', 'workflow-fleet', 'output-available'],
    ['workflow-parallel-aisdk', 'workflow-fleet', 'output-available'],
    ['workflow-foreach', 'workflow-thumbnails', 'output-available'],
    ['workflow-parallel-fail', 'workflow-freight', 'output-error'],
  ])('%s: the %s card ends as %s and lists its steps once opened', async (name, tool, status) => {
    const user = userEvent.setup();
    renderWith(storeOf(name), <Transcript.Root />);
    const card = screen.getByRole('group', { name: tool });
    expect(card).toHaveAttribute('data-status', status);
    const trigger = within(card).getAllByRole('button')[0]!;
    if (trigger.getAttribute('aria-expanded') === 'false') await user.click(trigger);
    const steps = within(card).getByRole('list', { name: 'Steps' });
    const statuses = within(steps)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('data-slot') === 'workflow-step')
      .map((item) => item.getAttribute('data-status'));
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses).not.toContain('running');
    if (status === 'output-error') {
      expect(card).toHaveTextContent('Air carrier API timed out');
      expect(statuses).toEqual(['success', 'failed']);
    } else expect(new Set(statuses)).toEqual(new Set(['success']));
  });
});
