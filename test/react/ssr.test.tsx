import { act } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import {
  ToolpaneProvider,
  useAgent,
  usePendingApprovals,
  useRun,
  useRunIds,
} from '@toolpane/react';
import { createToolRegistry, defineToolRenderer, ToolCallView } from '@toolpane/react/registry';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadFixture } from '../utils/fixtures.js';

const registry = createToolRegistry({
  weatherTool: defineToolRenderer(
    {
      inputSchema: z.object({ city: z.string() }),
      outputSchema: z.object({ city: z.string(), tempC: z.number(), sky: z.string() }),
    },
    ({ input, output, status }) => (
      <article data-status={status}>
        <h3>{input.kind === 'valid' ? input.value.city : 'Weather'}</h3>
        {output.kind === 'valid' ? <p>{`${output.value.tempC} °C, ${output.value.sky}`}</p> : null}
      </article>
    ),
  ),
  '*': ({ toolName, approval }) => (
    <article>
      {toolName} ({approval.status})
    </article>
  ),
});

function Run({ runId }: { runId: string }) {
  const run = useRun(runId);
  return (
    <section>
      {run?.parts.map((part) =>
        part.type === 'text' ? (
          <p key={part.id}>{part.text}</p>
        ) : part.type === 'tool-call' ? (
          <ToolCallView key={part.toolCallId} toolCallId={part.toolCallId} />
        ) : null,
      )}
    </section>
  );
}

function App() {
  const { status } = useAgent();
  const pending = usePendingApprovals();
  return (
    <main data-agent-status={status}>
      <p>{`${pending.length} waiting`}</p>
      {useRunIds().map((runId) => (
        <Run key={runId} runId={runId} />
      ))}
    </main>
  );
}

function finished(...fixtures: string[]): ToolpaneStore {
  const store = createToolpaneStore();
  for (const name of fixtures) store.dispatchMany(loadFixture(name));
  store.dispatch({ type: 'toolpane/stream-end' });
  return store;
}

function page(store: ToolpaneStore) {
  return (
    <ToolpaneProvider store={store} registry={registry}>
      <App />
    </ToolpaneProvider>
  );
}

describe('server rendering', () => {
  it('renders a finished conversation to a string', () => {
    const html = renderToString(page(finished('tool-then-text')));
    expect(html).toContain('data-agent-status="idle"');
    expect(html).toContain('<h3>Paris</h3>');
    expect(html).toContain('21 °C, sunny');
    expect(html).toContain('It is 21°C and sunny in Paris.');
    expect(html).toContain('0 waiting');
  });

  it('renders a conversation that waits for an approval', () => {
    const html = renderToString(page(finished('approval-request')));
    expect(html).toContain('data-agent-status="waiting"');
    expect(html).toContain('1 waiting');
    expect(html).toMatch(/deleteTool.*requested/);
  });

  it('hydrates on the client from the same store without mismatches', async () => {
    const store = finished('tool-then-text', 'approval-request');
    const html = renderToString(page(store));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');

    const root = await act(async () => hydrateRoot(container, page(store)));

    expect(errors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    act(() => root.unmount());
    container.remove();
  });
});
