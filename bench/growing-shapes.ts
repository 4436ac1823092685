/**
 * Adversarial shapes where one thing grows inside one entity: the steps of one run. Part of the
 * bench's `SHAPES`; each added item must cost O(1) (or O(log n)) per published snapshot, not a
 * copy of what the entity already holds.
 */

/** A shape as `shapes.ts` takes it (declared here, so the two files do not import each other). */
interface Shape {
  readonly name: string;
  readonly chunks: (count: number) => unknown[];
  readonly format?: 'ai-sdk';
}

const RUN = 'run-shape';
const top = (type: string, payload: unknown) => ({ type, runId: RUN, from: 'AGENT', payload });
const start = () => top('start', { id: 'agent', messageId: `m-${RUN}` });

/** Fills `out` with `make(i)` until it holds `count` chunks. */
function fill(out: unknown[], count: number, make: (i: number) => unknown[]): unknown[] {
  for (let i = 0; out.length < count; i++) {
    for (const chunk of make(i)) if (out.length < count) out.push(chunk);
  }
  return out;
}

/** The shapes. */
export const GROWING: readonly Shape[] = [
  {
    name: 'steps of one run',
    chunks: (n) =>
      fill([start()], n, () => [
        top('step-start', { messageId: `m-${RUN}` }),
        top('step-finish', { stepResult: { reason: 'tool-calls' } }),
      ]),
  },
];
