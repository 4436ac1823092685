import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { logChunks } from '@toolpane/client/inspect';
import { ToolpaneProvider } from '@toolpane/react';
import { StreamInspector } from '@toolpane/ui/inspector';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

const END = { type: 'toolpane/stream-end' };

function setup() {
  const { store, log } = logChunks(createToolpaneStore());
  render(
    <ToolpaneProvider store={store}>
      <StreamInspector log={log} />
    </ToolpaneProvider>,
  );
  return { store, log };
}

const rows = () =>
  [...document.querySelectorAll('[data-slot="inspector-chunk"]')] as HTMLTableRowElement[];
const node = (kind: string, id: string) =>
  document.querySelector(`[data-slot="inspector-node"][data-kind="${kind}"][data-id="${id}"]`)!;

describe('StreamInspector', () => {
  it('shows the run tree beside the chunk timeline, live, at every depth', () => {
    const { store } = setup();
    const chunks = loadFixture('subagent-two-level');
    act(() => store.dispatchMany(chunks.slice(0, 10)));
    expect(rows()).toHaveLength(10);
    expect(node('call', 'call-research-1')).toHaveTextContent('input-available');
    act(() => store.dispatchMany([...chunks.slice(10), END]));
    expect(rows()).toHaveLength(chunks.length + 1);
    const tree = screen.getByRole('list', { name: 'Runs' });
    const runs = tree.querySelectorAll('[data-slot="inspector-node"][data-kind="run"]');
    expect(runs).toHaveLength(3);
    for (const run of runs) expect(run).toHaveTextContent('finished');
    expect(node('call', 'call-research-1')).toHaveTextContent('output-available');
    // A wrapped chunk names the innermost run and call it carries.
    const nested = rows().find((row) => row.textContent?.includes('tool-output › tool-output'));
    expect(nested).toBeDefined();
  });

  it('filters by call and by type', () => {
    const { store } = setup();
    act(() => store.dispatchMany([...loadFixture('parallel-tools-error'), END]));
    const all = rows().length;
    fireEvent.change(screen.getByRole('combobox', { name: 'Call' }), {
      target: { value: 'call-flights-1' },
    });
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThan(all);
    for (const row of rows()) expect(row).toHaveTextContent('call-flights-1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Call' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), {
      target: { value: 'tool-error' },
    });
    expect(rows().map((row) => row.cells[1]?.textContent)).toEqual(['tool-error']);
  });

  it('highlights the other side of a click', () => {
    const { store } = setup();
    act(() => store.dispatchMany([...loadFixture('parallel-tools-error'), END]));
    fireEvent.click(node('call', 'call-flights-1'));
    expect(node('call', 'call-flights-1')).toHaveAttribute('aria-pressed', 'true');
    const lit = rows().filter((row) => row.hasAttribute('data-highlighted'));
    expect(lit.length).toBeGreaterThan(0);
    for (const row of lit) expect(row).toHaveTextContent('call-flights-1');
    const row = rows().find((r) => r.cells[1]?.textContent === 'tool-error')!;
    fireEvent.click(within(row).getByRole('button'));
    expect(node('call', 'call-flights-1')).toHaveAttribute('data-highlighted');
    expect(rows().some((r) => r.hasAttribute('data-highlighted'))).toBe(false);
  });

  it('lists the issues a chunk raised, and never a value a transform hides', () => {
    const { store } = setup();
    act(() =>
      store.dispatchMany([
        ...loadFixture('transform-input-streamed'),
        { type: 'text-delta', payload: 42 },
        END,
      ]),
    );
    const bad = rows().find((row) => row.hasAttribute('data-issue'))!;
    expect(bad.cells[1]).toHaveTextContent('text-delta');
    expect(bad.cells[5]?.textContent).not.toBe('');
    expect(document.body).not.toHaveTextContent('sk-secret-123');
  });
});
