// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RunPart, RunState, ToolCallState } from '../../packages/client/src/index.js';
import { AppendList } from '../../packages/client/src/state/append-list.js';
import { Draft, type Mutable } from '../../packages/client/src/state/draft.js';
import { RunRecord } from '../../packages/client/src/state/run-record.js';
import { initialState } from '../../packages/client/src/state/state-root.js';
import { Vector } from '../../packages/client/src/state/vector.js';

const text = (id: string): RunPart => ({ type: 'text', id, text: id, state: 'done' });

function newRun(draft: Draft, runId: string): Mutable<RunState> {
  const run = new RunRecord(
    { runId, status: 'streaming', parentToolCallId: null, depth: 0 },
    Vector.empty(),
    AppendList.from([]),
  );
  draft.setRun(runId, run);
  return run;
}

function newCall(draft: Draft, key: string, runId: string): void {
  const call = {
    key,
    toolCallId: key,
    toolName: 'tool',
    kind: 'tool',
    status: 'input-streaming',
    runId,
    parentToolCallId: null,
    inputText: '',
    raw: {},
    displayTransform: 'unknown',
    progress: [],
    childRunIds: [],
  } as unknown as ToolCallState;
  draft.setToolCall(key, call);
}

describe('Draft', () => {
  it("keeps what is pushed onto a run's parts and tool call ids through push", () => {
    const draft = new Draft(initialState);
    const run = newRun(draft, 'r');
    draft.push(run, 'parts', text('a'), text('b'));
    draft.push(run, 'toolCallIds', 'c1');
    draft.pushPart(run, text('c'));
    const state = draft.publish();
    expect(state.runs.get('r')?.parts.map((p) => (p.type === 'text' ? p.id : p.type))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(state.runs.get('r')?.toolCallIds).toEqual(['c1']);
  });

  it("refuses a run's lists as plain writable fields, whose edits would be lost", () => {
    const draft = new Draft(initialState);
    const run = newRun(draft, 'r');
    expect(() => draft.field(run, 'parts')).toThrow(TypeError);
    expect(() => draft.field(run, 'toolCallIds')).toThrow(TypeError);
    expect(() => draft.field(run, 'steps')).toThrow(TypeError);
  });

  it("appends and replaces a run's steps in place, leaving the published run as it was", () => {
    const draft = new Draft(initialState);
    draft.push(newRun(draft, 'r'), 'steps', { index: 0 });
    const published = draft.publish().runs.get('r')!;
    const run = draft.run('r')!;
    draft.setStep(run, 0, { index: 0, finishReason: 'tool-calls' });
    draft.push(run, 'steps', { index: 1 });
    expect(published.steps).toEqual([{ index: 0 }]);
    expect(draft.publish().runs.get('r')!.steps).toEqual([
      { index: 0, finishReason: 'tool-calls' },
      { index: 1 },
    ]);
  });

  it('edits a run and a call in place within an epoch and copies them once after a publish', () => {
    const draft = new Draft(initialState);
    newRun(draft, 'r1');
    newRun(draft, 'r2');
    newCall(draft, 'c1', 'r1');
    newCall(draft, 'c2', 'r2');
    // Within the epoch, alternating between entities returns the same writable objects.
    const r1 = draft.run('r1');
    const c1 = draft.toolCall('c1');
    expect(draft.run('r2')).toBe(draft.run('r2'));
    expect(draft.toolCall('c2')).toBe(draft.toolCall('c2'));
    expect(draft.run('r1')).toBe(r1);
    expect(draft.toolCall('c1')).toBe(c1);
    const first = draft.publish();
    const firstJson = JSON.stringify(first);

    // After a publish the next write copies, once, and leaves the published objects alone.
    const r1b = draft.run('r1')!;
    expect(r1b).not.toBe(first.runs.get('r1'));
    draft.pushPart(r1b, text('x'));
    draft.toolCall('c2')!.inputText = '{"a"';
    expect(draft.run('r2')).toBe(draft.run('r2'));
    expect(draft.run('r1')).toBe(r1b);
    expect(draft.toolCall('c2')).toBe(draft.toolCall('c2'));
    const second = draft.publish();
    expect(JSON.stringify(first)).toBe(firstJson);
    expect(second.runs.get('r1')?.parts).toHaveLength(1);
    expect(second.toolCalls.get('c2')?.inputText).toBe('{"a"');
    expect(second.toolCalls.get('c1')).toBe(first.toolCalls.get('c1'));
    expect(draft.changes().runs.has('r1')).toBe(true);
    expect([...draft.changes().calls].map(([key]) => key)).toEqual(['c2']);
  });
});
