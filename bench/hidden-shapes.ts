/**
 * Adversarial shapes where what a display transform hides grows with the stream: one call whose
 * streamed arguments pile up values to hide and whose result quotes every one of them, and one
 * subagent whose result carries every call it made raw, each of them hidden (the result sent after
 * the calls, as Mastra does, and before them); and (`BESIDE`) results searched for what the
 * calls beside them hide. Part of the bench's `SHAPES`: hiding must cost what reading the values
 * costs, not their number times their length.
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

/** A key as a vault hands one out: sixteen hex digits that look random, distinct for each `i`. */
const vaultKey = (i: number) => {
  const a = Math.imul(i + 1, 0x9e3779b1) >>> 0;
  const b = Math.imul(a ^ (a >>> 15), 0x85ebca6b) >>> 0;
  return `sk-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
};

/** Call `id` of a tool whose display transform hides the key it is given, and its result. */
const lookupChunks = (id: string, key: string, runId = RUN) => {
  const payload = { toolCallId: id, toolName: 'lookup', args: { query: 'ada', key } };
  const view = { query: 'ada', key: '••••' };
  return [
    chunk('tool-call', payload, runId, shows(view)),
    chunk(
      'tool-result',
      { ...payload, result: { plan: 'pro' } },
      runId,
      shows(view, { plan: 'pro' }),
    ),
  ];
};

/** Call `id` of a tool with no display transform, and its result. */
const plainChunks = (id: string, result: unknown, runId = RUN) => {
  const payload = { toolCallId: id, toolName: 'vault', args: { service: 'crm' } };
  return [chunk('tool-call', payload, runId), chunk('tool-result', { ...payload, result }, runId)];
};

/**
 * Call `id` of the top-level run to subagent `name`, whose run `runId` sends `inner` (each
 * wrapped in the call's `tool-output`), and the call's result.
 */
const subagentChunks = (id: string, name: string, runId: string, inner: readonly unknown[]) => {
  const payload = { toolCallId: id, toolName: `agent-${name}`, args: { prompt: name } };
  const wrap = (value: unknown) =>
    chunk('tool-output', { output: value, toolCallId: id, toolName: payload.toolName });
  return [
    chunk('tool-call', payload),
    wrap(chunk('start', { id: name, messageId: `m-${runId}` }, runId)),
    ...inner.map(wrap),
    chunk('tool-result', { ...payload, result: { text: 'done' } }),
  ];
};

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

/** A chat's turn `i`: its lookup hides `key`, and a plain result shows `remembered`. */
const turnChunks = (i: number, key: string, remembered: unknown) => {
  const run = `turn-${i}`;
  return [
    chunk('start', { id: 'agent', messageId: `m${i}` }, run),
    ...lookupChunks(`h${i}`, key, run),
    ...plainChunks(`p${i}`, { remembered }, run),
    chunk('finish', { stepResult: { reason: 'stop' } }, run),
  ];
};

/**
 * Shapes where a call's result is searched for what the calls beside it hide, in every run of
 * every turn (see `reducer/beside.ts`): many lookups that hide a key, each beside a plain result,
 * and keys that plain results show, each handed on to a lookup that hides it (searched again
 * then), in one run or across sibling subagents.
 */
export const BESIDE: readonly Shape[] = [
  {
    // Each result is searched for what every lookup of the run hides.
    name: 'results beside calls that hide, one run',
    chunks: (n) => {
      const out: unknown[] = [chunk('start', { id: 'agent', messageId: 'm' })];
      for (let i = 0; out.length < n; i++) {
        out.push(...lookupChunks(`h${i}`, vaultKey(i)));
        out.push(...plainChunks(`p${i}`, { service: 'crm', rotates: `in ${i} days` }));
      }
      return out.slice(0, n);
    },
  },
  {
    // A key one call returns, handed to the next call, which hides it: each lookup has the results
    // before it that may hold its key searched again.
    name: 'keys a result shows, each handed on to a call that hides it',
    chunks: (n) => {
      const out: unknown[] = [chunk('start', { id: 'agent', messageId: 'm' })];
      for (let i = 0; out.length < n; i++) {
        out.push(...plainChunks(`p${i}`, { service: 'crm', apiKey: vaultKey(i) }));
        out.push(...lookupChunks(`h${i}`, vaultKey(i)));
      }
      return out.slice(0, n);
    },
  },
  {
    // One subagent's vault returns a key, a sibling subagent's lookup is handed it and hides it:
    // each lookup has the results of its tree before it that may hold its key searched again.
    name: 'keys a subagent returns, each handed to a sibling subagent that hides it',
    chunks: (n) => {
      const out: unknown[] = [chunk('start', { id: 'agent', messageId: 'm' })];
      for (let i = 0; out.length < n; i++) {
        const vault = plainChunks(`p${i}`, { service: 'crm', apiKey: vaultKey(i) }, `run-k${i}`);
        out.push(...subagentChunks(`k${i}`, 'keeper', `run-k${i}`, vault));
        const lookup = lookupChunks(`h${i}`, vaultKey(i), `run-c${i}`);
        out.push(...subagentChunks(`c${i}`, 'clerk', `run-c${i}`, lookup));
      }
      return out.slice(0, n);
    },
  },
];

/**
 * Chats whose every turn hides a key that the next turn's result quotes, or hides the same key
 * again: each result is searched for what every turn's calls hide (see `reducer/beside.ts`).
 */
export const TURNS: readonly Shape[] = [
  {
    // A tool that reads the thread's memory: each result is searched for what every turn hides.
    name: 'turns each hiding a key, each key quoted back a turn later',
    chunks: (n) => {
      const out: unknown[] = [];
      for (let i = 0; out.length < n; i++) {
        out.push(...turnChunks(i, vaultKey(i), i === 0 ? 'nothing yet' : vaultKey(i - 1)));
      }
      return out.slice(0, n);
    },
  },
  {
    // One key every turn: what an earlier turn's call hid already is not searched for again.
    name: 'turns each hiding the same key, quoted back each turn',
    chunks: (n) => {
      const out: unknown[] = [];
      for (let i = 0; out.length < n; i++) out.push(...turnChunks(i, vaultKey(0), vaultKey(0)));
      return out.slice(0, n);
    },
  },
];

/**
 * What a tool wrote, then handed to a call that hides it: each data part shown before is searched
 * again when the call hides (see `reducer/beside-again.ts`).
 */
export const DATA: readonly Shape[] = [
  {
    // A bare `writer.custom` part of the top-level run quotes a key a sibling subagent's lookup is
    // then handed and hides: each lookup has the data parts before it that may hold its key
    // searched again.
    name: 'keys a data part shows, each handed to a subagent that hides it',
    chunks: (n) => {
      const out: unknown[] = [chunk('start', { id: 'agent', messageId: 'm' })];
      for (let i = 0; out.length < n; i++) {
        out.push({ type: 'data-vault', data: { service: 'crm', apiKey: vaultKey(i) } });
        const lookup = [
          ...lookupChunks(`h${i}`, vaultKey(i), `run-c${i}`),
          chunk('finish', { stepResult: { reason: 'stop' } }, `run-c${i}`),
        ];
        out.push(...subagentChunks(`c${i}`, 'clerk', `run-c${i}`, lookup));
      }
      return out.slice(0, n);
    },
  },
];
