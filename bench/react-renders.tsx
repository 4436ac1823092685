/**
 * React: commits and component renders per chunk while 500 tool cards are mounted, counted with
 * React's Profiler in jsdom. Toolpane (a store, `useToolCallIds` for the list and `useToolCall` per
 * card) against the usual pattern: messages in `useState`, updated per chunk with @mastra/react's
 * accumulator, with plain and with memoised cards.
 */
import type { MastraDBMessage } from '@mastra/core/agent/message-list';
import { accumulateChunk } from '@mastra/react';
import { createToolpaneStore, type ToolCallState, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider, useToolCall, useToolCallIds } from '@toolpane/react';
import { JSDOM } from 'jsdom';
import {
  act,
  type Dispatch,
  memo,
  Profiler,
  type ReactNode,
  type SetStateAction,
  useState,
} from 'react';
import { childOptions, isMain, log, report } from './child.ts';
import { generateLines } from './generate.ts';
import { ms, now } from './measure.ts';

/** Options of the render count. */
export interface RenderOptions {
  /** Top-level tool calls mounted before counting. */
  readonly cards: number;
  /** Chunks streamed one by one while counting. */
  readonly chunks: number;
}

/** Counts of one variant. */
export interface RenderRow {
  readonly variant: string;
  readonly cardsMounted: number;
  readonly chunks: number;
  readonly commits: number;
  readonly cardRenders: number;
  readonly ms: number;
}

const counts = { commits: 0, cards: 0 };

const onRender = () => {
  counts.commits++;
};

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function shown(call: ToolCallState): string {
  const { input } = call;
  if (input.kind === 'raw' || input.kind === 'transformed') return preview(input.value);
  return input.kind === 'hidden' ? 'Hidden' : '';
}

function ToolpaneCard({ toolCallId }: { toolCallId: string }) {
  counts.cards++;
  const call = useToolCall(toolCallId);
  if (call === undefined) return null;
  return (
    <article data-status={call.status}>
      <h3>{call.toolName}</h3>
      <pre>{shown(call)}</pre>
    </article>
  );
}

const MemoToolpaneCard = memo(ToolpaneCard);

function ToolpaneList({ memoised }: { memoised: boolean }) {
  const ids = useToolCallIds({ parentToolCallId: null });
  const Card = memoised ? MemoToolpaneCard : ToolpaneCard;
  return (
    <section>
      {ids.map((id) => (
        <Card key={id} toolCallId={id} />
      ))}
    </section>
  );
}

type ToolPart = {
  type: 'tool-invocation';
  toolInvocation: { toolCallId: string; toolName: string; state: string; args?: unknown };
};

function toolParts(messages: readonly MastraDBMessage[]): ToolPart[] {
  const out: ToolPart[] = [];
  for (const message of messages) {
    for (const part of message.content.parts as unknown as { type: string }[]) {
      if (part.type === 'tool-invocation') out.push(part as ToolPart);
    }
  }
  return out;
}

function BaselineCard({ part }: { part: ToolPart }) {
  counts.cards++;
  const { toolName, state, args } = part.toolInvocation;
  return (
    <article data-status={state}>
      <h3>{toolName}</h3>
      <pre>{preview(args)}</pre>
    </article>
  );
}

const MemoBaselineCard = memo(BaselineCard);

let setBaseline: Dispatch<SetStateAction<MastraDBMessage[]>> = () => undefined;

function BaselineList({ initial, memoised }: { initial: MastraDBMessage[]; memoised: boolean }) {
  const [messages, setMessages] = useState(initial);
  setBaseline = setMessages;
  const Card = memoised ? MemoBaselineCard : BaselineCard;
  return (
    <section>
      {toolParts(messages).map((part) => (
        <Card key={part.toolInvocation.toolCallId} part={part} />
      ))}
    </section>
  );
}

function accumulate(conversation: MastraDBMessage[], chunk: unknown): MastraDBMessage[] {
  return accumulateChunk({
    chunk,
    conversation,
    metadata: { mode: 'stream', runId: (chunk as { runId?: string }).runId },
  } as Parameters<typeof accumulateChunk>[0]);
}

function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    pretendToBeVisual: true,
    url: 'http://localhost/',
  });
  const globals = globalThis as Record<string, unknown>;
  // What react-dom reads from the global scope: the DOM classes and a few window functions.
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globals || !/^[A-Z]|^(requestAnimationFrame|cancelAnimationFrame)$/.test(key))
      continue;
    globals[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  if (!('navigator' in globals)) globals.navigator = dom.window.navigator;
  globals.window = dom.window;
  globals.document = dom.window.document;
  globals.IS_REACT_ACT_ENVIRONMENT = true;
}

/** The chunks up to and including the start of the `cards`-th top-level tool call, and the rest. */
function split(cards: number, window: number): { mount: unknown[]; stream: unknown[] } {
  // About 1.1 top-level tool calls per 100 chunks in the generated mix; generate enough.
  const lines = generateLines({ chunks: Math.ceil(cards * 120) + window + 1_000 });
  const chunks = lines.map((line) => JSON.parse(line) as { type: string });
  let seen = 0;
  let end = chunks.length;
  for (let i = 0; i < chunks.length; i++) {
    if (chunks[i]!.type === 'tool-call-input-streaming-start' && ++seen === cards) {
      end = i + 1;
      break;
    }
  }
  if (seen < cards) throw new Error(`the generated stream has only ${seen} top-level tool calls`);
  return { mount: chunks.slice(0, end), stream: chunks.slice(end, end + window) };
}

/** Counts commits and card renders per chunk for each variant. */
export async function renders(options: RenderOptions): Promise<RenderRow[]> {
  installDom();
  const { createRoot } = await import('react-dom/client');
  const { mount, stream } = split(options.cards, options.chunks);
  const rows: RenderRow[] = [];

  const measure = async (
    variant: string,
    tree: ReactNode,
    cardsMounted: () => number,
    apply: (chunk: unknown) => void,
  ) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <Profiler id={variant} onRender={onRender}>
          {tree}
        </Profiler>,
      );
    });
    const mounted = cardsMounted();
    counts.commits = 0;
    counts.cards = 0;
    const start = now();
    for (const chunk of stream) {
      act(() => apply(chunk));
    }
    rows.push({
      variant,
      cardsMounted: mounted,
      chunks: stream.length,
      commits: counts.commits,
      cardRenders: counts.cards,
      ms: ms(start),
    });
    await act(async () => root.unmount());
    container.remove();
    log(`react: ${variant} done`);
  };

  for (const memoised of [false, true]) {
    const store: ToolpaneStore = createToolpaneStore();
    store.dispatchMany(mount);
    await measure(
      memoised
        ? 'Toolpane: useToolCallIds + useToolCall, memo cards'
        : 'Toolpane: useToolCallIds + useToolCall, plain cards',
      <ToolpaneProvider store={store}>
        <ToolpaneList memoised={memoised} />
      </ToolpaneProvider>,
      () => document.querySelectorAll('article').length,
      (chunk) => store.dispatch(chunk),
    );
  }

  let initial: MastraDBMessage[] = [];
  for (const chunk of mount) initial = accumulate(initial, chunk);
  for (const memoised of [false, true]) {
    await measure(
      memoised
        ? 'Baseline: messages in useState, memo cards'
        : 'Baseline: messages in useState, plain cards',
      <BaselineList initial={initial} memoised={memoised} />,
      () => document.querySelectorAll('article').length,
      (chunk) => setBaseline((previous) => accumulate(previous, chunk)),
    );
  }
  return rows;
}

if (isMain(import.meta.url)) {
  report(await renders(childOptions<RenderOptions>()));
}
