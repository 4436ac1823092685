import { act, render } from '@testing-library/react';
import { createToolpaneStore, type ReduceOptions } from '@toolpane/client';
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
