/**
 * Adversarial shapes where one thing grows inside one entity: the steps of one run, the steps of
 * the workflow one `workflow-*` call runs (and of a workflow nested in it), the items of one foreach step and the repetitions of one
 * loop step, AI SDK workflow parts beside many open or bound calls, the streamed arguments of one call (each natively and
 * on the AI SDK path), one call's progress and child runs, the steps of one agent network. Part of the bench's `SHAPES`; each added item must cost O(1) (or O(log n))
 * per published snapshot, not a copy of what the entity already holds.
 */

/** A shape as `shapes.ts` takes it (declared here, so the two files do not import each other). */
interface Shape {
  readonly name: string;
  readonly chunks: (count: number) => unknown[];
  readonly format?: 'ai-sdk';
  readonly family?: 'network';
}

const RUN = 'run-shape';
const top = (type: string, payload: unknown) => ({ type, runId: RUN, from: 'AGENT', payload });
const start = () => top('start', { id: 'agent', messageId: `m-${RUN}` });

/** A chunk of the agent network run `run-network`. */
const net = (type: string, payload: unknown) => ({
  type,
  runId: 'run-network',
  from: 'NETWORK',
  payload,
});

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
    // As in test/fixtures/workflow-nested-deep.jsonl: a nested workflow two deep, each of its
    // steps named `<step>.<nested step>.<step>` and linked to the step that ran it.
    name: 'steps of a workflow nested two deep',
    chunks: (n) => {
      const call = { toolCallId: 'call-nested', toolName: 'workflow-dispatch' };
      const step = (type: string, payload: unknown) =>
        top('tool-output', {
          ...call,
          output: { type, runId: 'run-wf', from: 'WORKFLOW', payload },
        });
      const outer = [
        step('workflow-step-start', { id: 'export', status: 'running' }),
        step('workflow-step-start', { id: 'export.customs', status: 'running' }),
      ];
      return fill([start(), top('tool-call', { ...call, args: {} }), ...outer], n, (i) => [
        step('workflow-step-start', { id: `export.customs.s${i}`, status: 'running' }),
        step('workflow-step-result', { id: `export.customs.s${i}`, status: 'success' }),
      ]);
    },
  },
  {
    // As in test/fixtures/workflow-foreach.jsonl: items report as they finish, out of order.
    name: 'foreach items of one workflow step',
    chunks: (n) => {
      const call = { toolCallId: 'call-foreach', toolName: 'workflow-thumbnails' };
      const event = (type: string, payload: unknown) =>
        top('tool-output', {
          ...call,
          output: { type, runId: 'run-wf', from: 'WORKFLOW', payload },
        });
      const items = Math.max(0, n - 6);
      const step = { id: 'resize', stepName: 'resize' };
      const chunks = fill(
        [
          start(),
          top('tool-call', { ...call, args: {} }),
          event('workflow-step-start', { ...step, status: 'running', payload: { items } }),
        ],
        n - 3,
        (i) => [
          event('workflow-step-progress', {
            ...step,
            completedCount: i + 1,
            totalCount: items + 1,
            // Pairs swapped: 1, 0, 3, 2, … as with a concurrency of 2.
            currentIndex: i ^ 1,
            iterationStatus: 'success',
            iterationOutput: { thumbnail: i ^ 1 },
          }),
        ],
      );
      const output = Array.from({ length: items + 1 }, (_, i) => ({ thumbnail: i }));
      chunks.push(
        event('workflow-step-result', { ...step, status: 'success', output }),
        event('workflow-finish', { workflowStatus: 'success', finalWorkflowResult: output }),
        top('tool-result', { ...call, result: { result: output } }),
      );
      return chunks;
    },
  },
  {
    // As in test/fixtures/workflow-loop.jsonl: one step id, a new stepCallId each repetition.
    name: 'loop repetitions of one workflow step',
    chunks: (n) => {
      const call = { toolCallId: 'call-loop', toolName: 'workflow-poll' };
      const event = (type: string, payload: unknown) =>
        top('tool-output', {
          ...call,
          output: { type, runId: 'run-wf', from: 'WORKFLOW', payload },
        });
      const chunks = fill([start(), top('tool-call', { ...call, args: {} })], n - 2, (i) => {
        const step = { id: 'poll', stepName: 'poll', stepCallId: `poll-${i}` };
        const metadata = { iterationCount: i + 1 };
        return [
          event('workflow-step-start', { ...step, status: 'running', payload: { i }, metadata }),
          event('workflow-step-result', { ...step, status: 'success', output: { i }, metadata }),
        ];
      });
      chunks.push(
        event('workflow-finish', { workflowStatus: 'success', finalWorkflowResult: { done: 1 } }),
        top('tool-result', { ...call, result: { result: { done: 1 } } }),
      );
      return chunks;
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
    name: 'ai: steps of a nested workflow',
    format: 'ai-sdk',
    chunks: (n) => {
      const step = (id: string, status: string) => ({
        type: 'data-tool-workflow-step',
        id: `run-wf:${id}`,
        data: { name: 'order', stepId: id, step: { name: id, status } },
      });
      return fill(
        [
          { type: 'start', messageId: 'm' },
          { type: 'tool-input-available', toolCallId: 'w', toolName: 'workflow-order', input: {} },
          step('ship', 'running'),
        ],
        n,
        (i) => [step(`ship.s${i}`, 'running'), step(`ship.s${i}`, 'success')],
      );
    },
  },
  {
    name: 'ai: workflow parts no call takes, beside open calls',
    format: 'ai-sdk',
    chunks: (n) =>
      fill([{ type: 'start', messageId: 'm' }], n, (i) => [
        { type: 'tool-input-available', toolCallId: `c${i}`, toolName: 'weatherTool', input: {} },
        { type: 'data-tool-workflow', id: `u${i}`, data: { name: 'payout', status: 'running' } },
      ]),
  },
  {
    name: 'ai: workflow calls each on its run, and runs none takes',
    format: 'ai-sdk',
    chunks: (n) =>
      fill([{ type: 'start', messageId: 'm' }], n, (i) => [
        { type: 'tool-input-available', toolCallId: `w${i}`, toolName: 'workflow-x', input: {} },
        { type: 'data-tool-workflow', id: `wf${i}`, data: { name: 'x', status: 'running' } },
        { type: 'data-tool-workflow', id: `u${i}`, data: { name: 'payout', status: 'running' } },
      ]),
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
  {
    name: 'progress of one call',
    chunks: (n) =>
      fill(
        [start(), top('tool-call', { toolCallId: 'c', toolName: 'lookup', args: {} })],
        n,
        (i) => [top('tool-output', { toolCallId: 'c', toolName: 'lookup', output: { done: i } })],
      ),
  },
  {
    name: 'ai: preliminary outputs of one call',
    format: 'ai-sdk',
    chunks: (n) =>
      fill(
        [
          { type: 'start', messageId: 'm' },
          { type: 'tool-input-available', toolCallId: 'c', toolName: 'lookup', input: {} },
        ],
        n,
        (i) => [
          { type: 'tool-output-available', toolCallId: 'c', output: { i }, preliminary: true },
        ],
      ),
  },
  {
    name: 'child runs of one subagent call',
    chunks: (n) => {
      const wrap = (output: unknown) =>
        top('tool-output', { toolCallId: 'a', toolName: 'agent-helper', output });
      const sub = (type: string, payload: unknown, i: number) => ({
        type,
        runId: `sub-${i}`,
        from: 'AGENT',
        payload,
      });
      return fill(
        [start(), top('tool-call', { toolCallId: 'a', toolName: 'agent-helper' })],
        n,
        (i) => [
          wrap(sub('start', { id: 'helper', messageId: `m-${i}` }, i)),
          wrap(sub('finish', { stepResult: { reason: 'stop' } }, i)),
        ],
      );
    },
  },
  {
    // As in the recordings (test/fixtures/network.jsonl): route, execute, check, per iteration.
    name: 'network: iterations of one network',
    family: 'network',
    chunks: (n) => {
      return fill([], n, (i) => {
        const tool = `tool-${i % 3}`;
        const route = { networkId: 'net', runId: `route-${i}` };
        return [
          net('routing-agent-start', { ...route, inputData: { iteration: i } }),
          net('routing-agent-end', { ...route, primitiveId: tool, primitiveType: 'tool' }),
          net('tool-execution-start', {
            args: { toolCallId: `t${i}`, primitiveId: tool, iteration: i, args: { i } },
          }),
          net('tool-execution-end', { toolCallId: `t${i}`, toolName: tool, result: { i } }),
          net('network-validation-start', { iteration: i, checksCount: 1 }),
          net('routing-agent-text-delta', { text: 'not yet ' }),
          net('network-validation-end', { iteration: i, passed: false, reason: 'more to do' }),
        ];
      });
    },
  },
  {
    // Each iteration runs a tool the network never ran before: finding the execution a start
    // resumes finds none.
    name: 'network: a new primitive on every iteration',
    family: 'network',
    chunks: (n) =>
      fill([], n, (i) => [
        net('routing-agent-start', { networkId: 'net', runId: `route-${i}` }),
        net('routing-agent-end', {
          runId: `route-${i}`,
          primitiveId: `tool-${i}`,
          primitiveType: 'tool',
        }),
        net('tool-execution-start', {
          args: { toolCallId: `t${i}`, primitiveId: `tool-${i}`, iteration: i, args: { i } },
        }),
        net('tool-execution-end', { toolCallId: `t${i}`, toolName: `tool-${i}`, result: { i } }),
      ]),
  },
  {
    // Routing decisions that name no routing step the network has: each becomes a step of its own.
    name: 'network: routing ends naming no step',
    family: 'network',
    chunks: (n) =>
      fill([], n, (i) => [
        net('routing-agent-end', {
          runId: `gone-${i}`,
          primitiveId: 'tool-0',
          primitiveType: 'tool',
        }),
      ]),
  },
];
