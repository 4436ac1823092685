import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type AgentSession, createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { type ChunkLog, logChunks } from '@toolpane/client/inspect';
import { network } from '@toolpane/client/network';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import * as ui from '@toolpane/ui';
import { Approval, ResumeForm, SubagentRun, ToolCall, WorkflowRun } from '@toolpane/ui';
import * as inspector from '@toolpane/ui/inspector';
import {
  type ComponentType,
  createElement,
  createRef,
  type ReactElement,
  type ReactNode,
  version,
} from 'react';
import { describe, expect, it, vi } from 'vitest';
import { components, NAMESPACES, NOT_COMPONENTS } from '../utils/exports';
import { loadFixture, recordedResponse } from '../utils/fixtures';

/*
 * Radix conventions as a class, on whichever React this project runs (18 and 19): every component
 * either entry point exports is found from the module namespace (namespaces such as `ToolCall`
 * included) and rendered with a ref and caller handlers. The ref must be its element, the
 * caller's onFocus, onClick and onKeyDown must run, and what the part does itself on those events
 * must still happen. A new export fails here until it has a recipe below, or is listed as not a
 * component.
 */

interface Chunk {
  readonly type: string;
  readonly payload?: { readonly toolCallId?: string };
}

/** The chunk log of each store made for the stream inspector. */
const logs = new WeakMap<ToolpaneStore, ChunkLog>();

interface Ctx {
  readonly store: ToolpaneStore;
  readonly session: AgentSession;
  /** The routes the session sent decisions to. */
  readonly sent: string[];
  readonly user: UserEvent;
}

interface Recipe {
  /** The `data-slot` of the element the ref must be. */
  readonly slot: string;
  /** Recordings the store holds (each ended); none for parts that need no store. */
  readonly fixtures?: readonly string[];
  /** Chunks of the first recording to leave out, so a call is still running. */
  readonly cut?: (chunk: Chunk) => boolean;
  /** The recording each decision route answers with; other requests fail with a 503. */
  readonly answers?: Readonly<Record<string, string>>;
  readonly store?: () => ToolpaneStore;
  /** The part (`part(props)`, with the ref and handlers on it) within what it needs. */
  readonly render: (part: (props?: Record<string, unknown>) => ReactElement, ctx: Ctx) => ReactNode;
  /** Brings the part into the state it renders in (a failure, an outcome). */
  readonly prepare?: (ctx: Ctx) => Promise<void>;
  /** What the part does itself must still happen with the caller's handlers on it. */
  readonly internal?: (element: HTMLElement, ctx: Ctx) => Promise<unknown>;
}

const inCall = (id: string, before?: ReactNode) => (node: ReactNode) => (
  <ToolCall.Root toolCallId={id} defaultOpen>
    {before}
    {node}
  </ToolCall.Root>
);
const inAgent = (node: ReactNode) => (
  <SubagentRun.Root toolCallId="call-agent-1">{node}</SubagentRun.Root>
);
const inApproval = (node: ReactNode) => (
  <Approval.Root toolCallId="call-del-1" autoFocus={false}>
    {node}
  </Approval.Root>
);
const inForm = (node: ReactNode) => (
  <ResumeForm.Root toolCallId="call-book-1" autoFocus={false}>
    <ResumeForm.Fields />
    {node}
  </ResumeForm.Root>
);
const inWorkflow = (node: ReactNode) => (
  <WorkflowRun.Root toolCallId="call-report-1">{node}</WorkflowRun.Root>
);
const networkRunId = () => (loadFixture('network')[0] as { runId: string }).runId;
const inNetwork = (node: ReactNode) => (
  <ui.NetworkRun.Root runId={networkRunId()}>{node}</ui.NetworkRun.Root>
);
const approvalButton = (name: RegExp) => screen.getByRole('button', { name });

/** Ticks the required box and sends the form; the session answers with the recording. */
async function resume({ user }: Ctx) {
  await user.click(screen.getByRole('checkbox', { name: /Confirmed/ }));
  await user.click(screen.getByRole('button', { name: /Resume bookTableTool/ }));
}

const APPROVAL = { fixtures: ['approval-request'] } as const;
const APPROVE_OK = { ...APPROVAL, answers: { 'approve-tool-call': 'approval-approve' } } as const;
const FORM = {
  fixtures: ['suspend-request'],
  answers: { 'resume-stream': 'suspend-resume' },
} as const;

/** How to render each part, by its export name. */
const RECIPES: Readonly<Record<string, Recipe>> = {
  ToolpaneAnnouncer: { slot: 'announcer', fixtures: ['approval-request'], render: (p) => p() },
  ApprovalRoot: {
    ...APPROVE_OK,
    slot: 'approval',
    render: (p) => inCall('call-del-1', <ToolCall.Trigger />)(p({ toolCallId: 'call-del-1' })),
    // Focus inside the card moves to its header once the decision is made.
    internal: async (element, { user }) => {
      await user.click(within(element).getByRole('button', { name: 'Approve deleteTool' }));
      await screen.findByText('Approved:');
      expect(document.activeElement).toHaveAttribute('data-slot', 'tool-call-trigger');
    },
  },
  ApprovalPrompt: { ...APPROVAL, slot: 'approval-prompt', render: (p) => inApproval(p()) },
  ApprovalRequest: { ...APPROVAL, slot: 'approval-request', render: (p) => inApproval(p()) },
  ApprovalActions: { ...APPROVAL, slot: 'approval-actions', render: (p) => inApproval(p()) },
  ApprovalApprove: {
    ...APPROVE_OK,
    slot: 'approval-approve',
    render: (p) => <Approval.Root toolCallId="call-del-1">{p()}</Approval.Root>,
    // The card's own ref on it still works: focus moved to it when the request appeared.
    internal: async (element, { sent }) => {
      expect(element).toHaveFocus();
      await waitFor(() => expect(sent).toEqual(['approve-tool-call']));
    },
  },
  ApprovalDecline: {
    fixtures: ['approval-decline-request'],
    answers: { 'decline-tool-call': 'approval-decline' },
    slot: 'approval-decline',
    render: (p) => inApproval(p()),
    internal: async (_element, { sent }) => {
      await waitFor(() => expect(sent).toEqual(['decline-tool-call']));
    },
  },
  ApprovalReason: {
    ...APPROVAL,
    slot: 'approval-reason',
    render: (p) => inApproval(p()),
    internal: async (element, { user }) => {
      await user.type(element, 'Not today');
      expect(element).toHaveValue('Not today');
    },
  },
  ApprovalError: {
    ...APPROVAL,
    slot: 'approval-error',
    render: (p) =>
      inApproval(
        <>
          {p()}
          <Approval.Approve />
        </>,
      ),
    prepare: async ({ user, sent }) => {
      await user.click(approvalButton(/Approve deleteTool/));
      await waitFor(() => expect(sent).toHaveLength(1));
    },
  },
  ApprovalRetry: {
    ...APPROVAL,
    slot: 'approval-retry',
    render: (p) =>
      inApproval(
        <>
          {p()}
          <Approval.Approve />
        </>,
      ),
    prepare: async ({ user, sent }) => {
      await user.click(approvalButton(/Approve deleteTool/));
      await waitFor(() => expect(sent).toHaveLength(1));
    },
    // The click the handlers test makes sends the decision again.
    internal: async (_element, { sent }) => {
      await waitFor(() => expect(sent).toEqual(['approve-tool-call', 'approve-tool-call']));
    },
  },
  ApprovalOutcome: {
    ...APPROVE_OK,
    slot: 'approval-outcome',
    render: (p) =>
      inApproval(
        <>
          {p()}
          <Approval.Approve />
        </>,
      ),
    prepare: async ({ user }) => {
      await user.click(approvalButton(/Approve deleteTool/));
      await screen.findByText('Approved:');
    },
  },
  DecisionExpired: { slot: 'decision-expired', render: (p) => p({ message: undefined }) },
  DisplayValueView: {
    slot: 'display-value',
    render: (p) => p({ value: { kind: 'raw', value: { city: 'Paris' } } }),
  },
  ExactValue: {
    slot: 'exact-value',
    render: (p) => p({ value: { command: 'x'.repeat(500) }, maxStringLength: 10 }),
    // Its own buttons still open what is cut.
    internal: async (element, { user }) => {
      await user.click(within(element).getByRole('button', { name: /Show all/ }));
      expect(element).toHaveTextContent('x'.repeat(500));
    },
  },
  JsonView: {
    slot: 'json-view',
    render: (p) => p({ value: { deep: { deeper: { deepest: 1 } } }, defaultExpandDepth: 0 }),
    internal: async (element, { user }) => {
      await user.click(within(element).getByRole('button', { name: /deep/ }));
      expect(element).toHaveTextContent('deeper');
    },
  },
  NetworkRunRoot: {
    store: () => createToolpaneStore({ families: [network] }),
    fixtures: ['network'],
    slot: 'network-run',
    render: (p) => p({ runId: networkRunId() }),
  },
  NetworkRunHeader: {
    store: () => createToolpaneStore({ families: [network] }),
    fixtures: ['network'],
    slot: 'network-run-header',
    render: (p) => inNetwork(p()),
  },
  NetworkRunSteps: {
    store: () => createToolpaneStore({ families: [network] }),
    fixtures: ['network'],
    slot: 'network-steps',
    render: (p) => inNetwork(p()),
  },
  NetworkRunResult: {
    store: () => createToolpaneStore({ families: [network] }),
    fixtures: ['network'],
    slot: 'network-result',
    render: (p) => inNetwork(p()),
  },
  ResumeFormRoot: {
    ...FORM,
    slot: 'resume-form',
    render: (p) => p({ toolCallId: 'call-book-1' }),
    // The form's own ref still works (focus moved to the first field) and it still sends.
    internal: async (element, ctx) => {
      expect(element.querySelector('input')).toHaveFocus();
      await resume(ctx);
      await waitFor(() => expect(ctx.sent).toEqual(['resume-stream']));
    },
  },
  ResumeFormPayload: { ...FORM, slot: 'resume-form-payload', render: (p) => inForm(p()) },
  ResumeFormFields: {
    ...FORM,
    slot: 'resume-form-fields',
    render: (p) => <ResumeForm.Root toolCallId="call-book-1">{p()}</ResumeForm.Root>,
  },
  ResumeFormError: {
    fixtures: ['suspend-request'],
    slot: 'resume-form-error',
    render: (p) =>
      inForm(
        <>
          {p()}
          <ResumeForm.Submit />
        </>,
      ),
    prepare: async (ctx) => {
      await resume(ctx);
      await waitFor(() => expect(ctx.sent).toHaveLength(1));
    },
  },
  ResumeFormSubmit: {
    ...FORM,
    slot: 'resume-form-submit',
    render: (p) => inForm(p()),
    // The click the handlers test makes sends the data (the box is ticked first).
    prepare: async ({ user }) => {
      await user.click(screen.getByRole('checkbox', { name: /Confirmed/ }));
    },
    internal: async (_element, { sent }) => {
      await waitFor(() => expect(sent).toEqual(['resume-stream']));
    },
  },
  ResumeFormSent: {
    ...FORM,
    slot: 'resume-form-sent',
    render: (p) =>
      inForm(
        <>
          {p()}
          <ResumeForm.Submit />
        </>,
      ),
    prepare: async (ctx) => {
      await resume(ctx);
      await waitFor(() => expect(ctx.sent).toHaveLength(1));
    },
  },
  SubagentRunRoot: {
    fixtures: ['subagent'],
    slot: 'subagent-run',
    render: (p) => p({ toolCallId: 'call-agent-1' }),
  },
  SubagentRunTrigger: {
    fixtures: ['subagent'],
    slot: 'subagent-run-trigger',
    render: (p) => inAgent(p()),
    // The click the handlers test makes closes the card, which starts open.
    internal: async (element) => expect(element).toHaveAttribute('aria-expanded', 'false'),
  },
  SubagentRunTitle: {
    fixtures: ['subagent'],
    slot: 'subagent-run-title',
    render: (p) => inAgent(p()),
  },
  SubagentRunContent: {
    fixtures: ['subagent'],
    slot: 'subagent-run-content',
    render: (p) => inAgent(p()),
  },
  SubagentRunAnswer: {
    fixtures: ['subagent'],
    slot: 'subagent-run-answer',
    render: (p) => inAgent(p()),
  },
  SubagentRunTask: {
    fixtures: ['subagent'],
    slot: 'subagent-run-task',
    render: (p) => inAgent(p()),
  },
  SubagentRunDetails: {
    fixtures: ['subagent'],
    slot: 'subagent-run-details',
    render: (p) => inAgent(p()),
  },
  SubagentRunThread: {
    fixtures: ['subagent'],
    slot: 'subagent-run-thread',
    render: (p, { store }) =>
      inAgent(p({ runId: store.getState().toolCalls.get('call-agent-1')?.childRunIds[0] })),
  },
  MissingToolCall: { slot: 'tool-call-missing', render: (p) => p({ toolCallId: 'call-none' }) },
  ToolCallRoot: {
    fixtures: ['tool-progress'],
    slot: 'tool-call',
    render: (p) => p({ toolCallId: 'call-deploy-1' }),
  },
  ToolCallTrigger: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-trigger',
    render: (p) => inCall('call-deploy-1')(p()),
    internal: async (element) => expect(element).toHaveAttribute('aria-expanded', 'false'),
  },
  ToolCallTitle: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-title',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallStatusBadge: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-status',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallDuration: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-duration',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallActivity: {
    fixtures: ['tool-progress'],
    cut: (chunk) => chunk.type === 'tool-result' && chunk.payload?.toolCallId === 'call-deploy-1',
    slot: 'tool-call-activity',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallContent: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-content',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallInput: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-input',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallProgress: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-progress',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallOutput: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-output',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallResults: {
    fixtures: ['tool-progress'],
    slot: 'tool-call-results',
    render: (p) => inCall('call-deploy-1')(p()),
  },
  ToolCallModelOutput: {
    fixtures: ['subagent'],
    slot: 'tool-call-model-output',
    render: (p) => inCall('call-agent-1')(p()),
  },
  ToolCallError: {
    fixtures: ['parallel-tools-error'],
    slot: 'tool-call-error',
    render: (p) => inCall('call-flights-1')(p()),
  },
  ToolCallCard: {
    fixtures: ['subagent'],
    slot: 'subagent-run',
    render: (p) => p({ toolCallId: 'call-agent-1' }),
  },
  TranscriptRoot: { fixtures: ['subagent'], slot: 'transcript', render: (p) => p() },
  TranscriptRun: {
    fixtures: ['subagent'],
    slot: 'transcript-run',
    render: (p, { store }) => p({ runId: store.getState().runOrder[0] }),
  },
  TranscriptPart: {
    fixtures: ['subagent'],
    slot: 'transcript-text',
    render: (p, { store }) => {
      const run = store.getState().runs.get(store.getState().runOrder[0] ?? '');
      return p({ part: run?.parts.find((part) => part.type === 'text') });
    },
  },
  TranscriptToolCall: {
    fixtures: ['subagent'],
    slot: 'subagent-run',
    render: (p) => p({ toolCallId: 'call-agent-1' }),
  },
  WorkflowRunRoot: {
    fixtures: ['workflow-tool'],
    slot: 'workflow-run',
    render: (p) => p({ toolCallId: 'call-report-1' }),
  },
  WorkflowRunHeader: {
    fixtures: ['workflow-tool'],
    slot: 'workflow-run-header',
    render: (p) => inWorkflow(p()),
  },
  WorkflowRunSteps: {
    fixtures: ['workflow-tool'],
    slot: 'workflow-steps',
    render: (p) => inWorkflow(p()),
  },
  WorkflowRunStep: {
    fixtures: ['workflow-tool'],
    slot: 'workflow-step',
    render: (p) => inWorkflow(<ol>{p({ stepId: 'summarize' })}</ol>),
  },
  RunTree: {
    fixtures: ['subagent'],
    slot: 'inspector-tree',
    render: (p, { store }) =>
      p({
        state: store.getState(),
        selection: undefined,
        highlighted: new Set(),
        onSelect: () => {},
      }),
  },
  StreamInspector: {
    store: () => {
      const { store, log } = logChunks(createToolpaneStore());
      logs.set(store, log);
      return store;
    },
    fixtures: ['subagent'],
    slot: 'stream-inspector',
    render: (p, { store }) => p({ log: logs.get(store) }),
    // Its own buttons still select: a click on a run highlights its chunks.
    internal: async (element, { user }) => {
      const run = within(element).getAllByRole('button', { pressed: false })[0] as HTMLElement;
      await user.click(run);
      expect(run).toHaveAttribute('aria-pressed', 'true');
    },
  },
};

const recipeOf = (names: readonly string[]) => names.find((name) => RECIPES[name] !== undefined);

describe(`every exported part on React ${version}`, () => {
  const all = components();

  it('has a recipe here, or is listed as not a component', () => {
    const missing = [...all.values()].filter((names) => recipeOf(names) === undefined);
    expect(missing).toEqual([]);
    for (const name of NOT_COMPONENTS) expect(name in ui || name in inspector).toBe(true);
    for (const name of NAMESPACES)
      expect(typeof (ui as Record<string, unknown>)[name]).toBe('object');
    // Each recipe is used, so the table cannot keep parts that are gone.
    const used = new Set([...all.values()].map((names) => recipeOf(names)));
    expect(Object.keys(RECIPES).filter((name) => !used.has(name))).toEqual([]);
    expect(all.size).toBeGreaterThan(55);
  });

  const cases = [...all.entries()].flatMap(([part, names]) => {
    const name = recipeOf(names);
    return name === undefined ? [] : [{ name, names: names.join(', '), part }];
  });

  it.each(cases)(
    '$name ($names): the ref is its element; handlers compose',
    async ({ name, part }) => {
      const recipe = RECIPES[name] as Recipe;
      const user = userEvent.setup();
      const store = recipe.store?.() ?? createToolpaneStore();
      for (const [index, fixture] of (recipe.fixtures ?? []).entries()) {
        const chunks = loadFixture(fixture) as Chunk[];
        const end = index === 0 && recipe.cut ? chunks.findIndex(recipe.cut) : -1;
        store.dispatchMany(end === -1 ? chunks : chunks.slice(0, end));
        if (end === -1) store.dispatch({ type: 'toolpane/stream-end' });
      }
      const sent: string[] = [];
      const session = createAgentSession({
        baseUrl: 'https://mastra.test',
        agentId: 'agent',
        store,
        fetch: async (url) => {
          const route = url.slice(url.lastIndexOf('/') + 1);
          sent.push(route);
          const answer = recipe.answers?.[route];
          return answer === undefined
            ? new Response('{"error":"Service unavailable"}', {
                status: 503,
                headers: { 'content-type': 'application/json' },
              })
            : recordedResponse(answer);
        },
      });
      const ctx: Ctx = { store, session, sent, user };
      const ref = { current: null as HTMLElement | null };
      const onFocus = vi.fn();
      const onClick = vi.fn();
      const onKeyDown = vi.fn();
      const handlers = { ref, onFocus, onClick, onKeyDown };
      const element = (props?: Record<string, unknown>) =>
        createElement(part as ComponentType<Record<string, unknown>>, { ...handlers, ...props });
      render(<ToolpaneProvider session={session}>{recipe.render(element, ctx)}</ToolpaneProvider>);
      await recipe.prepare?.(ctx);

      const target = ref.current;
      expect(target).toBeInstanceOf(HTMLElement);
      expect(target?.getAttribute('data-slot')).toBe(recipe.slot);
      expect(document.querySelector(`[data-slot="${recipe.slot}"]`)).toBe(target);

      fireEvent.focus(target as HTMLElement);
      fireEvent.keyDown(target as HTMLElement, { key: 'x' });
      fireEvent.click(target as HTMLElement);
      expect(onFocus).toHaveBeenCalled();
      expect(onKeyDown).toHaveBeenCalled();
      expect(onClick).toHaveBeenCalledTimes(1);
      await recipe.internal?.(target as HTMLElement, ctx);
    },
  );
});

describe(`asChild on React ${version}`, () => {
  const storeOf = (name: string) => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
    return store;
  };

  it('renders the caller’s element with asChild, with the part’s props, ref and content', () => {
    const ref = { current: null as HTMLElement | null };
    render(
      <ToolpaneProvider store={storeOf('subagent')}>
        {inCall('sub-call-1')(
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
        {inCall('call-deploy-1')(
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

  it('lets a button part be the caller’s button: its label, the part’s action and both handlers', async () => {
    const user = userEvent.setup();
    const store = storeOf('approval-request');
    const sent: string[] = [];
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'ops-agent',
      store,
      fetch: async (url) => {
        sent.push(url.slice(url.lastIndexOf('/') + 1));
        return recordedResponse('approval-approve');
      },
    });
    const mine = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <ToolpaneProvider session={session}>
        {inApproval(
          <Approval.Approve asChild ref={ref}>
            <button type="button" className="mine" onClick={mine}>
              Allow
            </button>
          </Approval.Approve>,
        )}
      </ToolpaneProvider>,
    );
    const button = screen.getByRole('button', { name: 'Allow' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('data-slot', 'approval-approve');
    expect(button).toHaveClass('mine');
    await user.click(button);
    expect(mine).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sent).toEqual(['approve-tool-call']));
  });

  it('lets a card root be the caller’s element, with the default content inside when it has none', () => {
    render(
      <ToolpaneProvider store={storeOf('tool-progress')}>
        <ToolCall.Root toolCallId="call-deploy-1" asChild>
          <article />
        </ToolCall.Root>
      </ToolpaneProvider>,
    );
    const card = screen.getByRole('group', { name: 'deployTool' });
    expect(card.tagName).toBe('ARTICLE');
    expect(within(card).getByRole('button', { name: /deployTool/ })).toHaveAttribute(
      'data-slot',
      'tool-call-trigger',
    );
  });
});

describe(`a caller's preventDefault on React ${version}`, () => {
  it('keeps an approval from being sent, as in Radix', async () => {
    const user = userEvent.setup();
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('approval-request'));
    store.dispatch({ type: 'toolpane/stream-end' });
    const fetch = vi.fn(async () => recordedResponse('approval-approve'));
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'ops-agent',
      store,
      fetch,
    });
    render(
      <ToolpaneProvider session={session}>
        {inApproval(<Approval.Approve onClick={(event) => event.preventDefault()} />)}
      </ToolpaneProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Approve deleteTool' }));
    expect(fetch).not.toHaveBeenCalled();
  });
});
