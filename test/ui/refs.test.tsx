import { render, screen } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { SubagentRun, ToolCall } from '@toolpane/ui';
import {
  type ComponentType,
  createRef,
  type ReactNode,
  type RefAttributes,
  type RefObject,
  version,
} from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * Radix conventions, on whichever React this project runs (18 and 19): every part forwards its
 * ref to its element, takes `asChild` where it renders one element of its own, and composes the
 * caller's handlers with its own.
 */

function storeOf(...fixtures: string[]): ToolpaneStore {
  const store = createToolpaneStore();
  for (const name of fixtures) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store;
}

type AnyPart = ComponentType<RefAttributes<HTMLElement> & Record<string, unknown>>;

interface Case {
  readonly name: string;
  readonly part: AnyPart;
  readonly slot: string;
  readonly props?: Record<string, unknown>;
  readonly wrap: (node: ReactNode) => ReactNode;
  readonly fixture: string;
}

const inToolCall = (id: string) => (node: ReactNode) => (
  <ToolCall.Root toolCallId={id} defaultOpen>
    {node}
  </ToolCall.Root>
);
const inSubagent = (id: string) => (node: ReactNode) => (
  <SubagentRun.Root toolCallId={id}>{node}</SubagentRun.Root>
);
const bare = (node: ReactNode) => node;

const progress = inToolCall('call-deploy-1');
const weather = inToolCall('sub-call-1');
const agent = inSubagent('call-agent-1');

const CASES: readonly Case[] = [
  {
    name: 'ToolCall.Root',
    part: ToolCall.Root as unknown as AnyPart,
    slot: 'tool-call',
    props: { toolCallId: 'call-deploy-1' },
    wrap: bare,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Trigger',
    part: ToolCall.Trigger as unknown as AnyPart,
    slot: 'tool-call-trigger',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Title',
    part: ToolCall.Title as unknown as AnyPart,
    slot: 'tool-call-title',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Status',
    part: ToolCall.Status as unknown as AnyPart,
    slot: 'tool-call-status',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Duration',
    part: ToolCall.Duration as unknown as AnyPart,
    slot: 'tool-call-duration',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Content',
    part: ToolCall.Content as unknown as AnyPart,
    slot: 'tool-call-content',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Input',
    part: ToolCall.Input as unknown as AnyPart,
    slot: 'tool-call-input',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Progress',
    part: ToolCall.Progress as unknown as AnyPart,
    slot: 'tool-call-progress',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Output',
    part: ToolCall.Output as unknown as AnyPart,
    slot: 'tool-call-output',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.Results',
    part: ToolCall.Results as unknown as AnyPart,
    slot: 'tool-call-results',
    wrap: progress,
    fixture: 'tool-progress',
  },
  {
    name: 'ToolCall.ModelOutput',
    part: ToolCall.ModelOutput as unknown as AnyPart,
    slot: 'tool-call-model-output',
    wrap: inToolCall('call-agent-1'),
    fixture: 'subagent',
  },
  {
    name: 'ToolCall.Error',
    part: ToolCall.Error as unknown as AnyPart,
    slot: 'tool-call-error',
    wrap: inToolCall('call-flights-1'),
    fixture: 'parallel-tools-error',
  },
  {
    name: 'SubagentRun.Root',
    part: SubagentRun.Root as unknown as AnyPart,
    slot: 'subagent-run',
    props: { toolCallId: 'call-agent-1' },
    wrap: bare,
    fixture: 'subagent',
  },
  {
    name: 'SubagentRun.Trigger',
    part: SubagentRun.Trigger as unknown as AnyPart,
    slot: 'subagent-run-trigger',
    wrap: agent,
    fixture: 'subagent',
  },
  {
    name: 'SubagentRun.Title',
    part: SubagentRun.Title as unknown as AnyPart,
    slot: 'subagent-run-title',
    wrap: agent,
    fixture: 'subagent',
  },
  {
    name: 'SubagentRun.Content',
    part: SubagentRun.Content as unknown as AnyPart,
    slot: 'subagent-run-content',
    wrap: agent,
    fixture: 'subagent',
  },
  {
    name: 'SubagentRun.Answer',
    part: SubagentRun.Answer as unknown as AnyPart,
    slot: 'subagent-run-answer',
    wrap: agent,
    fixture: 'subagent',
  },
  {
    name: 'SubagentRun.Task',
    part: SubagentRun.Task as unknown as AnyPart,
    slot: 'subagent-run-task',
    wrap: agent,
    fixture: 'subagent',
  },
  {
    name: 'SubagentRun.Details',
    part: SubagentRun.Details as unknown as AnyPart,
    slot: 'subagent-run-details',
    wrap: agent,
    fixture: 'subagent',
  },
];

describe(`parts on React ${version}`, () => {
  it.each(CASES)(
    '$name forwards its ref to its element',
    ({ part: Part, slot, props, wrap, fixture }) => {
      const ref: RefObject<HTMLElement | null> = createRef();
      render(
        <ToolpaneProvider store={storeOf(fixture)}>
          {wrap(<Part ref={ref} {...props} />)}
        </ToolpaneProvider>,
      );
      expect(ref.current).toBeInstanceOf(HTMLElement);
      expect(ref.current?.getAttribute('data-slot')).toBe(slot);
    },
  );

  it('renders the caller’s element with asChild, with the part’s props, ref and content', () => {
    const ref = createRef<HTMLElement>();
    render(
      <ToolpaneProvider store={storeOf('subagent')}>
        {weather(
          <ToolCall.Title asChild ref={ref} className="mine">
            <h3>Tool: </h3>
          </ToolCall.Title>,
        )}
      </ToolpaneProvider>,
    );
    const heading = screen.getByRole('heading', { level: 3 });
    expect(ref.current).toBe(heading);
    expect(heading).toHaveAttribute('data-slot', 'tool-call-title');
    expect(heading).toHaveClass('mine');
    expect(heading).toHaveTextContent('Tool: weatherTool');
  });

  it('keeps a section’s content inside the caller’s element', () => {
    render(
      <ToolpaneProvider store={storeOf('tool-progress')}>
        {progress(
          <ToolCall.Input asChild>
            <section aria-label="Arguments" />
          </ToolCall.Input>,
        )}
      </ToolpaneProvider>,
    );
    const section = screen.getByRole('region', { name: 'Arguments' });
    expect(section).toHaveAttribute('data-slot', 'tool-call-input');
    expect(section).toHaveTextContent('billing');
  });
});
