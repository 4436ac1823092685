import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { countWork } from '../utils/count';

/*
 * A history rebuild costs work linear in what it reads, however the messages pile up: many tool
 * parts in one assistant message (each ends an earlier call with its id, or none does), many
 * `agent-*` calls, and many subagent snapshots (`data-tool-agent`) matched back to them by text,
 * by agent id or by order. Ten times the parts may cost at most twenty times the work (`countWork`:
 * Map reads, array scans, string searches), where a walk of the earlier parts per part costs a
 * hundred.
 */

const BOUND = 20;
const SMALL = 500;
const LARGE = 5_000;

/** One assistant message with these parts. */
const message = (parts: unknown[]) => [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Go' }] },
  { id: 'a', role: 'assistant', parts },
];

const tool = (toolName: string, toolCallId: string, i: number, state = 'output-available') => ({
  type: `tool-${toolName}`,
  toolCallId,
  state,
  input: { i },
  ...(state === 'output-available' ? { output: { text: `answer ${i}` } } : {}),
});

/** A subagent snapshot: the agent's id, its text, the calls it made. */
const snapshot = (i: number, agentId: string, text: string) => ({
  type: 'data-tool-agent',
  id: `snap-${i}`,
  data: { id: agentId, text, toolCalls: [], toolResults: [], steps: [], status: 'finished' },
});

const SHAPES: readonly (readonly [string, (n: number) => unknown[]])[] = [
  [
    'tool parts with distinct ids',
    (n) => message(Array.from({ length: n }, (_, i) => tool('lookup', `c${i}`, i))),
  ],
  [
    'tool parts that all repeat one id',
    (n) => message(Array.from({ length: n }, (_, i) => tool('lookup', 'c', i))),
  ],
  [
    'tool parts repeating one id, every other one without an outcome',
    (n) =>
      message(
        Array.from({ length: n }, (_, i) =>
          tool('lookup', 'c', i, i % 2 ? 'input-available' : 'output-available'),
        ),
      ),
  ],
  [
    'agent calls with distinct ids',
    (n) => message(Array.from({ length: n }, (_, i) => tool('agent-helper', `c${i}`, i))),
  ],
  [
    'agent calls, then a snapshot of each matched by its text, newest first',
    (n) => {
      const k = Math.floor(n / 2);
      const calls = Array.from({ length: k }, (_, i) => tool('agent-helper', `c${i}`, i));
      const snaps = Array.from({ length: k }, (_, j) =>
        snapshot(j, 'helper', `answer ${k - 1 - j}`),
      );
      return message([...calls, ...snaps]);
    },
  ],
  [
    'agent calls of many agents, then a snapshot of each matched by its agent id',
    (n) => {
      const k = Math.floor(n / 2);
      const calls = Array.from({ length: k }, (_, i) =>
        tool(`agent-a${i}x`, `c${i}`, i, 'input-available'),
      );
      const snaps = Array.from({ length: k }, (_, j) => snapshot(j, `a${k - 1 - j}x`, ''));
      return message([...calls, ...snaps]);
    },
  ],
  [
    'agent calls of many agents, then snapshots that match none but by order',
    (n) => {
      const k = Math.floor(n / 2);
      const calls = Array.from({ length: k }, (_, i) =>
        tool(`agent-a${i}x`, `c${i}`, i, 'input-available'),
      );
      const snaps = Array.from({ length: k }, (_, j) => snapshot(j, 'other', 'unmatched'));
      return message([...calls, ...snaps]);
    },
  ],
];

describe('a history rebuild costs work linear in its parts', () => {
  for (const [name, make] of SHAPES) {
    it(name, () => {
      const small = make(SMALL);
      const large = make(LARGE);
      const a = countWork(() => stateFromUIMessages(small));
      const b = countWork(() => stateFromUIMessages(large));
      expect(b / Math.max(a, SMALL)).toBeLessThanOrEqual(BOUND);
    });
  }

  it('matches each snapshot to the call it ran under', () => {
    const calls = [
      tool('agent-a1x', 'c1', 1),
      tool('agent-a2x', 'c2', 2),
      tool('agent-b', 'c3', 3),
    ];
    const state = stateFromUIMessages(
      message([
        ...calls,
        snapshot(1, 'a2x', ''),
        snapshot(2, 'zz', 'answer 3'),
        snapshot(3, 'q', ''),
      ]),
    );
    // By agent id (`a2x` holds the key of agent-a2x only), by text, then the first call left.
    const under = (key: string) => state.toolCalls.get(key)?.childRunIds;
    expect([under('c1'), under('c2'), under('c3')]).toEqual([['snap-3'], ['snap-1'], ['snap-2']]);
  });

  it('matches by agent id among more agents than the id has parts', () => {
    const k = 40;
    const calls = Array.from({ length: k }, (_, i) => tool(`agent-a${i}x`, `c${i}`, i));
    const snaps = Array.from({ length: k }, (_, j) => snapshot(j, `a${k - 1 - j}x`, ''));
    const state = stateFromUIMessages(message([...calls, ...snaps]));
    for (let i = 0; i < k; i++) {
      expect(state.toolCalls.get(`c${i}`)?.childRunIds).toEqual([`snap-${k - 1 - i}`]);
    }
  });
});
