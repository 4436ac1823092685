/**
 * Adversarial shapes of a run that ends again and again: a `finish`, an `error` or an `abort`
 * after every call, so each end comes with one new call; and errors between calls that hide their
 * arguments, each error searched for what the run's calls hide. Mastra ends a run once; a stream
 * that ends one many times must still cost what it carries, not what each end could look at.
 * Part of the bench's `SHAPES`.
 */
import type { Shape } from './conversation-shapes.ts';

const RUN = 'run-shape';
const chunk = (type: string, payload: unknown, metadata?: unknown) => ({
  type,
  runId: RUN,
  from: 'AGENT',
  payload,
  ...(metadata === undefined ? {} : { metadata }),
});

/** Fills `out` with `make(i)` until it holds `count` chunks. */
function fill(out: unknown[], count: number, make: (i: number) => unknown[]): unknown[] {
  for (let i = 0; out.length < count; i++) {
    for (const value of make(i)) if (out.length < count) out.push(value);
  }
  return out;
}

const start = () => chunk('start', { id: 'agent', messageId: 'm' });
const call = (i: number, metadata?: unknown) =>
  chunk(
    'tool-call',
    { toolCallId: `c${i}`, toolName: 'vault', args: { key: `sk-${i}-key` } },
    metadata,
  );

/** Transform metadata that hides a call's arguments. */
const HIDES = {
  mastra: {
    toolPayloadTransform: { display: { 'input-available': { transformed: { key: 'hidden' } } } },
  },
};

/** The ending shapes. */
export const ENDINGS: readonly Shape[] = [
  {
    name: 'ends: a call, then the run finishes, again and again',
    chunks: (n) =>
      fill([start()], n, (i) => [call(i), chunk('finish', { stepResult: { reason: 'stop' } })]),
  },
  {
    name: 'ends: a call, then the run fails, again and again',
    chunks: (n) =>
      fill([start()], n, (i) => [call(i), chunk('error', { error: { message: 'failed' } })]),
  },
  {
    name: 'ends: a call, then the run is aborted, again and again',
    chunks: (n) => fill([start()], n, (i) => [call(i), chunk('abort', {})]),
  },
  {
    name: 'ends: a call hiding its arguments, then an error quoting them',
    chunks: (n) =>
      fill([start()], n, (i) => [
        call(i, HIDES),
        chunk('error', { error: { message: `failed with sk-${i}-key` } }),
      ]),
  },
  {
    name: 'ai: ends: a call, then the message finishes, again and again',
    format: 'ai-sdk',
    chunks: (n) =>
      fill([{ type: 'start', messageId: 'm' }], n, (i) => [
        { type: 'tool-input-available', toolCallId: `c${i}`, toolName: 'vault', input: { i } },
        { type: 'finish' },
      ]),
  },
];
