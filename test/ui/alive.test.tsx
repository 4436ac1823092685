import { act, render, screen, within } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { progressFraction, ToolCall } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/** The deploy recording: four `tool-output` reports with `step`/`of` and `percent`. */
const chunks = loadFixture('tool-progress');
const firstReport = chunks.findIndex((chunk) => (chunk as { type: string }).type === 'tool-output');

function renderWith(store: ToolpaneStore, ui: ReactNode) {
  return render(<ToolpaneProvider store={store}>{ui}</ToolpaneProvider>);
}

describe('a running call looks alive', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows an activity indicator and the time so far, ticking, until it ends', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, firstReport));
    renderWith(store, <ToolCall.Root toolCallId="call-deploy-1" />);
    const card = screen.getByRole('group', { name: 'deployTool' });
    const trigger = within(card).getByRole('button');
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(trigger.querySelector('[data-slot="tool-call-activity"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    const duration = () => trigger.querySelector('[data-slot="tool-call-duration"]');
    expect(duration()).toHaveTextContent('0 s');
    expect(duration()).toHaveAttribute('data-live');
    act(() => vi.advanceTimersByTime(3000));
    expect(duration()).toHaveTextContent('3 s');
    act(() => vi.advanceTimersByTime(62_000));
    expect(duration()).toHaveTextContent('1 min 5 s');
    act(() => {
      store.dispatchMany(chunks.slice(firstReport));
      store.dispatch({ type: 'toolpane/stream-end' });
    });
    expect(card).not.toHaveAttribute('aria-busy');
    expect(trigger.querySelector('[data-slot="tool-call-activity"]')).toBeNull();
    expect(duration()).not.toHaveAttribute('data-live');
    expect(duration()).toHaveTextContent('1 min 5 s');
    // Nothing ticks once the call ended.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts the time so far on the store's clock, which stamped the start", () => {
    // A store whose clock is not the page's (milliseconds since the page opened, say).
    let clock = 2_000;
    const store = createToolpaneStore({ now: () => clock });
    store.dispatchMany(chunks.slice(0, firstReport));
    renderWith(store, <ToolCall.Root toolCallId="call-deploy-1" />);
    const duration = () => document.querySelector('[data-slot="tool-call-duration"]');
    expect(duration()).toHaveTextContent('0 s');
    act(() => {
      clock += 4_000;
      vi.advanceTimersByTime(1000);
    });
    expect(duration()).toHaveTextContent('4 s');
  });
});

describe('progress', () => {
  it('is a bar when the latest report has a fraction, with earlier reports collapsed', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, firstReport + 2));
    renderWith(
      store,
      <ToolCall.Root toolCallId="call-deploy-1" defaultOpen>
        <ToolCall.Content />
      </ToolCall.Root>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveAttribute('aria-valuetext', '50%');
    const latest = document.querySelector('[data-slot="tool-call-progress-latest"]')!;
    expect(latest).toHaveTextContent('upload');
    expect(latest).not.toHaveTextContent('build');
    const history = document.querySelector('details[data-slot="tool-call-progress-history"]')!;
    expect(history).not.toHaveAttribute('open');
    expect(history).toHaveTextContent('1 earlier report');
    act(() => store.dispatchMany(chunks.slice(firstReport + 2)));
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    expect(history).toHaveTextContent('3 earlier reports');
    expect(document.querySelector('[data-slot="tool-call-progress"]')).toHaveAttribute('data-done');
  });

  it('reads fractions from percent, step/of and loaded/total, and nothing else', () => {
    expect(progressFraction({ percent: 40 })).toEqual({ value: 40, max: 100 });
    expect(progressFraction({ step: 3, of: 4, percent: 10 })).toEqual({ value: 3, max: 4 });
    expect(progressFraction({ loaded: 512, total: 2048 })).toEqual({ value: 512, max: 2048 });
    expect(progressFraction({ loaded: 4096, total: 2048 })).toEqual({ value: 2048, max: 2048 });
    expect(progressFraction({ step: 1, of: 0 })).toBeUndefined();
    expect(progressFraction({ phase: 'scanning' })).toBeUndefined();
    expect(progressFraction('50%')).toBeUndefined();
    expect(progressFraction(null)).toBeUndefined();
  });

  it('shows the latest report alone when it has no fraction', () => {
    const store = createToolpaneStore();
    const reports = chunks.slice(firstReport, firstReport + 2).map((chunk) => {
      const c = chunk as { payload: { output: Record<string, unknown> } };
      return { ...c, payload: { ...c.payload, output: { stage: c.payload.output.stage } } };
    });
    store.dispatchMany([...chunks.slice(0, firstReport), ...reports]);
    renderWith(
      store,
      <ToolCall.Root toolCallId="call-deploy-1" defaultOpen>
        <ToolCall.Content />
      </ToolCall.Root>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.querySelector('[data-slot="tool-call-progress-latest"]')).toHaveTextContent(
      'upload',
    );
  });

  it('can be drawn your own way', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    renderWith(
      store,
      <ToolCall.Root toolCallId="call-deploy-1" defaultOpen>
        <ToolCall.Progress
          render={({ fraction, history }) => (
            <output>{`${fraction?.value} of ${fraction?.max}, ${history.length} reports`}</output>
          )}
        />
      </ToolCall.Root>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('4 of 4, 4 reports');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
