// @vitest-environment node
import { reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { loadFixture } from '../utils/fixtures';

/**
 * Mastra re-emits a subagent tool's `writer.custom` data chunks unwrapped, at the top of the
 * stream. They belong to the subagent run whose tool wrote them, at any depth, on both formats.
 */

const END = { type: 'toolpane/stream-end' };

/** Each run's data part names, by the run's depth. */
function dataByDepth(state: ToolpaneState): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const run of state.runs.values()) {
    for (const part of run.parts) {
      if (part.type === 'data') out[run.depth] = [...(out[run.depth] ?? []), part.name];
    }
  }
  return out;
}

describe('data parts written inside subagents', () => {
  it('go to the subagent two levels down that wrote them (native)', () => {
    const state = reduceAll([...loadFixture('subagent-two-level'), END]);
    expect(dataByDepth(state)).toEqual({ 2: ['station-status'] });
  });

  it('go to the subagent two levels down that wrote them (AI SDK)', async () => {
    const state = reduceAll([...(await throughAiSdk(loadFixture('subagent-two-level'))), END], {
      formats: [aiSdk],
    });
    expect(state.format).toBe('ai-sdk');
    expect(dataByDepth(state)).toEqual({ 2: ['station-status'] });
  });

  it('stay on the top-level run when a top-level tool wrote them', () => {
    const state = reduceAll([...loadFixture('tool-progress'), END]);
    expect(dataByDepth(state)).toEqual({ 0: ['progress'] });
  });

  it('go to the right run when several runs share one store', () => {
    const state = reduceAll([
      ...loadFixture('subagent-two-level'),
      END,
      ...loadFixture('tool-progress'),
      END,
    ]);
    expect(dataByDepth(state)).toEqual({ 0: ['progress'], 2: ['station-status'] });
  });
});
