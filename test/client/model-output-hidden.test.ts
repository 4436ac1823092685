// @vitest-environment node
import { type ReduceOptions, reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * What the model saw of a result (`toModelOutput`) is made from the raw result: a subagent's tool
 * whose display transform hides its token tells the model the token (scripts/record/
 * model-output.ts). Natively the inner call's chunks carry the transform; the AI SDK snapshots of
 * the subagent carry none, so their values, what the model saw included, stay hidden.
 */

const SECRET = 'tok-model-secret-88';

const RECORDINGS: readonly [string, ReduceOptions][] = [
  ['subagent-model-output', {}],
  ['subagent-model-output-aisdk', { formats: [aiSdk] }],
];

describe.each(RECORDINGS)('%s', (name, options) => {
  const chunks = [...loadFixture(name), { type: 'toolpane/stream-end' }];

  it('carries the token the model was told', () => {
    expect(JSON.stringify(chunks)).toContain(SECRET);
  });

  it('never shows it after any chunk, nor in a snapshot', () => {
    const state = neverShows(chunks, [SECRET], options);
    expect(JSON.stringify(serializeState(state))).not.toContain(SECRET);
    expect(everythingShown(deserializeState(serializeState(state)))).not.toContain(SECRET);
  });

  it('keeps what the model saw of the hidden call out of sight, not lost', () => {
    const state = reduceAll(chunks, options);
    const inner = [...state.toolCalls.values()].find((call) => call.toolName === 'badgeTool');
    expect(inner?.modelOutput).toBeUndefined();
    expect(JSON.stringify(inner?.raw.modelOutput)).toContain(SECRET);
  });
});
