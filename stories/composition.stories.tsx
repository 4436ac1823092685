import type { Meta, StoryObj } from '@storybook/react-vite';
import { Approval, ToolCall, ToolpaneAnnouncer } from '@toolpane/ui';
import { useEffect, useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import approvalApprove from '../test/fixtures/approval-approve.jsonl?raw';
import approvalRequest from '../test/fixtures/approval-request.jsonl?raw';
import { Recorded } from './support/recorded';
import { recordedSession } from './support/session';

/** A card composed from parts, with the caller's refs, handlers and elements (`asChild`). */
function Composed() {
  const root = useRef<HTMLDivElement>(null);
  const approve = useRef<HTMLButtonElement>(null);
  const [refs, setRefs] = useState('');
  const [log, setLog] = useState<readonly string[]>([]);
  const note = (what: string) => setLog((done) => [...done, what]);
  useEffect(() => {
    setRefs(`${root.current?.dataset.slot} ${approve.current?.dataset.slot}`);
  }, []);
  return (
    <>
      <ToolCall.Root ref={root} toolCallId="call-del-1" onKeyDown={() => note('card key')}>
        <ToolCall.Trigger onClick={() => note('trigger click')}>
          <ToolCall.Title asChild>
            <strong />
          </ToolCall.Title>
          <ToolCall.Status />
        </ToolCall.Trigger>
        <Approval.Root toolCallId="call-del-1" autoFocus={false}>
          <Approval.Request />
          <Approval.Actions>
            <Approval.Approve
              ref={approve}
              onFocus={() => note('approve focus')}
              onClick={() => note('approve click')}
            />
            <Approval.Decline />
          </Approval.Actions>
        </Approval.Root>
        <ToolCall.Content>
          <ToolCall.Output />
        </ToolCall.Content>
      </ToolCall.Root>
      <p data-testid="refs">{refs}</p>
      <p data-testid="log">{log.join(', ')}</p>
      <ToolpaneAnnouncer />
    </>
  );
}

/**
 * Radix conventions: every part forwards its ref to its element, runs the caller's handlers
 * before its own (both run), and renders the caller's element with `asChild`.
 */
const meta = {
  title: 'Composition',
  component: Composed,
  render: () => (
    <Recorded
      recordings={[approvalRequest]}
      session={(store) =>
        recordedSession(store, { 'approve-tool-call': approvalApprove }, { delayMs: 20 })
      }
    >
      <Composed />
    </Recorded>
  ),
} satisfies Meta<typeof Composed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Refs are the elements; the caller's handlers and the parts' own both run; asChild renders. */
export const RefsHandlersAsChild: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByTestId('refs')).toHaveTextContent('tool-call approval-approve'),
    );
    const title = canvasElement.querySelector('[data-slot="tool-call-title"]');
    await expect(title?.tagName).toBe('STRONG');
    await expect(title).toHaveTextContent('deleteTool');
    const trigger = canvas.getByRole('button', { name: /^deleteTool/ });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const approve = canvas.getByRole('button', { name: 'Approve deleteTool' });
    approve.focus();
    await userEvent.keyboard('{Enter}');
    const card = canvas.getByRole('group', { name: 'deleteTool' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'));
    await expect(canvas.getByRole('status')).toHaveTextContent('deleteTool was approved.');
    await expect(canvas.getByTestId('log')).toHaveTextContent(
      'trigger click, approve focus, card key, approve click',
    );
    await expect(card.querySelector('[data-slot="tool-call-output"]')).toHaveTextContent(
      'deleted: true',
    );
  },
};
