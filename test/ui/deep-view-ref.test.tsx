/**
 * A subagent card whose chain is deeper than a page nests shows the deeper levels as a view of
 * their own in its place; the ref given to the card (directly, through `ToolCallCard`, or through
 * `Transcript.ToolCall`) reaches that view's element while it is shown, and the card's again
 * after "Back". Under React 19 (unit) and React 18.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { MAX_NESTED_SUBAGENTS, SubagentRun, ToolCallCard, Transcript } from '@toolpane/ui';
import { type ComponentType, createElement, type Ref } from 'react';
import { describe, expect, it } from 'vitest';
import { deepChain } from '../utils/deep-chain';

type Card = ComponentType<{ toolCallId: string; ref: Ref<HTMLElement> }>;

const CARDS: Record<string, Card> = {
  'SubagentRun.Root': SubagentRun.Root as never,
  ToolCallCard: ToolCallCard as never,
  'Transcript.ToolCall': Transcript.ToolCall as never,
};

describe('the ref of a subagent card that shows a deeper view in its place', () => {
  it.each(Object.keys(CARDS))('%s', { timeout: 60_000 }, async (name) => {
    const user = userEvent.setup();
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(deepChain(MAX_NESTED_SUBAGENTS + 5));
    const ref = { current: null as HTMLElement | null };
    render(
      <ToolpaneProvider store={store}>
        {createElement(CARDS[name] as Card, { toolCallId: 'agent-0', ref })}
      </ToolpaneProvider>,
    );
    const card = ref.current;
    expect(card).toHaveAttribute('data-slot', 'subagent-run');

    await user.click(
      within(screen.getByRole('note')).getByRole('button', { name: 'Open what it did' }),
    );
    const view = screen.getByRole('region', { name: /^Deeper/ });
    expect(ref.current).toBe(view);
    expect(view).toHaveAttribute('data-slot', 'subagent-run-deep-view');

    await user.click(screen.getByRole('button', { name: 'Back to the outermost subagent' }));
    expect(ref.current).toHaveAttribute('data-slot', 'subagent-run');
    expect(ref.current?.isConnected).toBe(true);
  });
});
