/**
 * Adversarial shapes where what a display transform hides grows with the stream: one call whose
 * streamed arguments pile up values to hide and whose result quotes every one of them, and one
 * subagent whose result carries every call it made raw, each of them hidden (the result sent after
 * the calls, as Mastra does, and before them). Part of the bench's
 * `SHAPES`: hiding must cost what reading the values costs, not their number times their length.
 */

/** A shape as `shapes.ts` takes it (declared here, so the two files do not import each other). */
interface Shape {
  readonly name: string;
  readonly chunks: (count: number) => unknown[];
  readonly format?: 'ai-sdk';
}

const RUN = 'run-shape';
const SUB = 'run-shape-sub';
const chunk = (type: string, payload: unknown, runId = RUN, metadata?: unknown) => ({
  type,
  runId,
  from: 'AGENT',
  payload,
  ...(metadata === undefined ? {} : { metadata }),
});

/** Transform metadata showing `input` for the arguments and, when given, `output` for the result. */
const shows = (input: unknown, output?: unknown) => ({
  mastra: {
    toolPayloadTransform: {
      display: {
        'input-available': { transformed: input },
        ...(output === undefined ? {} : { 'output-available': { transformed: output } }),
      },
    },
  },
});

/** What Mastra sends with each streamed delta of a tool with a display transform. */
const SUPPRESSED = {
  mastra: { toolPayloadTransform: { display: { 'input-delta': { suppress: true } } } },
};

/** The secret of item `i`: distinct, and no secret is part of another. */
const secret = (i: number) => `sk-${i}-hidden-${i}`;

/** A chunk of the subagent run, wrapped in the `agent-vault` call's `tool-output`. */
const inSubagent = (inner: unknown) =>
  chunk('tool-output', { output: inner, toolCallId: 'agent-c', toolName: 'agent-vault' });

/** The `agent-vault` call and the start of its subagent run. */
const subagentOpens = () => [
  chunk('start', { id: 'agent', messageId: 'm' }),
  chunk('tool-call', { toolCallId: 'agent-c', toolName: 'agent-vault', args: {} }),
  inSubagent(chunk('start', { id: 'vault', messageId: 'm-sub' }, SUB)),
];

/** The subagent's call `i`: a secret in its arguments, quoted in its result. */
const hiddenCall = (_: unknown, i: number) => ({
  toolCallId: `c${i}`,
  toolName: 'vault',
  args: { key: secret(i) },
  result: { receipt: `receipt ${secret(i)}` },
});

/** A subagent call's chunks, each with its display transform's metadata. */
const hiddenCallChunks = ({ result, ...payload }: ReturnType<typeof hiddenCall>) => [
  inSubagent(chunk('tool-call', payload, SUB, shows({ key: 'hidden' }))),
  inSubagent(
    chunk(
      'tool-result',
      { ...payload, result },
      SUB,
      shows({ key: 'hidden' }, { receipt: 'hidden' }),
    ),
  ),
];

/** The `agent-vault` call's result: every call of its subagent, raw (protocol §14). */
const subagentResult = (calls: readonly ReturnType<typeof hiddenCall>[]) =>
  chunk('tool-result', {
    toolCallId: 'agent-c',
    toolName: 'agent-vault',
    args: {},
    result: { text: 'done', subAgentToolResults: calls },
  });

/** The shapes. */
export const HIDDEN: readonly Shape[] = [
  {
    name: 'hidden streamed arguments quoted back by a result as long',
    chunks: (n) => {
      const count = Math.max(1, n - 7);
      const keys = Array.from({ length: count }, (_, i) => secret(i));
      const quoted = { found: keys.map((key) => `matched ${key}`) };
      return [
        chunk('start', { id: 'agent', messageId: 'm' }),
        chunk('tool-call-input-streaming-start', { toolCallId: 'c', toolName: 'vault' }),
        chunk('tool-call-delta', { toolCallId: 'c', argsTextDelta: '{"keys":[' }, RUN, SUPPRESSED),
        ...keys.map((key, i) =>
          chunk(
            'tool-call-delta',
            { toolCallId: 'c', argsTextDelta: `${i === 0 ? '' : ','}${JSON.stringify(key)}` },
            RUN,
            SUPPRESSED,
          ),
        ),
        chunk('tool-call-delta', { toolCallId: 'c', argsTextDelta: ']}' }, RUN, SUPPRESSED),
        chunk('tool-call-input-streaming-end', { toolCallId: 'c' }),
        // Made from the streamed text, without metadata (protocol §6.4).
        chunk('tool-call', { toolCallId: 'c', toolName: 'vault', args: { keys } }),
        chunk(
          'tool-result',
          { toolCallId: 'c', toolName: 'vault', args: { keys }, result: quoted },
          RUN,
          shows({ keys: count }, quoted),
        ),
      ].slice(0, n);
    },
  },
  {
    name: 'a subagent result carrying every hidden call it made',
    chunks: (n) => {
      const calls = Array.from({ length: Math.max(1, Math.floor((n - 5) / 2)) }, hiddenCall);
      const out: unknown[] = [...subagentOpens(), ...calls.flatMap(hiddenCallChunks)];
      while (out.length < n - 1)
        out.push(inSubagent(chunk('text-delta', { id: 't', text: '.' }, SUB)));
      out.push(subagentResult(calls));
      return out.slice(0, n);
    },
  },
  {
    // Not Mastra's order (a subagent's calls come before its result): each call learnt to hide
    // after the result would have the whole result shown again.
    name: 'a subagent result first, then every hidden call it carries',
    chunks: (n) => {
      const calls = Array.from({ length: Math.max(1, Math.floor((n - 4) / 2)) }, hiddenCall);
      const out: unknown[] = [
        ...subagentOpens(),
        subagentResult(calls),
        ...calls.flatMap(hiddenCallChunks),
      ];
      while (out.length < n) out.push(inSubagent(chunk('text-delta', { id: 't', text: '.' }, SUB)));
      return out.slice(0, n);
    },
  },
  {
    name: 'ai: a masked input whose refusal quotes back every argument',
    format: 'ai-sdk',
    chunks: (n) => {
      const count = Math.max(1, n - 6);
      const keys = Array.from({ length: count }, (_, i) => secret(i));
      const message =
        'Tool input validation failed for vault. Please fix the following errors and try ' +
        `again:\n- keys: Too many items\n\nProvided arguments: ${JSON.stringify({ keys }, null, 2)}`;
      return [
        { type: 'start', messageId: 'm' },
        { type: 'text-start', id: 't' },
        ...keys.map(() => ({ type: 'text-delta', id: 't', delta: '.' })),
        { type: 'text-end', id: 't' },
        // The input as the display transform shows it: every key masked.
        {
          type: 'tool-input-available',
          toolCallId: 'c',
          toolName: 'vault',
          input: { keys: keys.map(() => '••••') },
        },
        { type: 'tool-output-available', toolCallId: 'c', output: { error: true, message } },
        { type: 'finish' },
      ].slice(0, n);
    },
  },
];
