import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ARGS_TO_COME,
  argsToCome,
  createToolpaneStore,
  type ToolCallState,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { createAgentSession } from '@toolpane/client/session';
import { type ApprovalHandle, ToolpaneProvider, useApproval } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Approval } from '@toolpane/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeChat } from '../utils/chat';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { uiMessageOf } from '../utils/history';

/*
 * What a person approves is what the card shows: a request whose arguments have not come yet
 * (an AI SDK `tool-approval-request` before the data part that names them, or one that arrives
 * while the call's arguments still stream; a native request that names none) says so, and an
 * approval is refused until they are shown. A decline needs no arguments and goes through.
 */

type Chunk = Record<string, unknown> & { type: string; toolCallId?: string };

const TO_COME = 'The arguments have not come yet';

afterEach(() => cleanup());

const waiting = (state: ToolpaneState): ToolCallState[] =>
  [...state.toolCalls.values()].filter((call) => call.status === 'approval-requested');

/** Every AI SDK recording that asks for an approval with `tool-approval-request`. */
const AI_SDK = fixtureNames().filter((name) =>
  (loadFixture(name) as Chunk[]).some((chunk) => chunk.type === 'tool-approval-request'),
);

/**
 * Every native recording that asks for an approval with no display transform (whose view of the
 * arguments comes with the request's metadata).
 */
const NATIVE = fixtureNames().filter((name) => {
  const text = JSON.stringify(loadFixture(name));
  return (
    !name.includes('aisdk') &&
    !name.startsWith('network') &&
    text.includes('"type":"tool-call-approval"') &&
    !text.includes('toolPayloadTransform')
  );
});

/** A chunk with the arguments of every approval request in it, at any depth, left out. */
function withoutArgs(chunk: unknown): unknown {
  if (typeof chunk !== 'object' || chunk === null) return chunk;
  const { type, payload } = chunk as Chunk;
  if (typeof payload !== 'object' || payload === null) return chunk;
  const { args, output, ...rest } = payload as Record<string, unknown>;
  return {
    ...chunk,
    payload: {
      ...rest,
      ...(type === 'tool-call-approval' || args === undefined ? {} : { args }),
      ...(output === undefined ? {} : { output: withoutArgs(output) }),
    },
  };
}

/** Fails the file when a recording this reads is gone or no longer shows what it is read for. */
function expectRead(found: readonly string[], named: readonly string[]): void {
  const missing = named.filter((name) => !found.includes(name));
  if (missing.length > 0) throw new Error(`Not read: ${missing.join(', ')}`);
}

expectRead(AI_SDK, ['aisdk-v6', 'aisdk-v7', 'aisdk-v6-parallel-approval-request']);
expectRead(NATIVE, [
  'approval-request',
  'nested-approval-request',
  'approval-two-level-request',
  'parallel-subagent-approval-request',
]);

type Handles = Map<string, ApprovalHandle>;

/** A card of the app's own: `useApproval`'s handle (kept in `handles`), and its error. */
function HookCard({ id, handles }: { id: string; handles: Handles }) {
  const handle = useApproval(id);
  handles.set(id, handle);
  return <p role="alert">{handle.error}</p>;
}

interface ChatProbe {
  toolpane?: ToolpaneChat;
  readonly handles: Handles;
}

/**
 * A page whose cards (one per call asked for an approval, and one of the app's own beside each)
 * answer through `useChatSession`.
 */
function ChatCards({ chat, probe }: { chat: ChatLike; probe: ChatProbe }) {
  const toolpane = useToolpaneChat();
  probe.toolpane = toolpane;
  const session = useChatSession(toolpane, chat);
  const asked = [...toolpane.store.getState().toolCalls.values()].filter((call) => call.approval);
  return (
    <ToolpaneProvider session={session}>
      {asked.map((call) => (
        <div key={call.key}>
          <Approval.Root toolCallId={call.key} autoFocus={false} />
          <HookCard id={call.key} handles={probe.handles} />
        </div>
      ))}
    </ToolpaneProvider>
  );
}

/** A chat page of {@link ChatCards}; `feed` reads chunks into its store. */
function chatPage(messages: unknown[]) {
  const chat = fakeChat(messages);
  const probe: ChatProbe = { handles: new Map() };
  const view = render(<ChatCards chat={chat} probe={probe} />);
  const store = () => probe.toolpane!.store as ToolpaneStore;
  const feed = (chunks: readonly unknown[]) => {
    act(() => store().dispatchMany(chunks));
    view.rerender(<ChatCards chat={chat} probe={probe} />);
  };
  return { chat, view, store, feed, probe };
}

/**
 * A recording up to its first `tool-approval-request` (after the stream it continues, as a chat
 * holds it), and the calls that wait then.
 */
function upToRequest(name: string) {
  const before = name.endsWith('-next') ? loadFixture(name.replace(/-next$/, '-request')) : [];
  const chunks = loadFixture(name) as Chunk[];
  const at = chunks.findIndex((chunk) => chunk.type === 'tool-approval-request');
  const store = createToolpaneStore({ formats: [aiSdk] });
  store.dispatchMany([...before, ...chunks.slice(0, at + 1)]);
  return { before, chunks, at, asked: waiting(store.getState()) };
}

/** The AI SDK recordings whose request comes before the part that names its arguments. */
const BEFORE_ARGS = AI_SDK.filter((name) =>
  upToRequest(name).asked.some((call) => argsToCome(call)),
);

/** That recording up to its request, in a chat page. */
async function askedOn(name: string) {
  const { before, chunks, at, asked } = upToRequest(name);
  expect(chunks[at + 1]?.type).toBe('data-tool-call-approval');
  expect(asked.length).toBeGreaterThan(0);
  const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go' }] };
  const message = await uiMessageOf([...before, ...chunks.slice(0, at + 1)]);
  const page = chatPage([user, message]);
  page.feed([...before, ...chunks.slice(0, at + 1)]);
  return { chunks, at, page };
}

expectRead(BEFORE_ARGS, [
  'aisdk-v6-approval-two-level',
  'aisdk-v7-approval-two-level',
  'aisdk-v6-nested-transform-approval',
  'aisdk-v6-nested-transform-approval-no-snapshots',
]);

describe('an AI SDK request whose arguments come in the next part', () => {
  it.each(BEFORE_ARGS)(
    '%s: the card waits for them; meanwhile Approve sends nothing, Decline goes through',
    async (name) => {
      const { chunks, at, page } = await askedOn(name);
      for (const call of waiting(page.store().getState())) expect(argsToCome(call)).toBe(true);
      expect(page.view.container.textContent).toContain(TO_COME);
      expect(page.view.container.textContent).not.toContain('No arguments');
      const user = userEvent.setup();
      for (const button of screen.getAllByRole('button', { name: /^Approve / })) {
        expect(button).toHaveAttribute('aria-disabled', 'true');
        await user.click(button);
      }
      expect(page.chat.addToolApprovalResponse).not.toHaveBeenCalled();
      // Through the session, an approval is refused and says why.
      const { session } = page.probe.toolpane!;
      const refused = await act(() => session.approve(waiting(page.store().getState())[0]!.key));
      expect(refused).toMatchObject({
        status: 'invalid',
        error: expect.stringMatching(/not come/),
      });
      // Through a card of the app's own, it is refused with the reason on the card.
      const key = waiting(page.store().getState())[0]!.key;
      const own = await act(() => page.probe.handles.get(key)!.approve());
      expect(own).toMatchObject({ ok: false, error: ARGS_TO_COME });
      expect(page.view.container.textContent).toContain(ARGS_TO_COME);
      // Declining needs no arguments: it goes through (on a page of its own).
      const { page: other } = await askedOn(name);
      await user.click(
        within(other.view.container).getAllByRole('button', { name: /^Decline / })[0]!,
      );
      expect(other.chat.addToolApprovalResponse).toHaveBeenCalledTimes(1);
      other.view.unmount();
      // The data part names them: the card shows them, and Approve answers.
      page.feed([chunks[at + 1]!]);
      expect(page.view.container.textContent).not.toContain(TO_COME);
      // The refusal no longer applies: the card's error is gone with it.
      expect(page.probe.handles.get(key)!.error).toBeUndefined();
      expect(page.view.container.textContent).not.toContain(ARGS_TO_COME);
      for (const call of waiting(page.store().getState())) expect(argsToCome(call)).toBe(false);
      expect(screen.getAllByRole('button', { name: /^Approve / })[0]).not.toHaveAttribute(
        'aria-disabled',
      );
      await user.click(screen.getAllByRole('button', { name: /^Approve / })[0]!);
      expect(page.chat.addToolApprovalResponse).toHaveBeenCalledTimes(1);
    },
  );
});

/** The index of the first input delta of the call `chunk` asks about, and of its whole input. */
function inputOf(chunks: readonly Chunk[], toolCallId: string) {
  const first = chunks.findIndex(
    (chunk) => chunk.type === 'tool-input-delta' && chunk.toolCallId === toolCallId,
  );
  const whole = chunks.findIndex(
    (chunk) => chunk.type === 'tool-input-available' && chunk.toolCallId === toolCallId,
  );
  return { first, whole };
}

describe('an AI SDK request that arrives while the arguments still stream', () => {
  const STREAMED = AI_SDK.filter((name) => {
    const chunks = loadFixture(name) as Chunk[];
    const request = chunks.find((chunk) => chunk.type === 'tool-approval-request')!;
    const id = request.toolCallId!;
    // A request raised inside a subagent names its inner call's arguments, not the input's.
    const asked = upToRequest(name).asked.find((call) => call.key === id);
    return asked?.kind === 'tool' && inputOf(chunks, id).first >= 0;
  });

  expectRead(STREAMED, ['aisdk-v6', 'aisdk-v7', 'aisdk-v6-parallel-approval-request']);

  it.each(STREAMED)('%s: the prefix is never the request, the whole input is', (name) => {
    const chunks = loadFixture(name) as Chunk[];
    const at = chunks.findIndex((chunk) => chunk.type === 'tool-approval-request');
    const request = chunks[at]!;
    const id = request.toolCallId!;
    const { first, whole } = inputOf(chunks, id);
    // The request moved to right after the first delta of its call's arguments.
    const moved = [
      ...chunks.slice(0, first + 1),
      request,
      ...chunks.slice(first + 1, at),
      ...chunks.slice(at + 1),
    ];
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(moved.slice(0, first + 2));
    const early = store.getState().toolCalls.get(id)!;
    expect(early.status).toBe('approval-requested');
    expect(argsToCome(early)).toBe(true);
    store.dispatchMany(moved.slice(first + 2));
    const call = store.getState().toolCalls.get(id)!;
    const input = chunks[whole]!.input;
    expect(call.input).toEqual({ kind: 'raw', value: input });
    expect(call.approval!.args).toEqual({ kind: 'raw', value: input });
    expect(store.getState().issues.filter((issue) => issue.kind === 'decision')).toEqual([]);
  });
});

describe('an AI SDK request that arrives once the streamed arguments parse whole', () => {
  const WHOLE = AI_SDK.filter((name) => {
    const chunks = loadFixture(name) as Chunk[];
    const id = chunks.find((chunk) => chunk.type === 'tool-approval-request')!.toolCallId!;
    const { whole } = inputOf(chunks, id);
    const text = chunks
      .slice(0, whole)
      .filter((chunk) => chunk.type === 'tool-input-delta' && chunk.toolCallId === id)
      .map((chunk) => chunk.inputTextDelta)
      .join('');
    return (
      upToRequest(name).asked.some((call) => call.key === id && call.kind === 'tool') &&
      text !== '' &&
      JSON.stringify(JSON.parse(text)) === JSON.stringify(chunks[whole]!.input)
    );
  });

  expectRead(WHOLE, ['aisdk-v6', 'aisdk-v7', 'aisdk-v6-parallel-approval-request']);

  // Mastra asks only once the whole input came (`tool-input-available`); the streamed text is
  // the input phase's view, which a display transform may make other than what is asked about.
  it.each(WHOLE)('%s: the streamed text is not the request until the whole input', (name) => {
    const chunks = loadFixture(name) as Chunk[];
    const at = chunks.findIndex((chunk) => chunk.type === 'tool-approval-request');
    const request = chunks[at]!;
    const id = request.toolCallId!;
    const { whole } = inputOf(chunks, id);
    // The request moved to right before the whole input, after every delta of it.
    const moved = [
      ...chunks.slice(0, whole),
      request,
      ...chunks.slice(whole, at),
      ...chunks.slice(at + 1),
    ];
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(moved.slice(0, whole + 1));
    const early = store.getState().toolCalls.get(id)!;
    expect(early.status).toBe('approval-requested');
    expect(argsToCome(early)).toBe(true);
    store.dispatchMany(moved.slice(whole + 1));
    const call = store.getState().toolCalls.get(id)!;
    expect(argsToCome(call)).toBe(false);
    expect(call.approval!.args).toEqual({ kind: 'raw', value: chunks[whole]!.input });
  });
});

describe('a native request that names no arguments', () => {
  it.each(NATIVE)('%s: the card says so, and no approval is sent', async (name) => {
    const chunks = loadFixture(name).map(withoutArgs);
    const store = createToolpaneStore();
    store.dispatchMany([...chunks, { type: 'toolpane/stream-end' }]);
    const asked = waiting(store.getState());
    expect(asked.length).toBeGreaterThan(0);
    const sent: string[] = [];
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'ops-agent',
      store,
      fetch: async (url) => {
        sent.push(url);
        return new Response('{}', { status: 500 });
      },
    });
    const view = render(
      <ToolpaneProvider session={session}>
        {asked.map((call) => (
          <Approval.Root key={call.key} toolCallId={call.key} autoFocus={false} />
        ))}
      </ToolpaneProvider>,
    );
    expect(view.container.textContent).toContain(TO_COME);
    for (const call of asked) {
      const result = await session.approve(call.key);
      expect(result).toMatchObject({ status: 'invalid', error: expect.stringMatching(/not come/) });
    }
    const approve = screen.getAllByRole('button', { name: /^Approve / })[0]!;
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(approve);
    expect(sent).toEqual([]);
  });
});

describe('a native request whose arguments come with the request asked again', () => {
  /** The recording with its first request sent without arguments, then as recorded. */
  const bare = (name: string) => {
    const chunks = loadFixture(name) as Chunk[];
    const at = chunks.findIndex((chunk) => chunk.type === 'tool-call-approval');
    return { before: [...chunks.slice(0, at), withoutArgs(chunks[at]!)], after: chunks.slice(at) };
  };

  const ASKED_AGAIN = NATIVE.filter((name) => {
    const store = createToolpaneStore();
    store.dispatchMany(bare(name).before);
    return waiting(store.getState()).some(argsToCome);
  });

  expectRead(ASKED_AGAIN, ['approval-request', 'approval-decline-request']);

  it.each(ASKED_AGAIN)(
    '%s: an approval refused meanwhile leaves no error once they came',
    async (name) => {
      const { before, after } = bare(name);
      const store = createToolpaneStore();
      store.dispatchMany(before);
      const session = createAgentSession({
        baseUrl: 'https://mastra.test',
        agentId: 'ops-agent',
        store,
        fetch: async () => new Response('{}', { status: 500 }),
      });
      const key = waiting(store.getState()).find(argsToCome)!.key;
      const handles: Handles = new Map();
      const view = render(
        <ToolpaneProvider session={session}>
          <HookCard id={key} handles={handles} />
        </ToolpaneProvider>,
      );
      const refused = await act(() => handles.get(key)!.approve());
      expect(refused).toMatchObject({ ok: false, error: ARGS_TO_COME });
      expect(view.container.textContent).toBe(ARGS_TO_COME);
      act(() => store.dispatchMany(after));
      expect(argsToCome(store.getState().toolCalls.get(key)!)).toBe(false);
      expect(handles.get(key)!.status).toBe('requested');
      expect(handles.get(key)!.error).toBeUndefined();
      expect(view.container.textContent).toBe('');
    },
  );
});
