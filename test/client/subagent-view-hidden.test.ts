// @vitest-environment node
import { type ReduceOptions, reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { everythingShown, neverShows } from '../utils/shown';

/**
 * A subagent's result (`subAgentToolResults`) quotes its inner calls raw. An `agent-*` call shown
 * as a transform's view (on an AI SDK stream, a call whose input came without deltas reads as
 * display-transformed) still shows its inner calls only as they may be shown: a view is never
 * taken for the end of redaction. Every recording with a subagent whose inner calls hide
 * something, with the `agent-*` calls' input deltas dropped (or retyped to junk, the sequence the
 * property tests found), shows nothing the whole recording hides.
 */

type Chunk = Record<string, unknown>;
const END = { type: 'toolpane/stream-end' };
const isAi = (name: string) => name.includes('aisdk');
const optionsOf = (name: string): ReduceOptions => ({
  ...(isAi(name) ? { formats: [aiSdk] } : {}),
  families: [network],
});

/** The strings of six characters or more in the chunks that a whole read does not show. */
function hiddenIn(chunks: readonly unknown[], state: ToolpaneState): string[] {
  const shown = everythingShown(state);
  const out = new Set<string>();
  JSON.stringify(chunks, (_key, value) => {
    if (typeof value === 'string' && value.length >= 6 && !shown.includes(value)) out.add(value);
    return value;
  });
  return [...out];
}

/** A hidden string that names a secret (ids and the like are not shown either). */
const isSecret = (value: string) =>
  /secret|tok-|password|iban|card/i.test(value) && value.length < 80;

/** The ids of the `agent-*` calls a recording makes at its top level. */
function agentCalls(chunks: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const chunk of chunks as Chunk[]) {
    const p = (chunk.payload ?? chunk) as Chunk;
    if (typeof p.toolName === 'string' && p.toolName.startsWith('agent-')) {
      ids.add(p.toolCallId as string);
    }
  }
  return ids;
}

/** Whether a chunk is an input delta of one of these calls, in either format. */
function isDeltaOf(chunk: Chunk, ids: ReadonlySet<string>): boolean {
  const p = (chunk.payload ?? chunk) as Chunk;
  const delta = chunk.type === 'tool-call-delta' || chunk.type === 'tool-input-delta';
  return delta && ids.has(p.toolCallId as string);
}

const CASES = fixtureNames().filter((name) => {
  const chunks = loadFixture(name);
  if (agentCalls(chunks).size === 0) return false;
  return hiddenIn(chunks, reduceAll([...chunks, END], optionsOf(name))).some(isSecret);
});

describe("a subagent's result shown as a view", () => {
  it('covers recordings with subagents that hide something, in both formats', () => {
    expect(CASES.filter(isAi).length).toBeGreaterThan(2);
    expect(CASES.filter((name) => !isAi(name)).length).toBeGreaterThan(2);
  });

  it.each(CASES)('%s: without the subagent calls input deltas, shows nothing hidden', (name) => {
    const chunks = loadFixture(name) as Chunk[];
    const options = optionsOf(name);
    const hidden = hiddenIn(chunks, reduceAll([...chunks, END], options)).filter(isSecret);
    const ids = agentCalls(chunks);
    neverShows([...chunks.filter((chunk) => !isDeltaOf(chunk, ids)), END], hidden, options);
    // Retyped to junk (read as invalid chunks, so the deltas are lost the same way).
    const junk = chunks.map((chunk) => (isDeltaOf(chunk, ids) ? { ...chunk, type: false } : chunk));
    neverShows([...junk, END], hidden, options);
  });

  it('regression: the sequence the property tests found (seed 31337)', () => {
    // `subagent-transform-aisdk`, its first 35 chunks, the agent call's three input deltas retyped
    // to an id, `reasoning` and `false`: the subagent's result showed `tok-internal-42`.
    const chunks = loadFixture('subagent-transform-aisdk').slice(0, 35) as Chunk[];
    const types: Record<number, unknown> = {
      3: 'reasoning',
      4: 'ec1a6ace-c586-492e-9375-78136ac203c1',
      5: false,
    };
    const sequence = chunks.map((chunk, i) => (i in types ? { ...chunk, type: types[i] } : chunk));
    neverShows(sequence, ['tok-internal-42', 'sk-desk-secret-77'], optionsOf('aisdk'));
  });
});
