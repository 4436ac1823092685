/**
 * A subagent card whose chain is deeper than a page nests shows the deeper levels as a view of
 * their own in its place; the ref given to the card (directly, through `ToolCallCard`, or through
 * `Transcript.ToolCall`) reaches that view's element while it is shown, and the card's again
 * after "Back"; so do the caller's props (className, id, data-*, aria-*, handlers). Under React
 * 19 (unit) and React 18.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { MAX_NESTED_SUBAGENTS, SubagentRun, ToolCallCard, Transcript } from '@toolpane/ui';
import { type ComponentType, createElement, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deepChain } from '../utils/deep-chain';

type Card = ComponentType<{ toolCallId: string; ref: Ref<HTMLElement> } & Record<string, unknown>>;

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

describe('the props of a subagent card that shows a deeper view in its place', () => {
  it.each(Object.keys(CARDS))('%s', { timeout: 60_000 }, async (name) => {
    const user = userEvent.setup();
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(deepChain(MAX_NESTED_SUBAGENTS + 5));
    const seen: (HTMLElement | null)[] = [];
    const onClick = vi.fn();
    const onKeyDown = vi.fn();
    render(
      <ToolpaneProvider store={store}>
        {createElement(CARDS[name] as Card, {
          toolCallId: 'agent-0',
          ref: (element: HTMLElement | null) => {
            seen.push(element);
          },
          id: 'mine',
          className: 'mine',
          'data-testid': 'mine',
          'aria-description': 'Research',
          onClick,
          onKeyDown,
        })}
      </ToolpaneProvider>,
    );
    const carries = (element: HTMLElement) => {
      expect(screen.getByTestId('mine')).toBe(element);
      expect(element).toHaveAttribute('id', 'mine');
      expect(element).toHaveClass('mine');
      expect(element).toHaveAttribute('aria-description', 'Research');
      expect(seen.at(-1)).toBe(element);
    };
    carries(document.querySelector('[data-slot="subagent-run"]') as HTMLElement);

    await user.click(
      within(screen.getByRole('note')).getByRole('button', { name: 'Open what it did' }),
    );
    const view = screen.getByRole('region', { name: /^Deeper/ });
    carries(view);
    expect(view).toHaveAttribute('data-slot', 'subagent-run-deep-view');
    // The outermost card of the view is the subagent's own, without the caller's props.
    expect(view.querySelectorAll('#mine, .mine')).toHaveLength(0);
    onClick.mockClear();
    await user.keyboard('x');
    expect(onKeyDown).toHaveBeenCalled();
    await user.click(view);
    expect(onClick).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Back to the outermost subagent' }));
    const card = document.querySelector('[data-slot="subagent-run"]') as HTMLElement;
    carries(card);
    expect(card.isConnected).toBe(true);
  });
});
