import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { ResumeForm, SubagentRun, ToolCall } from '@toolpane/ui';
import {
  type ComponentType,
  createRef,
  type FormEvent,
  type ReactNode,
  type RefAttributes,
  type RefObject,
  version,
} from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures';

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
const booking = (node: ReactNode) => (
  <ResumeForm.Root toolCallId="call-book-1" autoFocus={false}>
    {node}
  </ResumeForm.Root>
);

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
  {
    name: 'ResumeForm.Root',
    part: ResumeForm.Root as unknown as AnyPart,
    slot: 'resume-form',
    props: { toolCallId: 'call-book-1' },
    wrap: bare,
    fixture: 'suspend-request',
  },
  {
    name: 'ResumeForm.Payload',
    part: ResumeForm.Payload as unknown as AnyPart,
    slot: 'resume-form-payload',
    wrap: booking,
    fixture: 'suspend-request',
  },
  {
    name: 'ResumeForm.Fields',
    part: ResumeForm.Fields as unknown as AnyPart,
    slot: 'resume-form-fields',
    wrap: booking,
    fixture: 'suspend-request',
  },
  {
    name: 'ResumeForm.Submit',
    part: ResumeForm.Submit as unknown as AnyPart,
    slot: 'resume-form-submit',
    wrap: booking,
    fixture: 'suspend-request',
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

describe(`resume form handlers on React ${version}`, () => {
  it('runs the caller’s onSubmit and onClick, and still sends the data', async () => {
    const user = userEvent.setup();
    const store = storeOf('suspend-request');
    const sent: unknown[] = [];
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'booking-agent',
      store,
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return recordedResponse('suspend-resume');
      },
    });
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const onClick = vi.fn();
    const formRef = createRef<HTMLFormElement>();
    render(
      <ToolpaneProvider session={session}>
        <ResumeForm.Root ref={formRef} toolCallId="call-book-1" onSubmit={onSubmit}>
          <ResumeForm.Fields />
          <ResumeForm.Submit onClick={onClick} />
        </ResumeForm.Root>
      </ToolpaneProvider>,
    );
    // The form's own ref still works next to the caller's: it moved focus to the first field.
    expect(formRef.current).toBeInstanceOf(HTMLFormElement);
    expect(formRef.current?.querySelector('input')).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: /Confirmed/ }));
    await user.click(screen.getByRole('button', { name: /bookTableTool/ }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sent).toHaveLength(1));
  });
});
