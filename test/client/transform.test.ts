import { createToolpaneStore, reduceAll, type ToolpaneState } from '@toolpane/client';
import { inspectState } from '@toolpane/client/inspect';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

const SECRETS = ['sk-se', 'hunter2', 'eyJhbGciOiJIUzI1NiJ9'];

/** Everything a UI could show: displayed values, approvals and suspensions, progress. */
function shown(state: ToolpaneState): string {
  const calls = [...state.toolCalls.values()].map((call) => ({
    input: call.input,
    output: call.output,
    error: call.error,
    progress: call.progress,
    approval: call.approval?.args,
    suspension: call.suspension?.payload,
  }));
  return JSON.stringify([inspectState(state), calls]);
}

describe.each([
  'transform-input-streamed',
  'transform-input-whole',
  'transform-agent-policy',
  'transform-failed',
])('display transform: %s', (name) => {
  const chunks = loadFixture(name);

  it('never shows a raw secret at any point of the stream', () => {
    const store = createToolpaneStore();
    for (const chunk of chunks) {
      store.dispatch(chunk);
      const text = shown(store.getState());
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
  });

  it('keeps the raw values reachable for the app', () => {
    const state = reduceAll(chunks);
    const call = [...state.toolCalls.values()][0]!;
    expect(call.displayTransform).toBe('display');
    expect(call.raw.input).toBeDefined();
    expect(call.raw.output).toBeDefined();
  });
});

describe('transformed values', () => {
  it('shows the transformed input once it arrives after streamed arguments', () => {
    const state = reduceAll(loadFixture('transform-input-streamed'));
    const call = state.toolCalls.get('call-crm-1')!;
    expect(call.input).toEqual({
      kind: 'transformed',
      value: { query: 'Ada Lovelace', apiKey: '••••' },
    });
    expect(call.raw.input).toMatchObject({ apiKey: 'sk-secret-123' });
    expect(call.output.kind).toBe('transformed');
  });

  it('hides streamed input deltas while the transform is pending', () => {
    const chunks = loadFixture('transform-input-streamed');
    const firstCall = chunks.findIndex((c) => (c as { type: string }).type === 'tool-call');
    const state = reduceAll(chunks.slice(0, firstCall + 1));
    const call = state.toolCalls.get('call-crm-1')!;
    expect(call.input.kind).toBe('hidden');
    expect(call.inputText).toContain('sk-secret-123');
  });

  it('applies an agent-level policy to every call', () => {
    const state = reduceAll(loadFixture('transform-agent-policy'));
    expect(inspectState(state).toolCalls[0]).toMatchObject({
      toolName: 'loginTool',
      input: { username: 'ada', password: '[redacted]' },
      output: { user: 'ada', token: '[redacted]', expiresIn: 3600 },
    });
  });

  it('shows a placeholder, never the raw value, when the transform failed', () => {
    const state = reduceAll(loadFixture('transform-failed'));
    const call = state.toolCalls.get('call-export-1')!;
    expect(call.output).toEqual({
      kind: 'hidden',
      reason: 'failed',
      message: 'Tool output-available payload unavailable',
    });
    expect(call.raw.output).toBeDefined();
  });
});

describe('client-side transforms', () => {
  it('transforms values when the server sends no metadata, with the same rules', () => {
    const state = reduceAll(loadFixture('tool-call-then-text'), {
      transforms: {
        weatherTool: {
          input: (input) => ({ city: String((input as { city: string }).city).toUpperCase() }),
          output: () => {
            throw new Error('boom');
          },
        },
      },
    });
    const call = state.toolCalls.get('call-1')!;
    expect(call.input).toEqual({ kind: 'transformed', value: { city: 'PARIS' } });
    expect(call.output).toEqual({
      kind: 'hidden',
      reason: 'failed',
      message: 'Tool output-available payload unavailable',
    });
    expect(JSON.stringify(inspectState(state))).not.toContain('sunny');
  });

  it('shows the placeholder for a phase the client transform does not cover', () => {
    const state = reduceAll(loadFixture('tool-call-then-text'), {
      transforms: { '*': { input: (input) => input } },
    });
    expect(state.toolCalls.get('call-1')?.output).toEqual({
      kind: 'transformed',
      value: { message: 'Tool output-available payload unavailable' },
    });
  });
});
