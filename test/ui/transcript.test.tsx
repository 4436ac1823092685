import { act, render, screen, within } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { createToolRegistry, type ToolRendererProps } from '@toolpane/react/registry';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function storeOf(...fixtures: string[]): ToolpaneStore {
  const store = createToolpaneStore();
  for (const name of fixtures) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store;
}

const slots = (element: Element) =>
  [...element.children].map((child) => child.getAttribute('data-slot'));

function WeatherCard({ input, status }: ToolRendererProps) {
  const city = input.kind === 'valid' ? (input.value as { city: string }).city : '…';
  return <article aria-label={`Weather in ${city}`} data-status={status} />;
}

describe('Transcript', () => {
  it("renders a run's parts in stream order", () => {
    const { container } = render(
      <ToolpaneProvider store={storeOf('tool-progress')}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const run = container.querySelector('[data-slot="transcript-run"]')!;
    expect(run).toHaveAttribute('data-status', 'finished');
    expect(slots(run)).toEqual(['tool-call', 'transcript-data', 'transcript-text']);
  });

  it('sends tool calls to the registry and the rest to the default card', () => {
    render(
      <ToolpaneProvider
        store={storeOf('parallel-tools-error')}
        registry={createToolRegistry({ weatherTool: WeatherCard })}
      >
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    expect(screen.getByRole('article', { name: 'Weather in Lisbon' })).toHaveAttribute(
      'data-status',
      'output-available',
    );
    expect(screen.getByRole('group', { name: 'flightsTool' })).toHaveAttribute(
      'data-status',
      'output-error',
    );
  });

  it('says how a run ended when it did not finish', () => {
    const { container } = render(
      <ToolpaneProvider store={storeOf('abort')}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    expect(container.querySelector('[data-slot="transcript-run-end"]')).toHaveTextContent(
      'Stopped.',
    );
  });

  it('marks a streaming run busy and keeps text as plain text', () => {
    const store = createToolpaneStore();
    const chunks = loadFixture('tool-then-text');
    store.dispatchMany(chunks.slice(0, chunks.length - 3));
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const run = container.querySelector('[data-slot="transcript-run"]')!;
    expect(run).toHaveAttribute('aria-busy', 'true');
    act(() => store.dispatchMany(chunks.slice(chunks.length - 3)));
    expect(run).not.toHaveAttribute('aria-busy');
  });
});

describe('ToolpaneAnnouncer (in Transcript.Root)', () => {
  it('announces approval requests and outcomes, and nothing while text streams', () => {
    const store = createToolpaneStore();
    render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      for (const chunk of loadFixture('tool-then-text')) store.dispatch(chunk);
    });
    expect(region).toBeEmptyDOMElement();
    act(() => {
      store.dispatchMany(loadFixture('approval-request'));
      store.dispatch({ type: 'toolpane/stream-end' });
    });
    expect(
      within(region)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['deleteTool needs your approval.']);
    act(() =>
      store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true }),
    );
    act(() => {
      for (const chunk of loadFixture('approval-approve')) store.dispatch(chunk);
    });
    expect(
      within(region)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['deleteTool needs your approval.', 'deleteTool was approved.']);
  });

  it('announces on mount only what still waits for a person', () => {
    render(
      <ToolpaneProvider
        store={storeOf('approval-decline-request', 'approval-decline', 'suspend-request')}
      >
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'bookTableTool is waiting for your input.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('declined');
  });
});
