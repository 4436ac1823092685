// @vitest-environment node
import { createToolpaneStore, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { type Lists, listsOf } from '../../packages/client/src/state/state-root.js';
import { loadFixture } from '../utils/fixtures';

/**
 * A published state never changes, whatever comes after it. Within an epoch the draft edits what
 * it copied in place (entities, the growing lists, the stream's cursor); these tests hold every
 * snapshot a store published after every chunk and check, once all chunks are in, that each still
 * reads as it did: its JSON, its lists and its cursor. Runs that move the cursor on every chunk
 * (subagents three deep, parallel subagents, several runs in one store, AI SDK messages) are
 * where an edit in place of something already published would show.
 */

const END = { type: 'toolpane/stream-end' };

const STREAMS: Record<string, readonly unknown[]> = {
  'subagents three deep': loadFixture('subagent-three-deep'),
  'parallel subagents': loadFixture('subagents-parallel'),
  'long names, a workflow inside': loadFixture('subagent-long-names'),
  'two runs and an approval': [
    ...loadFixture('approval-request'),
    END,
    ...loadFixture('approval-approved'),
    ...loadFixture('tool-then-text'),
  ],
  'AI SDK, two messages': [
    ...loadFixture('aisdk-v6'),
    END,
    ...loadFixture('aisdk-v6-nested-suspend'),
  ],
  'invalid and unknown chunks between runs': [
    ...loadFixture('tool-progress'),
    { type: 'text-delta', payload: { text: 'no id' } },
    { type: 'made-up-chunk', runId: 'x', payload: {} },
    ...loadFixture('subagent-two-level'),
  ],
};

interface Seen {
  readonly state: ToolpaneState;
  readonly json: string;
  readonly lists: Lists;
  readonly listFields: Lists;
  readonly cursor: Lists['cursor'];
}

function see(state: ToolpaneState): Seen {
  const lists = listsOf(state);
  return {
    state,
    json: JSON.stringify(state),
    lists,
    listFields: { ...lists },
    cursor: { ...lists.cursor },
  };
}

describe('published states', () => {
  it.each(Object.keys(STREAMS))('never change after later chunks: %s', (name) => {
    const store = createToolpaneStore();
    const seen: Seen[] = [];
    store.subscribe(() => seen.push(see(store.getState())));
    for (const chunk of STREAMS[name] ?? []) store.dispatch(chunk);
    store.dispatch(END);
    expect(seen.length).toBeGreaterThan(10);
    for (const [step, before] of seen.entries()) {
      const now = listsOf(before.state);
      expect(now, `lists object of snapshot ${step}`).toBe(before.lists);
      expect({ ...now }, `lists of snapshot ${step}`).toEqual(before.listFields);
      for (const key of Object.keys(before.listFields) as (keyof Lists)[]) {
        expect(now[key], `${key} of snapshot ${step}`).toBe(before.listFields[key]);
      }
      expect(now.cursor, `cursor of snapshot ${step}`).toEqual(before.cursor);
      expect(JSON.stringify(before.state), `JSON of snapshot ${step}`).toBe(before.json);
    }
  });
});
