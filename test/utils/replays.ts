import type { ReduceOptions, ToolCallState, ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { serializeState } from '@toolpane/client/history';
import { fixtureNames, loadFixture } from './fixtures';

/** The chunk a session adds when its stream ends (`toolpane/stream-end`). */
export const END = { type: 'toolpane/stream-end' } as const;

/** Whether recording `name` is an AI SDK UI stream (its name says `aisdk`). */
export const isAiSdkRecording = (name: string): boolean => name.includes('aisdk');

type ResultChunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

/**
 * Recording `name`'s result chunk made a failure whose message quotes `quote`: a native
 * `tool-error`, or an AI SDK `tool-output-error`.
 */
export const failing =
  (name: string, quote: string) =>
  (chunk: ResultChunk): ResultChunk =>
    isAiSdkRecording(name)
      ? { type: 'tool-output-error', toolCallId: chunk.toolCallId, errorText: `failed: ${quote}` }
      : {
          ...chunk,
          type: 'tool-error',
          payload: { ...chunk.payload, result: undefined, error: { message: `failed: ${quote}` } },
        };

/** Recording `name`'s result chunk made a result that quotes `quote` (as a workflow's result). */
export const answering =
  (name: string, quote: string) =>
  (chunk: ResultChunk): ResultChunk =>
    isAiSdkRecording(name)
      ? { ...chunk, output: { result: { passed: quote } } }
      : { ...chunk, payload: { ...chunk.payload, result: { result: { passed: quote } } } };

/** Mastra's own error chunk (a model that failed), failing the run `runId` with `message`. */
export function runError(name: string, runId: unknown, message: string): ResultChunk {
  if (isAiSdkRecording(name)) return { type: 'error', errorText: message };
  const recorded = (loadFixture('model-error') as ResultChunk[]).find((c) => c.type === 'error')!;
  const error = { ...(recorded.payload!.error as object), message };
  return { ...recorded, runId, payload: { ...recorded.payload, error } };
}

/** Whether `chunk` of recording `name` is the result of the top-level call `owner`. */
export function endsOwner(name: string, chunk: ResultChunk, owner: ToolCallState): boolean {
  if (isAiSdkRecording(name)) {
    return chunk.type === 'tool-output-available' && chunk.toolCallId === owner.toolCallId;
  }
  return chunk.type === 'tool-result' && chunk.payload?.toolCallId === owner.toolCallId;
}

/** The options recording `name` is read with: a fixed clock, and the AI SDK format where it is one. */
export const recordingOptions = (name: string): ReduceOptions => ({
  now: () => 0,
  ...(isAiSdkRecording(name) ? { formats: [aiSdk] } : {}),
});

/**
 * Recordings that open with their run's `start` (an AI SDK one with its messageId, the run's
 * identity): those a reconnect can send again whole.
 */
export const startedRecordings = (): string[] =>
  fixtureNames().filter((name) => {
    const [first] = loadFixture(name) as Record<string, unknown>[];
    return (
      first?.type === 'start' && (!isAiSdkRecording(name) || typeof first.messageId === 'string')
    );
  });

/**
 * A state as it is kept: every run, call and issue, without the chunks kept uninterpreted and the
 * cursor. `transport: false` leaves out the transport issues too (a break that happened stays said,
 * where a read without it has none).
 */
export function keptState(state: ToolpaneState, { transport = true } = {}): unknown {
  const json = serializeState(state, { raw: true }) as unknown as Record<string, unknown>;
  const { unknownChunks: _unknown, cursor: _cursor, issues, ...rest } = json;
  const all = issues as { kind: string }[];
  return { ...rest, issues: transport ? all : all.filter((issue) => issue.kind !== 'transport') };
}
