import type { Meta, StoryObj } from '@storybook/react-vite';
import { JsonView } from '@toolpane/ui';
import { expect, userEvent, within } from 'storybook/test';

/** A text-only, collapsible view of any value, with limits for huge and deep values. */
const meta = {
  title: 'JsonView',
  component: JsonView,
  args: {
    value: {
      city: 'Paris',
      tempC: 21,
      sunny: true,
      wind: null,
      forecast: [
        { day: 'Mon', tempC: 22 },
        { day: 'Tue', tempC: 19 },
      ],
    },
  },
  decorators: [
    (Story) => (
      <div data-slot="display-value" data-kind="raw">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof JsonView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Objects and arrays open two levels deep; deeper ones start collapsed. */
export const Nested: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const forecast = canvas.getByRole('button', { name: /forecast/ });
    await expect(forecast).toHaveAttribute('aria-expanded', 'true');
    const monday = canvas.getByRole('button', { name: /^0:/ });
    await expect(monday).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(monday);
    await expect(canvasElement).toHaveTextContent('day: "Mon"');
  },
};

/** A 20 000-character string and a 5 000-item list are cut, with counts of what was left out. */
export const HugeValues: Story = {
  args: {
    value: {
      log: 'x'.repeat(20_000),
      rows: Array.from({ length: 5_000 }, (_, i) => i),
    },
    maxStringLength: 200,
    maxEntries: 20,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('19,800 more characters');
    await expect(canvasElement).toHaveTextContent('4,980 more items');
    await expect(canvasElement.querySelectorAll('[data-slot="json-entry"]').length).toBeLessThan(
      30,
    );
  },
};

/** Past `maxDepth`, a value is summarised instead of rendered. */
export const DeepValue: Story = {
  args: {
    value: { a: { b: { c: { d: { e: { f: 'deep' } } } } } },
    maxDepth: 3,
    defaultExpandDepth: 10,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('{…} 1 key, not shown');
    await expect(canvasElement).not.toHaveTextContent('deep');
  },
};

/** Markup in values stays text: nothing is parsed or run. */
export const MarkupIsText: Story = {
  args: {
    value: {
      html: '<img src=x onerror="alert(1)"><b>bold</b>',
      link: 'javascript:alert(1)',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelector('b')).toBeNull();
    await expect(canvasElement.querySelector('a')).toBeNull();
    await expect(canvasElement).toHaveTextContent('<b>bold</b>');
  },
};

/** A top-level string reads as prose. */
export const Text: Story = {
  args: { value: 'Background task started. You will be notified when it completes.' },
  play: async ({ canvasElement }) => {
    const value = canvasElement.querySelector('[data-slot="json-value"]');
    await expect(value).toHaveAttribute('data-type', 'string');
    await expect(value).toHaveTextContent(
      'Background task started. You will be notified when it completes.',
    );
    // A plain string has nothing to open or close.
    await expect(within(canvasElement).queryAllByRole('button')).toEqual([]);
  },
};

/** The same values in the dark theme. */
export const NestedDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    // Keys take the dark theme's colour (--tp-code-key: #ffa657).
    const key = canvasElement.querySelector('[data-slot="json-key"]');
    await expect(key).not.toBeNull();
    await expect(getComputedStyle(key as Element).color).toBe('rgb(255, 166, 87)');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^0:/ }));
    await expect(canvasElement).toHaveTextContent('day: "Mon"');
  },
};
