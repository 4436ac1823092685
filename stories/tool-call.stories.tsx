import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolCall } from '@toolpane/ui';
import { expect, userEvent, within } from 'storybook/test';
import toolCallThenText from '../test/fixtures/tool-call-then-text.jsonl?raw';
import { expectNoAxeViolations } from './support/axe';
import { Recorded } from './support/recorded';

const meta = {
  title: 'ToolCall',
  component: ToolCall.Root,
  args: { toolCallId: 'call-1' },
  render: (args) => (
    <Recorded recordings={[toolCallThenText]}>
      <ToolCall.Root {...args} />
    </Recorded>
  ),
} satisfies Meta<typeof ToolCall.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The weather tool's call from a recorded run, finished: expand it to see input and output. */
export const OutputAvailable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /weatherTool/ });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const card = canvas.getByRole('group', { name: 'weatherTool' });
    await expect(card).toHaveAttribute('data-status', 'output-available');
    const output = card.querySelector('[data-slot="tool-call-output"]');
    await expect(output).toHaveTextContent('"Paris"');
    await expect(output).toHaveTextContent('21');
    await expect(output).toHaveTextContent('"sunny"');
    await expectNoAxeViolations(canvasElement);
  },
};
