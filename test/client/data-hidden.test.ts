// @vitest-environment node
import {
  createToolpaneStore,
  type RunPart,
  reduceAll,
  type ToolpaneState,
  type ToolpaneStoreOptions,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/**
 * Mastra applies no display transform to what a tool or a workflow step writes with
 * `writer.custom`: the `data-*` chunk carries the value raw, bare at the top of the stream (a
 * tool, at any depth) or inside the workflow call's `tool-output` (a step). In a run where a
 * display transform applies, such a part keeps its name and shows no data.
 */

const END = { type: 'toolpane/stream-end' };

const CASES = [
  {
    file: 'transform-data-hidden',
    secret: 'badge-data-hidden-secret-3307',
    part: 'badge-printed',
    depth: 0,
  },
  {
    file: 'transform-data-streamed-hidden',
    secret: 'badge-data-hidden-secret-3307',
    part: 'badge-printed',
    depth: 0,
  },
  {
    file: 'workflow-data-hidden',
    secret: 'vault-data-hidden-secret-7741',
    part: 'vault-dial',
    depth: 0,
  },
  {
    file: 'subagent-data-hidden',
    secret: 'pass-data-hidden-secret-5150',
    part: 'pass-issued',
    depth: 1,
  },
] as const;

/** Each data part of a state, with the depth of the run that holds it. */
function dataParts(
  state: ToolpaneState,
): Array<Extract<RunPart, { type: 'data' }> & { depth: number }> {
  return [...state.runs.values()].flatMap((run) =>
    run.parts.flatMap((part) => (part.type === 'data' ? [{ ...part, depth: run.depth }] : [])),
  );
}

/** Dispatches `chunks` one at a time, checking every snapshot for `secret`; the last state. */
function everySnapshot(
  chunks: readonly unknown[],
  secret: string,
  options?: ToolpaneStoreOptions,
): ToolpaneState {
  const store = createToolpaneStore(options);
  chunks.forEach((chunk, i) => {
    store.dispatch(chunk);
    const shown = everythingShown(store.getState());
    if (shown.includes(secret)) throw new Error(`${secret} shows after chunk ${i}`);
  });
  return store.getState();
}

describe('data a tool or workflow step writes in a run under a display transform', () => {
  it('is in the recordings raw, so the stream alone does not hide it', () => {
    for (const { file, secret } of CASES) {
      const raw = loadFixture(file).filter((chunk) => JSON.stringify(chunk).includes(secret));
      expect(
        raw.some((chunk) => JSON.stringify(chunk).includes('"data-')),
        file,
      ).toBe(true);
    }
  });

  for (const { file, secret, part, depth } of CASES) {
    it(`${file}: never shows, and the part stays, named, in the run that wrote it (native)`, () => {
      const state = everySnapshot([...loadFixture(file), END], secret);
      expect(dataParts(state)).toEqual([
        { type: 'data', name: part, data: undefined, hidden: true, depth },
      ]);
      expect(dataParts(reduceAll([...loadFixture(file), END]))).toEqual(dataParts(state));
    });
  }

  it('never shows on the AI SDK path once the stream marks the call (deltas dropped)', async () => {
    const { file, secret, part } = CASES[1];
    for (const version of ['v5', 'v6'] as const) {
      for (const includeSubAgentMetadata of [false, true]) {
        const chunks = await throughAiSdk(loadFixture(file), { version, includeSubAgentMetadata });
        const state = everySnapshot([...chunks, END], secret, { formats: [aiSdk] });
        expect(state.format).toBe('ai-sdk');
        expect(dataParts(state).map((p) => [p.name, p.hidden])).toEqual([[part, true]]);
      }
    }
  });

  it('never shows on the AI SDK path when the app names the tool a client transform', async () => {
    // @mastra/ai-sdk forwards the data chunk and the masked input and output with no mark of the
    // transform (client README, Security): only the app can say the tool hides something.
    const { file, secret, part } = CASES[0];
    const chunks = await throughAiSdk(loadFixture(file), { version: 'v6' });
    const state = everySnapshot([...chunks, END], secret, {
      formats: [aiSdk],
      transforms: { issueBadgeTool: { input: (v) => v, output: (v) => v } },
    });
    expect(dataParts(state).map((p) => [p.name, p.hidden])).toEqual([[part, true]]);
  });

  it('shows as it came in a run no display transform touches', () => {
    for (const file of ['tool-progress', 'workflow-step-writer', 'subagent-two-level']) {
      const parts = dataParts(reduceAll([...loadFixture(file), END]));
      expect(parts.length, file).toBeGreaterThan(0);
      for (const p of parts) {
        expect(p.hidden, file).toBeUndefined();
        expect(p.data, file).toBeTypeOf('object');
      }
    }
  });
});
