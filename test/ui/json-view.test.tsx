import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DisplayValueView, JsonView } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';

describe('JsonView', () => {
  it('shows nested values two levels open and deeper ones behind a keyboard-operable toggle', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <JsonView value={{ city: 'Paris', forecast: [{ day: 'Mon', tempC: 22 }] }} />,
    );
    expect(container).toHaveTextContent('city: "Paris"');
    const forecast = screen.getByRole('button', { name: /forecast/ });
    expect(forecast).toHaveAttribute('aria-expanded', 'true');
    const monday = screen.getByRole('button', { name: /^0:/ });
    expect(monday).toHaveAttribute('aria-expanded', 'false');
    expect(container).not.toHaveTextContent('day: "Mon"');
    monday.focus();
    await user.keyboard('{Enter}');
    expect(container).toHaveTextContent('day: "Mon"');
  });

  it('cuts long strings and long lists, and says how much was left out', () => {
    const { container } = render(
      <JsonView
        value={{ log: 'x'.repeat(1000), rows: Array.from({ length: 300 }, (_, i) => i) }}
        maxStringLength={100}
        maxEntries={10}
      />,
    );
    expect(container).toHaveTextContent('900 more characters');
    expect(container).toHaveTextContent('290 more items');
    expect(container.querySelectorAll('[data-slot="json-entry"]')).toHaveLength(12);
  });

  it('summarises values deeper than maxDepth and cycles instead of rendering them', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    const { container } = render(
      <JsonView value={{ a: { b: { c: 'deep' } }, loop }} maxDepth={2} defaultExpandDepth={5} />,
    );
    expect(container).toHaveTextContent('{…} 1 key, not shown');
    expect(container).not.toHaveTextContent('deep');
    render(<JsonView value={loop} defaultExpandDepth={5} />);
    expect(screen.getAllByText('{…} circular').length).toBeGreaterThan(0);
  });

  it('renders markup in values as text', () => {
    const { container } = render(<JsonView value={{ html: '<img src=x onerror="alert(1)">' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">');
  });
});

describe('DisplayValueView', () => {
  it('shows a placeholder, never a value, for hidden values', () => {
    const { container, rerender } = render(
      <DisplayValueView value={{ kind: 'hidden', reason: 'suppressed' }} />,
    );
    expect(container).toHaveTextContent('Hidden');
    rerender(
      <DisplayValueView
        value={{
          kind: 'hidden',
          reason: 'failed',
          message: 'Tool output-available payload unavailable',
        }}
      />,
    );
    expect(container.firstChild).toHaveAttribute('data-reason', 'failed');
    expect(container).toHaveTextContent('Tool output-available payload unavailable');
  });

  it('renders nothing for no value unless given an empty text', () => {
    const { container, rerender } = render(<DisplayValueView value={{ kind: 'none' }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DisplayValueView value={{ kind: 'none' }} empty="No result yet" />);
    expect(container).toHaveTextContent('No result yet');
  });
});
