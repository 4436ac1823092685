// @vitest-environment node
import { createToolpaneStore, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * A model may write a key named `__mastraMetadata` into its tool arguments. @mastra/core 1.71.0
 * passes it on to the tool's `execute` (checked by running an agent with a mock model: the tool
 * got `{ id, __mastraMetadata }`; only Mastra's channel summaries leave the key out), so the card
 * shows the arguments whole: what a person approves is what the tool gets. Recorded requests,
 * native (plain and nested) and AI SDK, are read with the key added to the arguments they carry.
 */

const EXTRA = { from: 'USER', note: 'written by the model' };

type Chunk = Record<string, unknown> & { type: string };

/** The chunk, at any depth of `tool-output` wrappers, with `__mastraMetadata` in its arguments. */
function withKey(chunk: Chunk): Chunk {
  const payload = chunk.payload as Record<string, unknown> | undefined;
  if (chunk.type === 'tool-output' && payload?.output !== undefined) {
    return { ...chunk, payload: { ...payload, output: withKey(payload.output as Chunk) } };
  }
  if (typeof payload?.args === 'object' && payload.args !== null) {
    return {
      ...chunk,
      payload: { ...payload, args: { ...payload.args, __mastraMetadata: EXTRA } },
    };
  }
  const data = chunk.data as Record<string, unknown> | undefined;
  if (typeof data?.args === 'object' && data.args !== null) {
    return { ...chunk, data: { ...data, args: { ...data.args, __mastraMetadata: EXTRA } } };
  }
  if (chunk.type === 'tool-input-available') {
    return { ...chunk, input: { ...(chunk.input as object), __mastraMetadata: EXTRA } };
  }
  return chunk;
}

function read(name: string, aisdk = false): ToolpaneState {
  const store = createToolpaneStore(aisdk ? { formats: [aiSdk] } : {});
  store.dispatchMany((loadFixture(name) as Chunk[]).map(withKey));
  return store.getState();
}

describe('arguments a model wrote under __mastraMetadata', () => {
  it.each([
    ['approval-request', 'call-del-1'],
    ['nested-approval-request', 'call-del-sub-1'],
    ['parallel-subagent-approval-request', 'call-del-sub-1'],
  ])('%s: the card shows them whole', (name, key) => {
    const call = read(name).toolCalls.get(key)!;
    expect(call.status).toBe('approval-requested');
    expect(call.approval?.args).toMatchObject({ kind: 'raw', value: { __mastraMetadata: EXTRA } });
    expect(call.input).toMatchObject({ kind: 'raw', value: { __mastraMetadata: EXTRA } });
  });

  it('aisdk-v6-parallel-approval-request: the card shows them whole', () => {
    const state = read('aisdk-v6-parallel-approval-request', true);
    const call = [...state.toolCalls.values()].find((c) => c.toolCallId === 'call-par-del-a')!;
    expect(call.approval?.args).toMatchObject({ kind: 'raw', value: { __mastraMetadata: EXTRA } });
  });
});
