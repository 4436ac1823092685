/**
 * Adversarial shapes where one thing grows inside one entity: the steps of one run, the steps of
 * the workflow one `workflow-*` call runs, the streamed arguments of one call (each natively and
 * on the AI SDK path). Part of the bench's `SHAPES`; each added item must cost O(1) (or O(log n))
 * per published snapshot, not a copy of what the entity already holds.
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
  {
    name: 'workflow steps of one workflow call',
    chunks: (n) => {
      const call = { toolCallId: 'call-workflow', toolName: 'workflow-report' };
      const step = (type: string, payload: unknown) =>
        top('tool-output', {
          ...call,
          output: { type, runId: 'run-wf', from: 'WORKFLOW', payload },
        });
      return fill([start(), top('tool-call', { ...call, args: {} })], n, (i) => [
        step('workflow-step-start', { id: `s${i}`, status: 'running', payload: { i } }),
        step('workflow-step-result', { id: `s${i}`, status: 'success', output: { i } }),
      ]);
    },
  },
  {
    name: 'ai: workflow steps of one workflow call',
    format: 'ai-sdk',
    chunks: (n) => {
      const step = (i: number, status: string, values: object) => ({
        type: 'data-tool-workflow-step',
        id: `run-wf:s${i}`,
        data: { name: 'report', stepId: `s${i}`, step: { name: `s${i}`, status, ...values } },
      });
      return fill(
        [
          { type: 'start', messageId: 'm' },
          { type: 'tool-input-available', toolCallId: 'w', toolName: 'workflow-report', input: {} },
        ],
        n,
        (i) => [step(i, 'running', { input: { i } }), step(i, 'success', { output: { i } })],
      );
    },
  },
  {
    name: 'streamed arguments of one call growing an array',
    chunks: (n) =>
      fill(
        [
          start(),
          top('tool-call-input-streaming-start', { toolCallId: 'c', toolName: 'lookup' }),
          top('tool-call-delta', { toolCallId: 'c', argsTextDelta: '{"items":[' }),
        ],
        n,
        (i) => [top('tool-call-delta', { toolCallId: 'c', argsTextDelta: `${i},` })],
      ),
  },
  {
    name: 'ai: streamed input of one call growing an array',
    format: 'ai-sdk',
    chunks: (n) =>
      fill(
        [
          { type: 'start', messageId: 'm' },
          { type: 'tool-input-start', toolCallId: 'c', toolName: 'lookup' },
          { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"items":[' },
        ],
        n,
        (i) => [{ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: `${i},` }],
      ),
  },
];
