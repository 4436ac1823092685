import { act, render, screen } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import {
  ToolpaneProvider,
  type UpdateBatching,
  useRun,
  useRunIds,
  useToolCall,
  useToolCallIds,
} from '@toolpane/react';
import { createToolRegistry, defineToolRenderer, ToolCallView } from '@toolpane/react/registry';
import { memo, Profiler, type ProfilerOnRenderCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../utils/fixtures.js';

const CALLS = 500;

type Chunk = { readonly type: string; readonly payload?: { readonly toolCallId?: string } };

/**
 * The recorded weather stream, split into pieces that can be replayed for many calls: every
 * chunk of call `call-weather-1` can be copied with another id.
 */
function recording() {
  const chunks = loadFixture('tool-then-text') as Chunk[];
  const ofType = (type: string) => chunks.filter((chunk) => chunk.type === type);
  const forCall = (chunk: Chunk, i: number): unknown =>
    JSON.parse(JSON.stringify(chunk).replaceAll('"call-weather-1"', `"call-weather-${i}"`));
  const [start] = ofType('start');
  const [stepStart] = ofType('step-start');
  const [toolStart] = ofType('tool-call-input-streaming-start');
  const [delta1, delta2] = ofType('tool-call-delta');
  const [textStart] = ofType('text-start');
  const [textDelta] = ofType('text-delta');
  return {
    /** A run with `count` weather calls, each one delta into its input. */
    store(count: number): ToolpaneStore {
      const store = createToolpaneStore();
      store.dispatch(start);
      store.dispatch(stepStart);
      for (let i = 0; i < count; i++) {
        store.dispatch(forCall(toolStart!, i));
        store.dispatch(forCall(delta1!, i));
      }
      return store;
    },
    nextDelta: (i: number) => forCall(delta2!, i),
    textStart: textStart!,
    textDelta: textDelta!,
  };
}

const renders = new Map<string, number>();
const countRender: ProfilerOnRenderCallback = (id) => renders.set(id, (renders.get(id) ?? 0) + 1);
const cardRenders = () => Object.fromEntries(renders);

beforeEach(() => renders.clear());

const weatherSchemas = {};

/** A tool card as an app would register it, measured by React's Profiler. */
const registry = createToolRegistry({
  weatherTool: defineToolRenderer(weatherSchemas, ({ toolCallId, input, status }) => (
    <Profiler id={toolCallId} onRender={countRender}>
      <article data-testid={toolCallId} data-status={status}>
        {input.kind === 'partial' || input.kind === 'valid' ? JSON.stringify(input.value) : ''}
      </article>
    </Profiler>
  )),
});

function Run({ runId }: { runId: string }) {
  const run = useRun(runId);
  return (
    <section>
      {run?.parts.map((part) =>
        part.type === 'text' ? (
          <p key={part.id}>{part.text}</p>
        ) : part.type === 'tool-call' ? (
          <ToolCallView key={part.toolCallId} toolCallId={part.toolCallId} />
        ) : null,
      )}
    </section>
  );
}

function Transcript() {
  return useRunIds().map((runId) => <Run key={runId} runId={runId} />);
}

/** A card written directly on `useToolCall`, without the registry. */
const HookCard = memo(function HookCard({ toolCallId }: { toolCallId: string }) {
  const call = useToolCall(toolCallId);
  return (
    <Profiler id={toolCallId} onRender={countRender}>
      <article data-testid={toolCallId}>{call?.inputText}</article>
    </Profiler>
  );
});

function HookCards() {
  return useToolCallIds().map((id) => <HookCard key={id} toolCallId={id} />);
}

describe('render counts with 500 tool calls mounted', () => {
  const replay = recording();

  it('mounts every card once', () => {
    const store = replay.store(CALLS);
    render(
      <ToolpaneProvider store={store} registry={registry}>
        <Transcript />
      </ToolpaneProvider>,
    );
    expect(renders.size).toBe(CALLS);
    expect([...renders.values()].every((count) => count === 1)).toBe(true);
  });

  it('re-renders only the card whose call got a delta', () => {
    const store = replay.store(CALLS);
    render(
      <ToolpaneProvider store={store} registry={registry}>
        <Transcript />
      </ToolpaneProvider>,
    );
    renders.clear();

    act(() => store.dispatch(replay.nextDelta(137)));

    expect(cardRenders()).toEqual({ 'call-weather-137': 1 });
    expect(screen.getByTestId('call-weather-137')).toHaveTextContent('{"city":"Par"}');
    expect(screen.getByTestId('call-weather-138')).toHaveTextContent('{}');
  });

  it('re-renders no tool card on text deltas', () => {
    const store = replay.store(CALLS);
    const view = render(
      <ToolpaneProvider store={store} registry={registry}>
        <Transcript />
      </ToolpaneProvider>,
    );
    renders.clear();

    act(() => store.dispatch(replay.textStart));
    act(() => store.dispatch(replay.textDelta));

    expect(cardRenders()).toEqual({});
    expect(view.getByText('It')).toBeInTheDocument();
  });

  it('holds for cards written on useToolCall and useToolCallIds', () => {
    const store = replay.store(CALLS);
    render(
      <ToolpaneProvider store={store}>
        <HookCards />
      </ToolpaneProvider>,
    );
    expect(renders.size).toBe(CALLS);
    renders.clear();

    act(() => store.dispatch(replay.nextDelta(0)));
    expect(cardRenders()).toEqual({ 'call-weather-0': 1 });

    renders.clear();
    act(() => store.dispatch(replay.textStart));
    act(() => store.dispatch(replay.textDelta));
    expect(cardRenders()).toEqual({});
  });
});

describe('batched updates', () => {
  const replay = recording();

  function mount(store: ToolpaneStore, batch: UpdateBatching) {
    return render(
      <ToolpaneProvider store={store} registry={registry} batch={batch}>
        <Transcript />
      </ToolpaneProvider>,
    );
  }

  it('renders a burst of chunks once, when the scheduler flushes', () => {
    const store = replay.store(20);
    const flushes: (() => void)[] = [];
    const view = mount(store, (flush) => flushes.push(flush));
    renders.clear();

    act(() => {
      store.dispatch(replay.nextDelta(3));
      store.dispatch(replay.textStart);
      store.dispatch(replay.textDelta);
      store.dispatch(replay.nextDelta(4));
    });
    expect(cardRenders()).toEqual({});
    expect(view.queryByText('It')).toBeNull();
    expect(flushes).toHaveLength(1);

    act(() => flushes[0]!());
    expect(cardRenders()).toEqual({ 'call-weather-3': 1, 'call-weather-4': 1 });
    expect(view.getByText('It')).toBeInTheDocument();
  });

  describe('with batch="frame"', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('re-renders at most once per animation frame', () => {
      const store = replay.store(20);
      mount(store, 'frame');
      renders.clear();

      act(() => {
        store.dispatch(replay.nextDelta(7));
        store.dispatch(replay.textStart);
        store.dispatch(replay.textDelta);
      });
      expect(cardRenders()).toEqual({});

      act(() => vi.advanceTimersToNextFrame());
      expect(cardRenders()).toEqual({ 'call-weather-7': 1 });
      expect(screen.getByTestId('call-weather-7')).toHaveTextContent('{"city":"Par"}');
    });
  });

  describe('with batch={ every: 33 }', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('re-renders at most once per interval, in a timer task of its own', () => {
      const store = replay.store(20);
      mount(store, { every: 33 });
      renders.clear();

      act(() => {
        store.dispatch(replay.nextDelta(7));
        store.dispatch(replay.textStart);
        store.dispatch(replay.textDelta);
      });
      expect(cardRenders()).toEqual({});
      act(() => vi.advanceTimersByTime(32));
      expect(cardRenders()).toEqual({});
      act(() => vi.advanceTimersByTime(1));
      expect(cardRenders()).toEqual({ 'call-weather-7': 1 });
      expect(screen.getByTestId('call-weather-7')).toHaveTextContent('{"city":"Par"}');
    });

    it('keeps one batched view while the provider re-renders with an equal new object', () => {
      const store = replay.store(20);
      const subscribe = vi.spyOn(store, 'subscribe');
      const view = mount(store, { every: 33 });
      for (let i = 0; i < 3; i++) {
        view.rerender(
          <ToolpaneProvider store={store} registry={registry} batch={{ every: 33 }}>
            <Transcript />
          </ToolpaneProvider>,
        );
      }
      expect(subscribe).toHaveBeenCalledTimes(1);
      renders.clear();
      act(() => store.dispatch(replay.nextDelta(8)));
      act(() => vi.advanceTimersByTime(33));
      expect(cardRenders()).toEqual({ 'call-weather-8': 1 });
    });
  });
});
