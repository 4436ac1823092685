/**
 * A collapsible's trigger names in `aria-controls` only an element that is in the document: an
 * `aria-controls` pointing at no element is an error to assistive technology (and to axe). Every
 * card of every recording with subagents, native and AI SDK, as drawn, closed and opened; a card
 * laid out without its body (the trigger and the approval only), opened by keyboard; and a body
 * given its own id.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { ToolpaneProvider } from '@toolpane/react';
import { Approval, SubagentRun, ToolCall, Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures.js';

const isAiSdk = (chunks: readonly unknown[]) =>
  chunks.some((chunk) => typeof chunk === 'object' && chunk !== null && !('runId' in chunk));

function storeOf(name: string): ToolpaneStore {
  const chunks = loadFixture(name);
  const store = createToolpaneStore({
    families: [network],
    ...(isAiSdk(chunks) ? { formats: [aiSdk] } : {}),
  });
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  return store;
}

/** The triggers whose `aria-controls` names no element, by slot and state. */
function dangling(root: ParentNode): string[] {
  return [...root.querySelectorAll('[aria-controls]')]
    .filter((el) => document.getElementById(el.getAttribute('aria-controls') ?? '') === null)
    .map((el) => `${el.getAttribute('data-slot')} ${el.getAttribute('aria-expanded')}`);
}

/** Recordings with a subagent card, whose body unmounts when it closes; each has tool calls too. */
const WITH_SUBAGENTS = fixtureNames().filter((name) =>
  [...storeOf(name).getState().toolCalls.values()].some((call) => call.kind === 'agent'),
);
if (WITH_SUBAGENTS.length < 10) throw new Error('Expected recordings with subagents');

describe('aria-controls names an element in the document', () => {
  it.each(WITH_SUBAGENTS)('%s: every card as drawn, closed and opened again', (name) => {
    const { container } = render(
      <ToolpaneProvider store={storeOf(name)}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    expect(dangling(container), 'as drawn').toEqual([]);
    const triggers = () => [...container.querySelectorAll<HTMLElement>('[aria-expanded]')];
    const toggled = triggers();
    for (const trigger of toggled) if (trigger.isConnected) fireEvent.click(trigger);
    expect(dangling(container), 'toggled').toEqual([]);
    for (const trigger of toggled) if (trigger.isConnected) fireEvent.click(trigger);
    expect(dangling(container), 'toggled back').toEqual([]);
  });

  it.each([
    ['a tool-call card', 'approval-request', 'call-del-1', ToolCall.Root, ToolCall.Trigger],
    ['a subagent card', 'subagent', 'call-agent-1', SubagentRun.Root, SubagentRun.Trigger],
  ] as const)(
    '%s laid out without its body, opened by keyboard',
    async (_, fixture, id, Root, Trigger) => {
      const user = userEvent.setup();
      render(
        <ToolpaneProvider store={storeOf(fixture)}>
          <Root toolCallId={id} defaultOpen={false}>
            <Trigger />
            <Approval.Root toolCallId={id} autoFocus={false} />
          </Root>
        </ToolpaneProvider>,
      );
      const trigger = document.querySelector<HTMLElement>('[aria-expanded]') as HTMLElement;
      act(() => trigger.focus());
      for (const key of ['{Enter}', ' ', '{Enter}']) {
        const before = trigger.getAttribute('aria-expanded');
        await user.keyboard(key);
        expect(trigger.getAttribute('aria-expanded'), key).not.toBe(before);
        expect(dangling(document), key).toEqual([]);
      }
      expect(screen.queryAllByRole('button').length).toBeGreaterThan(0);
    },
  );

  it('names the body by the id it was given', async () => {
    const user = userEvent.setup();
    render(
      <ToolpaneProvider store={storeOf('tool-progress')}>
        <ToolCall.Root toolCallId="call-deploy-1">
          <ToolCall.Trigger />
          <ToolCall.Content id="deploy-details" />
        </ToolCall.Root>
      </ToolpaneProvider>,
    );
    const trigger = screen.getByRole('button', { name: /deployTool/ });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', 'deploy-details');
  });
});
