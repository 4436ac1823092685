import { act, render } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider, useToolCall, useToolCallIds } from '@toolpane/react';
import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures.js';
import { keysRead } from '../utils/keys-read.js';

type Chunk = { readonly type: string; readonly payload?: { readonly toolCallId?: string } };

const CALLS = 50;

/** The recorded weather run with `count` copies of its call, each stopped after its first delta. */
function openCalls(count: number) {
  const chunks = loadFixture('tool-then-text') as Chunk[];
  const forCall = (chunk: Chunk, i: number): unknown =>
    JSON.parse(JSON.stringify(chunk).replaceAll('"call-weather-1"', `"call-weather-${i}"`));
  const ofType = (type: string) => chunks.filter((chunk) => chunk.type === type);
  const head = chunks.slice(0, chunks.indexOf(ofType('tool-call-input-streaming-start')[0]!));
  const [start] = ofType('tool-call-input-streaming-start');
  const [delta1, delta2] = ofType('tool-call-delta');
  const out: unknown[] = [...head];
  for (let i = 0; i < count; i++) out.push(forCall(start!, i), forCall(delta1!, i));
  return { chunks: out, nextDelta: (i: number) => forCall(delta2!, i) };
}

const Card = memo(function Card({ id }: { id: string }) {
  return <p>{useToolCall(id)?.inputText}</p>;
});

function List({ toolName }: { toolName?: string }) {
  const ids = useToolCallIds(toolName === undefined ? undefined : { toolName });
  return ids.map((id) => <Card key={id} id={id} />);
}

describe('hooks run only the selectors of what a chunk touched', () => {
  for (const toolName of [undefined, 'weatherTool']) {
    it(`a delta to one of ${CALLS} calls reads that call only (useToolCallIds(${toolName ?? ''}) + useToolCall)`, () => {
      const { chunks, nextDelta } = openCalls(CALLS);
      let flush: (() => void) | undefined;
      const store = createToolpaneStore({
        notify: (f) => {
          flush = f;
        },
      });
      store.dispatchMany(chunks);
      store.flush();
      render(
        <ToolpaneProvider store={store}>
          <List toolName={toolName} />
        </ToolpaneProvider>,
      );
      for (const i of [0, 17, CALLS - 1]) {
        const before = store.getState();
        store.dispatch(nextDelta(i));
        const run = flush;
        flush = undefined;
        const read = keysRead(before, () => act(() => run?.()));
        const others = [...read].filter(
          (key) => key.startsWith('call-weather-') && key !== `call-weather-${i}`,
        );
        // A list filtered by name must hear about every call (a name can arrive late), so it
        // scans; the plain list and the cards do not.
        if (toolName === undefined) expect(others).toEqual([]);
        else expect(others.length).toBe(CALLS - 1);
        expect(read.has(`call-weather-${i}`)).toBe(true);
      }
    });
  }
});
