import { act, render, renderHook } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import {
  shallowEqual,
  ToolpaneProvider,
  useAgent,
  usePendingApprovals,
  useRun,
  useRunIds,
  useSubagent,
  useSubagents,
  useToolCall,
  useToolCallIds,
  useToolCalls,
  useToolpaneSelector,
  useToolpaneStore,
} from '@toolpane/react';
import { type ReactNode, version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../utils/fixtures.js';

function storeWith(...fixtures: string[]): ToolpaneStore {
  const store = createToolpaneStore();
  for (const name of fixtures) store.dispatchMany(loadFixture(name));
  return store;
}

function wrapperFor(store: ToolpaneStore) {
  return ({ children }: { children: ReactNode }) => (
    <ToolpaneProvider store={store}>{children}</ToolpaneProvider>
  );
}

describe('test setup', () => {
  it('runs on the React version its project names', ({ task }) => {
    const major = task.file.projectName === 'react18' ? '18' : '19';
    expect(version.split('.')[0]).toBe(major);
    expect(domVersion.split('.')[0]).toBe(major);
  });
});

describe('ToolpaneProvider', () => {
  it('tells which hook was used outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToolCall('call-1'))).toThrow(
      '`useToolpaneSelector` must be used within <ToolpaneProvider>.',
    );
    expect(() => renderHook(() => useToolpaneStore())).toThrow(
      '`useToolpaneStore` must be used within <ToolpaneProvider>.',
    );
  });

  it('gives its store to the hooks below it', () => {
    const store = storeWith('tool-then-text');
    const { result } = renderHook(() => useToolpaneStore(), { wrapper: wrapperFor(store) });
    expect(result.current).toBe(store);
  });
});

describe('useToolCall', () => {
  it('returns the call a recording produced', () => {
    const store = storeWith('tool-then-text');
    const { result } = renderHook(() => useToolCall('call-weather-1'), {
      wrapper: wrapperFor(store),
    });
    expect(result.current).toMatchObject({
      toolName: 'weatherTool',
      status: 'output-available',
      input: { kind: 'raw', value: { city: 'Paris' } },
      output: { kind: 'raw', value: { city: 'Paris', tempC: 21, sky: 'sunny' } },
    });
  });

  it('follows the call chunk by chunk and keeps its identity through text deltas', () => {
    const chunks = loadFixture('tool-then-text');
    const store = createToolpaneStore();
    const { result } = renderHook(() => useToolCall('call-weather-1'), {
      wrapper: wrapperFor(store),
    });
    expect(result.current).toBeUndefined();

    const statuses: (string | undefined)[] = [];
    for (const chunk of chunks.slice(0, 9)) {
      act(() => store.dispatch(chunk));
      statuses.push(result.current?.status);
    }
    expect(statuses.slice(2)).toEqual([
      'input-streaming',
      'input-streaming',
      'input-streaming',
      'input-streaming',
      'input-streaming',
      'input-available',
      'output-available',
    ]);
    const finished = result.current;
    for (const chunk of chunks.slice(9)) {
      act(() => store.dispatch(chunk));
      expect(result.current).toBe(finished);
    }
  });
});

describe('useToolCalls and useToolCallIds', () => {
  it('filters by toolName, run and status', () => {
    const store = storeWith('parallel-tools-error');
    const state = store.getState();
    const runId = state.runOrder[0]!;
    const wrapper = wrapperFor(store);

    const byName = renderHook(() => useToolCalls({ toolName: 'weatherTool' }), { wrapper });
    expect(byName.result.current.map((call) => call.toolName)).toEqual(
      [...state.toolCalls.values()]
        .filter((c) => c.toolName === 'weatherTool')
        .map(() => 'weatherTool'),
    );
    expect(byName.result.current.length).toBeGreaterThan(0);

    const failed = renderHook(() => useToolCalls({ status: ['output-error', 'output-denied'] }), {
      wrapper,
    });
    expect(failed.result.current.map((call) => call.toolCallId)).toEqual(['call-flights-1']);

    const inRun = renderHook(() => useToolCallIds({ runId }), { wrapper });
    expect(inRun.result.current).toEqual(state.runs.get(runId)!.toolCallIds);

    const none = renderHook(() => useToolCallIds({ runId: 'no-such-run' }), { wrapper });
    expect(none.result.current).toEqual([]);
  });

  it('filters by the agent call a subagent call ran under', () => {
    const wrapper = wrapperFor(storeWith('subagent'));
    const inner = renderHook(() => useToolCallIds({ parentToolCallId: 'call-agent-1' }), {
      wrapper,
    });
    expect(inner.result.current).toEqual(['sub-call-1']);
    const topLevel = renderHook(() => useToolCallIds({ parentToolCallId: null }), { wrapper });
    expect(topLevel.result.current).toEqual(['call-agent-1']);
  });

  it('keeps the id list when only the calls change, and re-renders when one joins', () => {
    const chunks = loadFixture('tool-then-text');
    const store = createToolpaneStore();
    const renders = vi.fn();
    const { result } = renderHook(
      () => {
        renders();
        return useToolCallIds();
      },
      { wrapper: wrapperFor(store) },
    );
    act(() => store.dispatchMany(chunks.slice(0, 3)));
    const ids = result.current;
    expect(ids).toEqual(['call-weather-1']);
    const rendersWithOneCall = renders.mock.calls.length;

    for (const chunk of chunks.slice(3)) act(() => store.dispatch(chunk));
    expect(result.current).toBe(ids);
    expect(renders).toHaveBeenCalledTimes(rendersWithOneCall);
  });

  it('accepts an inline filter object without re-rendering on unrelated chunks', () => {
    const chunks = loadFixture('tool-then-text');
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, 9));
    const renders = vi.fn();
    renderHook(
      () => {
        renders();
        return useToolCalls({ toolName: 'weatherTool', status: ['output-available'] });
      },
      { wrapper: wrapperFor(store) },
    );
    const before = renders.mock.calls.length;
    for (const chunk of chunks.slice(9)) act(() => store.dispatch(chunk));
    expect(renders).toHaveBeenCalledTimes(before);
  });
});

describe('useRun and useRunIds', () => {
  it("returns one run's parts in stream order", () => {
    const store = storeWith('tool-then-text');
    const wrapper = wrapperFor(store);
    const ids = renderHook(() => useRunIds(), { wrapper });
    expect(ids.result.current).toHaveLength(1);
    const { result } = renderHook(() => useRun(ids.result.current[0]!), { wrapper });
    expect(result.current?.parts).toEqual([
      { type: 'tool-call', toolCallId: 'call-weather-1' },
      { type: 'text', id: 'txt-weather-1', text: 'It is 21°C and sunny in Paris.', state: 'done' },
    ]);
  });

  it('lists one top-level run per stream: request, then the approval stream', () => {
    const store = storeWith('approval-request', 'approval-declined');
    const { result } = renderHook(() => useRunIds(), { wrapper: wrapperFor(store) });
    expect(result.current).toEqual(store.getState().runOrder);
    expect(result.current).toHaveLength(2);
  });
});

describe('useSubagent and useSubagents', () => {
  it('finds a subagent run by agent id and by run id', () => {
    const store = storeWith('subagent');
    const wrapper = wrapperFor(store);
    const byAgent = renderHook(() => useSubagent('weather-agent'), { wrapper });
    expect(byAgent.result.current).toMatchObject({
      agentId: 'weather-agent',
      parentToolCallId: 'call-agent-1',
      depth: 1,
      status: 'finished',
    });
    const runId = byAgent.result.current!.runId;
    const byRun = renderHook(() => useSubagent(runId), { wrapper });
    expect(byRun.result.current).toBe(byAgent.result.current);
    expect(byRun.result.current?.toolCallIds).toEqual(['sub-call-1']);

    const topLevel = renderHook(() => useSubagent(store.getState().runOrder[0]!), { wrapper });
    expect(topLevel.result.current).toBeUndefined();
  });

  it('lists subagents at every depth with the call each ran under', () => {
    const store = storeWith('subagent-two-level');
    const { result } = renderHook(() => useSubagents(), { wrapper: wrapperFor(store) });
    expect(
      result.current.map(({ agentId, toolName, depth }) => ({ agentId, toolName, depth })),
    ).toEqual([
      { agentId: 'research-agent', toolName: 'agent-research', depth: 1 },
      { agentId: 'weather-station-agent', toolName: 'agent-weather', depth: 2 },
    ]);
  });
});

describe('usePendingApprovals', () => {
  it('lists a nested approval under the inner call, with where the answer goes', () => {
    const store = storeWith('subagent-approval-request');
    const { result } = renderHook(() => usePendingApprovals(), { wrapper: wrapperFor(store) });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({
      toolCallId: 'sub-del-1',
      toolName: 'deleteTool',
      kind: 'approval',
      resumeWith: { toolCallId: 'call-ops-1', runId: store.getState().runOrder[0] },
    });
  });

  it('keeps the same list while unrelated chunks arrive and empties it once answered', () => {
    const store = storeWith('approval-request', 'tool-then-text');
    const { result } = renderHook(() => usePendingApprovals(), { wrapper: wrapperFor(store) });
    const list = result.current;
    expect(list.map((p) => p.toolCallId)).toEqual(['call-del-1']);
    act(() => store.dispatchMany(loadFixture('tool-call-then-text')));
    expect(result.current).toBe(list);
    act(() => store.dispatchMany(loadFixture('approval-approved')));
    expect(result.current).toEqual([]);
  });

  it('lists a suspension as kind `suspension`', () => {
    const store = storeWith('suspend-request');
    const { result } = renderHook(() => usePendingApprovals(), { wrapper: wrapperFor(store) });
    expect(result.current.map((p) => [p.toolCallId, p.kind])).toEqual([
      ['call-book-1', 'suspension'],
    ]);
  });
});

describe('useAgent without a session', () => {
  it('reads the status from the store and sends nothing', async () => {
    const store = storeWith('approval-request');
    // What consumeStream dispatches when the recorded stream ends at the approval.
    store.dispatch({ type: 'toolpane/stream-end' });
    const { result } = renderHook(() => useAgent(), { wrapper: wrapperFor(store) });
    expect(result.current).toMatchObject({ status: 'waiting', hasSession: false });
    await expect(result.current.send('hello')).resolves.toMatchObject({ status: 'invalid' });
    act(() => store.dispatchMany(loadFixture('approval-approved')));
    expect(result.current.status).toBe('idle');
  });

  it('reports a failed run as an error with its message', () => {
    const store = storeWith('model-error');
    const { result } = renderHook(() => useAgent(), { wrapper: wrapperFor(store) });
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe(
      store.getState().runs.get(store.getState().runOrder[0]!)?.error,
    );
  });
});

function ToolNames({ onRender }: { onRender: (names: unknown) => void }) {
  const names = useToolpaneSelector(
    (state) => state.toolCallOrder.map((id) => state.toolCalls.get(id)?.toolName),
    shallowEqual,
  );
  onRender(names);
  return <p>{names.join(',')}</p>;
}

describe('useToolpaneSelector', () => {
  it('skips renders when isEqual says the new value equals the old one', () => {
    const chunks = loadFixture('tool-then-text');
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, 3));
    const seen: unknown[] = [];
    const view = render(
      <ToolpaneProvider store={store}>
        <ToolNames onRender={(names) => seen.push(names)} />
      </ToolpaneProvider>,
    );
    for (const chunk of chunks.slice(3)) act(() => store.dispatch(chunk));
    expect(view.getByText('weatherTool')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });
});
