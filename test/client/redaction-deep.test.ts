// @vitest-environment node
import { reduceAll, shownValue, type ToolCallState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { neverShows } from '../utils/shown';

/**
 * A subagent's result carries the calls of its own subagents raw, at every depth
 * (`subAgentToolResults[].result.subAgentToolResults[]…`). A value a display transform hides
 * deep in the tree must be hidden in the results of every call above it, in every run of a store.
 */

/** A headline the innermost tool returns and no agent repeats in its text. */
const HEADLINE = 'Berlin: new rail line opens';
/** The clerk subagent's thread id, found only in the clerk's raw result. */
const CLERK_THREAD = '64dcbde0-5a86-471a-95f8-df1d4f088a55';

const hideHeadlines = {
  headlinesTool: { input: () => ({ topic: '•' }), output: () => ({ headlines: 'hidden' }) },
};

/** The recording again as a later run of the same conversation: new run ids, same call ids. */
function laterRun(chunks: readonly unknown[]): unknown[] {
  const runIds = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const { runId } = value as { runId?: unknown };
    if (typeof runId === 'string') runIds.add(runId);
    Object.values(value).forEach(walk);
  };
  chunks.forEach(walk);
  let text = JSON.stringify(chunks);
  for (const id of runIds) text = text.replaceAll(id, `${id.slice(0, -2)}ff`);
  return JSON.parse(text) as unknown[];
}

/** The `subAgentToolResults` of a result. */
const entriesOf = (result: unknown) =>
  (result as { subAgentToolResults: Record<string, unknown>[] }).subAgentToolResults;
/** What a call shows as its output. */
const outputOf = (call: ToolCallState | undefined) => shownValue(call?.output ?? { kind: 'none' });

describe('a hidden value three subagents deep', () => {
  const chunks = loadFixture('subagent-three-deep');

  it('travels raw in the result of every agent call above it', () => {
    const manager = reduceAll(chunks).toolCalls.get('call-manager-1')!;
    expect(JSON.stringify(manager.raw.output)).toContain(HEADLINE);
  });

  it('is hidden in the results of every call above it, after any chunk', () => {
    const state = neverShows([...chunks, { type: 'toolpane/stream-end' }], [HEADLINE], {
      transforms: hideHeadlines,
    });
    // The innermost call shows its transformed value wherever a result quotes it.
    const [analyst] = entriesOf(outputOf(state.toolCalls.get('call-manager-1')));
    const [clerk] = entriesOf(analyst?.result);
    const [headlines] = entriesOf(clerk?.result);
    expect(headlines).toMatchObject({ result: { headlines: 'hidden' }, args: { topic: '•' } });
  });

  it('stays hidden when a later run of the store repeats the call ids', () => {
    const both = [...chunks, ...laterRun(chunks), { type: 'toolpane/stream-end' }];
    const state = neverShows(both, [HEADLINE], { transforms: hideHeadlines });
    expect(state.runOrder).toHaveLength(2);
    expect(state.toolCalls.get('call-manager-1#2')?.output.kind).toBe('transformed');
  });

  it("matches a result with its own run's call when a deeper call repeats its id", () => {
    // Models that number calls per run give the innermost call the clerk's id.
    const repeated = JSON.parse(
      JSON.stringify(chunks).replaceAll('call-headlines-deep-1', 'call-clerk-1'),
    ) as unknown[];
    const transforms = { 'agent-clerk': { output: () => ({ summary: 'by the app' }) } };
    const state = neverShows(repeated, [CLERK_THREAD], { transforms });
    const [clerk] = entriesOf(outputOf(state.toolCalls.get('call-analyst-1')));
    expect(clerk).toMatchObject({ toolName: 'agent-clerk', result: { summary: 'by the app' } });
  });
});
