import { render, within } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

interface Nested {
  readonly payload?: { readonly output?: Nested };
  readonly type?: string;
}

/** A store stopped by the user while a call two subagents deep was running. */
function stoppedStore(reason: string): ToolpaneStore {
  const chunks = loadFixture('subagent-two-level') as Nested[];
  const innermost = chunks.findIndex(
    (chunk) => chunk.payload?.output?.payload?.output?.type === 'tool-call',
  );
  const store = createToolpaneStore();
  store.dispatchMany(chunks.slice(0, innermost + 1));
  store.dispatch({ type: 'toolpane/abort', reason });
  return store;
}

describe('a stop the user chose, in the UI', () => {
  it('reads "Stopped" on every card at every depth, never "Failed"', () => {
    const { container } = render(
      <ToolpaneProvider store={stoppedStore('Stopped by a new message')}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const badges = container.querySelectorAll('[data-slot$="-status"][data-status]');
    const stopped = [...badges].filter((badge) => badge.textContent === 'Stopped');
    expect(stopped.length).toBeGreaterThanOrEqual(3);
    expect(container).not.toHaveTextContent(/Failed|was aborted/);
    expect(container.querySelector('[data-status="output-error"]')).toBeNull();
    const end = container.querySelector('[data-slot="transcript-run-end"]')!;
    expect(within(end as HTMLElement).getByText('Stopped.')).toBeInTheDocument();
    expect(end).toHaveAttribute('data-status', 'aborted');
  });
});
