import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppendList } from '../../packages/client/src/state/append-list.js';
import {
  RUN_FIELDS,
  type RunFields,
  RunRecord,
} from '../../packages/client/src/state/run-record.js';
import type { RunState } from '../../packages/client/src/state/state.js';
import { Vector } from '../../packages/client/src/state/vector.js';

/** A run with every field set, each to a value of its own, in the reverse of the listed order. */
function fullRun(): RunFields {
  const fields: Record<string, unknown> = {};
  for (const key of [...RUN_FIELDS].reverse()) fields[key] = { field: key };
  return fields as unknown as RunFields;
}

describe('RunRecord', () => {
  it('lists every field of a run but its lists', () => {
    expectTypeOf<Exclude<keyof RunFields, (typeof RUN_FIELDS)[number]>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<(typeof RUN_FIELDS)[number], keyof RunState>>().toEqualTypeOf<never>();
  });

  it('copies every field, the same values, in one order, and the lists as they are', () => {
    const fields = fullRun();
    const parts = Vector.from([
      { type: 'text' as const, id: 't', text: 'hi', state: 'done' as const },
    ]);
    const steps = Vector.from([{ index: 0, finishReason: 'stop' }]);
    const run = new RunRecord(fields, parts, AppendList.from(['call-1']), steps);
    const copy = RunRecord.copy(run);
    expect(copy).not.toBe(run);
    expect(Object.keys(run)).toEqual([...RUN_FIELDS]);
    expect(Object.keys(copy)).toEqual([...RUN_FIELDS]);
    for (const key of RUN_FIELDS) expect(copy[key]).toBe(fields[key]);
    expect(copy.parts).toEqual(run.parts);
    expect(copy.toolCallIds).toEqual(['call-1']);
    expect(RunRecord.steps(copy)).toBe(steps);
    expect(copy.steps).toEqual([{ index: 0, finishReason: 'stop' }]);
  });

  it('appends and replaces steps without touching an earlier version', () => {
    const run = RunRecord.copy(
      new RunRecord(
        { runId: 'r', status: 'streaming', parentToolCallId: null, depth: 0 },
        Vector.empty(),
        AppendList.from([]),
      ),
    );
    RunRecord.pushStep(run, { index: 0 });
    const published = run.steps;
    const next = RunRecord.copy(run);
    RunRecord.setStep(next, 0, { index: 0, finishReason: 'tool-calls' });
    RunRecord.pushStep(next, { index: 1 });
    expect(run.steps).toBe(published);
    expect(published).toEqual([{ index: 0 }]);
    expect(next.steps).toEqual([{ index: 0, finishReason: 'tool-calls' }, { index: 1 }]);
    expect(RunRecord.copy(JSON.parse(JSON.stringify(next))).steps).toEqual(next.steps);
  });

  it('carries only the optional fields a run has', () => {
    const run = new RunRecord(
      { runId: 'r', status: 'streaming', parentToolCallId: null, depth: 0 },
      Vector.empty(),
      AppendList.from([]),
    );
    expect(Object.keys(RunRecord.copy(run))).toEqual([
      'runId',
      'status',
      'parentToolCallId',
      'depth',
    ]);
    const rebuilt = RunRecord.copy(
      JSON.parse(JSON.stringify({ ...fullRun(), parts: [], toolCallIds: [], steps: [] })),
    );
    expect(Object.keys(rebuilt)).toEqual([...RUN_FIELDS]);
  });

  it('writes its fields to JSON in one order, whether it was copied or edited in place', () => {
    const run = new RunRecord(
      { runId: 'r', status: 'streaming', parentToolCallId: null, depth: 0 },
      Vector.empty(),
      AppendList.from([]),
    ) as { -readonly [K in keyof RunRecord]: RunRecord[K] };
    run.endedAt = 2;
    run.agentId = 'agent';
    const keys = (value: unknown) => Object.keys(JSON.parse(JSON.stringify(value)));
    const order = ['runId', 'agentId', 'status', 'parentToolCallId', 'depth', 'endedAt'];
    expect(keys(run)).toEqual([...order, 'steps', 'parts', 'toolCallIds']);
    expect(keys(RunRecord.copy(run))).toEqual(keys(run));
  });
});
