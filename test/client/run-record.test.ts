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
    const run = new RunRecord(fields, parts, AppendList.from(['call-1']));
    const copy = RunRecord.copy(run);
    expect(copy).not.toBe(run);
    expect(Object.keys(run)).toEqual([...RUN_FIELDS]);
    expect(Object.keys(copy)).toEqual([...RUN_FIELDS]);
    for (const key of RUN_FIELDS) expect(copy[key]).toBe(fields[key]);
    expect(copy.parts).toEqual(run.parts);
    expect(copy.toolCallIds).toEqual(['call-1']);
  });

  it('carries only the optional fields a run has', () => {
    const run = new RunRecord(
      { runId: 'r', status: 'streaming', parentToolCallId: null, depth: 0, steps: [] },
      Vector.empty(),
      AppendList.from([]),
    );
    expect(Object.keys(RunRecord.copy(run))).toEqual([
      'runId',
      'status',
      'parentToolCallId',
      'depth',
      'steps',
    ]);
    const rebuilt = RunRecord.copy(
      JSON.parse(JSON.stringify({ ...fullRun(), parts: [], toolCallIds: [] })),
    );
    expect(Object.keys(rebuilt)).toEqual([...RUN_FIELDS]);
  });

  it('writes its fields to JSON in one order, whether it was copied or edited in place', () => {
    const run = new RunRecord(
      { runId: 'r', status: 'streaming', parentToolCallId: null, depth: 0, steps: [] },
      Vector.empty(),
      AppendList.from([]),
    ) as { -readonly [K in keyof RunRecord]: RunRecord[K] };
    run.endedAt = 2;
    run.agentId = 'agent';
    const keys = (value: unknown) => Object.keys(JSON.parse(JSON.stringify(value)));
    const order = ['runId', 'agentId', 'status', 'parentToolCallId', 'depth', 'steps', 'endedAt'];
    expect(keys(run)).toEqual([...order, 'parts', 'toolCallIds']);
    expect(keys(RunRecord.copy(run))).toEqual(keys(run));
  });
});
