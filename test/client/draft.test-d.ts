import { describe, expectTypeOf, it } from 'vitest';
import { Draft } from '../../packages/client/src/state/draft.js';
import { initialState } from '../../packages/client/src/state/state-root.js';

describe('Draft edits are typed by the field they edit', () => {
  const draft = new Draft(initialState);
  const run = draft.run('run-1')!;
  const call = draft.toolCall('call-1')!;

  it('takes only items of the array it appends to', () => {
    draft.push(run, 'parts', { type: 'text', id: 't', text: 'hi', state: 'streaming' });
    draft.push(run, 'toolCallIds', 'call-1');
    draft.push(draft.state(), 'unknownChunks', { anything: true });
    // @ts-expect-error a misspelled part type
    draft.push(run, 'parts', { type: 'txt', id: 't', text: 'hi', state: 'streaming' });
    // @ts-expect-error a part without its required fields
    draft.push(run, 'parts', { type: 'tool-call' });
    // @ts-expect-error an id list holds strings
    draft.push(run, 'toolCallIds', 42);
    // @ts-expect-error a call's progress holds display values, not raw values
    draft.push(call, 'progress', 'raw text');
  });

  it('appends only to array fields', () => {
    // @ts-expect-error `status` is no array
    draft.push(run, 'status', 'finished');
    // @ts-expect-error no such field
    draft.push(run, 'partz', { type: 'error', message: 'x' });
  });

  it('gives a writable field its own type', () => {
    expectTypeOf(draft.field(run, 'parts')).toEqualTypeOf<(typeof run.parts)[number][]>();
    expectTypeOf(draft.field(run, 'steps')).toEqualTypeOf<(typeof run.steps)[number][]>();
    // @ts-expect-error a string field is no object to edit in place
    draft.field(run, 'runId');
  });
});
