import { act, render } from '@testing-library/react';
import { argsToCome, createToolpaneStore, type ReduceOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { Approval, Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * What a person approves is what the call shows: a later chunk that names a call waiting for
 * approval with other arguments changes neither the approval nor the call's input, and says so.
 */

const SWAPPED = { id: 'ALL-RECORDS' };

/** A recording up to its approval request, and the call that waits. */
function upToApproval(name: string) {
  const chunks = loadFixture(name);
  const types = chunks.map((chunk) => (chunk as { type: string }).type);
  const last = Math.max(...types.flatMap((type, i) => (type.includes('approval') ? [i] : [])));
  return chunks.slice(0, last + 1);
}

function run(chunks: unknown[], later: unknown[], toolCallId: string, options: ReduceOptions = {}) {
  const store = createToolpaneStore(options);
  const view = render(
    <ToolpaneProvider store={store}>
      <Transcript.Root />
      <Approval.Root toolCallId={toolCallId} />
    </ToolpaneProvider>,
  );
  act(() => store.dispatchMany(chunks));
  const before = store.getState().toolCalls.get(toolCallId)!;
  expect(before.status).toBe('approval-requested');
  act(() => store.dispatchMany(later));
  const after = store.getState().toolCalls.get(toolCallId)!;
  return { store, view, before, after };
}

function expectUnchanged({ store, view, before, after }: ReturnType<typeof run>) {
  expect(after.input).toEqual(before.input);
  expect(after.approval).toEqual(before.approval);
  expect(after.status).toBe('approval-requested');
  expect(view.container.textContent).not.toContain('ALL-RECORDS');
  const issues = store.getState().issues.filter((issue) => issue.kind === 'decision');
  expect(issues).toEqual([
    expect.objectContaining({ toolCallId: after.toolCallId, message: expect.any(String) }),
  ]);
}

describe('a call waiting for approval, named again with other arguments', () => {
  it('keeps its input on the native path (a second tool-call)', () => {
    const chunks = upToApproval('approval-request');
    const runId = (chunks[0] as { runId: string }).runId;
    const toolCall = (args: object) => ({
      type: 'tool-call',
      runId,
      from: 'AGENT',
      payload: { toolCallId: 'call-del-1', toolName: 'deleteTool', args },
    });
    // The same tool-call again (a replayed stream) changes nothing and says nothing.
    const replay = run(chunks, [toolCall({ id: 'abc-123' })], 'call-del-1');
    expect(replay.store.getState().issues).toEqual([]);
    replay.view.unmount();
    expectUnchanged(run(chunks, [toolCall(SWAPPED)], 'call-del-1'));
  });

  it.each(['aisdk-v6', 'aisdk-v7'])('keeps its input on the AI SDK path (%s)', (name) => {
    const chunks = upToApproval(name);
    const available = (input: object) => ({
      type: 'tool-input-available',
      toolCallId: 'call-del-ai-1',
      toolName: 'deleteTool',
      input,
    });
    const options = { formats: [aiSdk] };
    const replay = run(chunks, [available({ id: 'trip-2019' })], 'call-del-ai-1', options);
    expect(replay.store.getState().issues).toEqual([]);
    replay.view.unmount();
    expectUnchanged(run(chunks, [available(SWAPPED)], 'call-del-ai-1', options));
  });
});

/**
 * The arguments a person saw, hidden afterwards by a display transform learned late, still cannot
 * be swapped: a hidden input is filled in only when nobody saw it yet.
 */
describe('a call waiting for approval whose arguments turn hidden after they were shown', () => {
  const display = (transformed: object) => ({
    metadata: {
      mastra: { toolPayloadTransform: { display: { 'input-available': { transformed } } } },
    },
  });

  function expectRefused({ store, view, before, after }: ReturnType<typeof run>) {
    expect(before.input.kind).toBe('raw');
    // Hidden from now on, as the transform asks, and not replaced.
    expect(after.input).toEqual({ kind: 'hidden', reason: 'suppressed' });
    expect(after.approval?.revision).toBe(before.approval?.revision);
    expect(after.status).toBe('approval-requested');
    expect(view.container.textContent).not.toContain('ALL-RECORDS');
    const issues = store.getState().issues.filter((issue) => issue.kind === 'decision');
    expect(issues).toEqual([expect.objectContaining({ toolCallId: after.toolCallId })]);
  }

  it('keeps the raw arguments on the native path, whatever the transform shows', () => {
    const chunks = upToApproval('approval-request');
    const runId = (chunks[0] as { runId: string }).runId;
    const toolCall = (args: object, transformed: object) => ({
      type: 'tool-call',
      runId,
      from: 'AGENT',
      payload: { toolCallId: 'call-del-1', toolName: 'deleteTool', args },
      ...display(transformed),
    });
    // The same arguments with their transformed view: the view is filled in, silently.
    const same = run(chunks, [toolCall({ id: 'abc-123' }, { id: 'abc-…' })], 'call-del-1');
    expect(same.after.input).toEqual({ kind: 'transformed', value: { id: 'abc-…' } });
    expect(same.after.raw.input).toEqual({ id: 'abc-123' });
    expect(same.store.getState().issues).toEqual([]);
    same.view.unmount();
    const swapped = run(chunks, [toolCall(SWAPPED, SWAPPED)], 'call-del-1');
    expectRefused(swapped);
    expect(swapped.after.raw.input).toEqual({ id: 'abc-123' });
  });

  // Streamed text is not the request, even once it parses whole (Mastra asks after the whole
  // input, and deltas are the input phase's view): nobody saw the request's arguments yet.
  it('waits for the whole input on the AI SDK path when the tool is named late and has a client transform', () => {
    const id = 'call-late-1';
    const options: ReduceOptions = {
      formats: [aiSdk],
      transforms: { deleteTool: { input: (value) => ({ ...(value as object), shown: 'view' }) } },
    };
    const asked = [
      { type: 'start', messageId: 'msg-late-1' },
      { type: 'start-step' },
      // A delta before any start: the call has no name yet, so no transform is known.
      { type: 'tool-input-delta', toolCallId: id, inputTextDelta: '{"id":"trip-2019"}' },
      { type: 'tool-approval-request', approvalId: `run-late-1::${id}`, toolCallId: id },
    ];
    const named = { type: 'tool-input-available', toolCallId: id, toolName: 'deleteTool' };
    const { store, before, after } = run(asked, [{ ...named, input: SWAPPED }], id, options);
    expect(argsToCome(before)).toBe(true);
    // The whole input shows as the transform learned with the tool's name shows it; under a
    // transform the request waits on for its own phase's arguments (the approval data part).
    expect(after.input).toEqual({ kind: 'transformed', value: { ...SWAPPED, shown: 'view' } });
    expect(after.approval?.revision).toBe(before.approval?.revision);
    expect(argsToCome(after)).toBe(true);
    expect(store.getState().issues).toEqual([]);
  });
});
