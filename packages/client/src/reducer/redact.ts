import type { Mutable } from '../state/draft.js';
import type { DisplayValue, ToolCallState, ToolpaneState } from '../state/state.js';
import { sameValue } from './same-value.js';
import {
  applyClientTransform,
  type ClientTransforms,
  clientTransformFor,
  placeholder,
  shownValue,
  type TransformPhase,
} from './transform.js';

/*
 * Values that cross from one call into another: a subagent's result carries its inner calls raw
 * (`subAgentToolResults`). What is shown of them follows what is known of the inner call's
 * display transform; see "Security" in the client README for the whole rule.
 */

/** Mastra's own placeholder for a payload that may not be shown. */
export const unavailable = (phase: TransformPhase): { readonly message: string } => ({
  message: placeholder(phase),
});

/**
 * What may be shown of a value of `inner` (a call nested under another one) for `phase`: the value
 * itself only when the call is known to have no display transform; its transformed value when it
 * has one; else a client transform for `toolName`, else a placeholder.
 */
function viewOf(
  transforms: ClientTransforms | undefined,
  inner: ToolCallState | undefined,
  toolName: string,
  phase: 'input-available' | 'output-available',
  raw: unknown,
): unknown {
  if (inner?.displayTransform === 'none') return raw;
  if (inner?.displayTransform === 'display') {
    const shown = shownValue(phase === 'input-available' ? inner.input : inner.output);
    return shown === undefined ? unavailable(phase) : shown;
  }
  const client = clientTransformFor(transforms, toolName);
  if (client === undefined) return unavailable(phase);
  return shownValue(applyClientTransform(client, phase, raw)) ?? unavailable(phase);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a call's result may carry a subagent's calls: an `agent-*` call, or a call whose tool
 * name the stream never gave (an AI SDK result whose call began in an earlier stream the state
 * did not see), which is then read as a subagent's result when it has the shape of one.
 */
const mayCarryInnerCalls = (call: ToolCallState): boolean =>
  call.kind === 'agent' || call.toolName === '';

/**
 * The calls the subagent runs of `parent` made themselves (not the calls nested under those), by
 * toolCallId, each id's calls in stream order. A model may number calls per run, so a call nested
 * deeper can repeat the toolCallId of one of these: only a run's own calls match its results.
 */
function ownCalls(state: ToolpaneState, parent: ToolCallState): Map<string, ToolCallState[]> {
  const out = new Map<string, ToolCallState[]>();
  for (const runId of parent.childRunIds) {
    for (const key of state.runs.get(runId)?.toolCallIds ?? []) {
      const call = state.toolCalls.get(key);
      if (call === undefined) continue;
      const calls = out.get(call.toolCallId);
      if (calls === undefined) out.set(call.toolCallId, [call]);
      else calls.push(call);
    }
  }
  return out;
}

/**
 * An entry of a call with no display transform, as the call shows its result: itself when the
 * call shows its result as it came (or has none yet), else the call's shown result (what calls
 * beside it hide replaced, `beside.ts`; an agent call's inner calls redacted), or a placeholder.
 */
function ownResult(entry: Record<string, unknown>, call: ToolCallState): Record<string, unknown> {
  const { output } = call;
  if (output.kind === 'raw' || output.kind === 'none') return entry;
  const shown = shownValue(output) ?? unavailable('output-available');
  const out: Record<string, unknown> = { ...entry };
  for (const key of ['result', 'output'] as const) if (Object.hasOwn(entry, key)) out[key] = shown;
  return out;
}

const RESULT_KEYS = [
  ['args', 'input-available'],
  ['input', 'input-available'],
  ['result', 'output-available'],
  ['output', 'output-available'],
] as const;

/**
 * A subagent call's result as it may be shown: each `subAgentToolResults[]` entry's `args` and
 * `result` redacted with what is known of the inner call (see {@link viewOf}), and the result of
 * an inner `agent-*` call with no display transform redacted the same way, at any depth: it
 * carries the calls of its own subagent raw. Returns the value itself when nothing had to change.
 */
export function redactSubagentResult(
  state: ToolpaneState,
  transforms: ClientTransforms | undefined,
  parent: ToolCallState,
  result: unknown,
  seen: Set<string> = new Set([parent.key]),
): unknown {
  if (!isRecord(result) || !Array.isArray(result.subAgentToolResults)) return result;
  const inner = ownCalls(state, parent);
  // How many results of each toolCallId were matched with a call so far.
  const used = new Map<string, number>();
  let changed = false;
  const entries = result.subAgentToolResults.map((entry: unknown) => {
    if (!isRecord(entry)) {
      changed = true;
      return unavailable('output-available');
    }
    const id = typeof entry.toolCallId === 'string' ? entry.toolCallId : undefined;
    let call: ToolCallState | undefined;
    if (id !== undefined) {
      const n = used.get(id) ?? 0;
      used.set(id, n + 1);
      call = inner.get(id)?.[n];
    }
    const name = typeof entry.toolName === 'string' ? entry.toolName : (call?.toolName ?? '');
    if (call?.displayTransform === 'none') {
      const own = ownResult(entry, call);
      if (own !== entry || !mayCarryInnerCalls(call) || seen.has(call.key)) {
        changed ||= own !== entry;
        return own;
      }
      seen.add(call.key);
      let out: Record<string, unknown> | undefined;
      for (const key of ['result', 'output'] as const) {
        if (!Object.hasOwn(entry, key)) continue;
        const value = redactSubagentResult(state, transforms, call, entry[key], seen);
        if (value === entry[key]) continue;
        out ??= { ...entry };
        out[key] = value;
      }
      if (out === undefined) return entry;
      changed = true;
      return out;
    }
    changed = true;
    const out: Record<string, unknown> = { ...entry };
    for (const [key, phase] of RESULT_KEYS) {
      if (Object.hasOwn(entry, key)) out[key] = viewOf(transforms, call, name, phase, entry[key]);
    }
    return out;
  });
  return changed ? { ...result, subAgentToolResults: entries } : result;
}

/**
 * The output of an `agent-*` call (or of a call whose tool the stream never named, when its
 * result has the shape of a subagent's) as shown, from the value its stream gave: a raw result is
 * redacted (and then shown as `transformed`, as it is no longer the raw value). So is a result
 * shown as a transform's view: a view that keeps `subAgentToolResults` keeps them as the inner
 * calls sent them, and what is taken for a view (an AI SDK stream that dropped the call's input
 * deltas) may be the raw result. Also withholds what the model saw of it (`modelOutput`, which
 * may quote the inner calls) when anything was redacted: it moves to `raw.modelOutput`.
 */
export function showSubagentOutput(
  state: ToolpaneState,
  transforms: ClientTransforms | undefined,
  call: Mutable<ToolCallState>,
  shown: DisplayValue,
): DisplayValue {
  if (!mayCarryInnerCalls(call) || (shown.kind !== 'raw' && shown.kind !== 'transformed')) {
    return shown;
  }
  const value = redactSubagentResult(state, transforms, call, shown.value);
  if (value === shown.value) return shown;
  withholdModelOutput(call);
  return { kind: 'transformed', value };
}

/*
 * An agent network's own chunks carry no transform metadata: the router runs a tool without its
 * display transform (protocol §14). A client transform for the execution's call is all there is
 * to go by, and the values the network repeats outside the call follow what the call shows.
 */

/**
 * What a routing step may show of the prompt it wrote for an execution. The prompt is the input of
 * the execution's call (`toolName`, and `input` as the call gets it): when a client transform
 * covers that call, the step shows the transform's view of it as JSON text, or no prompt when
 * the view may not be shown.
 */
export function shownPrompt(
  transforms: ClientTransforms | undefined,
  toolName: string,
  input: unknown,
  prompt: string,
): string | undefined {
  const client = clientTransformFor(transforms, toolName);
  if (client === undefined) return prompt;
  const view = shownValue(applyClientTransform(client, 'input-available', input));
  return view === undefined || typeof view === 'string' ? view : JSON.stringify(view);
}

/**
 * What a network may show of its final result. When the completion check wrote none, Mastra ends
 * the network with the last execution's result as it came: a result equal to `raw`, the value
 * that execution's `call` ended with, shows as the call shows its output.
 */
export function shownFinalResult(
  call: ToolCallState | undefined,
  raw: unknown,
  result: unknown,
): unknown {
  if (call === undefined || !sameValue(raw, result)) {
    return result;
  }
  return shownValue(call.output) ?? unavailable('output-available');
}

/** Moves what the model saw of a call's result out of sight, to `raw.modelOutput`. */
export function withholdModelOutput(call: Mutable<ToolCallState>): void {
  if (call.modelOutput === undefined) return;
  call.raw = { ...call.raw, modelOutput: call.modelOutput };
  delete call.modelOutput;
}

/** The keys whose values an excerpt keeps: the ids and types of a chunk's envelope. */
const ENVELOPE_KEYS = [
  'type',
  'runId',
  'from',
  'toolCallId',
  'toolName',
  'id',
  'messageId',
  'taskId',
  'approvalId',
  'state',
  'stepName',
  'workflowId',
];

/**
 * Whether a value stands in a chunk's envelope: in the chunk itself or its `payload`, not in a
 * value it carries (arguments, a result, data, metadata), where a key named `id` or `type` may
 * hold anything.
 */
const inEnvelope = (containers: ReadonlyArray<string | undefined>): boolean =>
  containers.length === 1 || (containers.length === 2 && containers[1] === 'payload');

const QUOTE = 0x22;
const LINE_END = /[\n\r\u2028\u2029]/;
const SPACE = /\s/;
const BACKSLASH = 0x5c;

/**
 * Where the JSON string literal opening at `start` ends (after its closing quote, or at the end of
 * the text when it is cut off), or -1 when none opens there (a backslash before a line end).
 */
function literalEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) {
      // `.` of the expression this scan stands for: any character but a line terminator.
      if (i + 1 >= text.length || LINE_END.test(text.charAt(i + 1))) return -1;
      i += 2;
    } else i++;
  }
  return text.length;
}

const FIELD_NAME = /^[A-Za-z_$][\w$]{0,39}$/;
const NUMBER = /\d[\d.eE+-]*/g;

/**
 * An issue excerpt without the values of what arrived: the ids and types of the envelope (`type`,
 * `runId`, `toolCallId`, `toolName`, …) and the keys of the envelope that are field names stay;
 * every other string, key included (a value the chunk carries may key an object by a secret), is
 * replaced by `"…"`, and every number by `0` (a PIN or an account number is a value as well). A malformed chunk may belong to a call whose transform is not known (or not
 * known yet), so no excerpt shows a payload's values. A scan rather than one regular expression
 * with a replacer, which allocated about 1.7 KB per excerpt; the text is copied only when
 * something is replaced.
 */
export function redactExcerpt(text: string): string {
  let out = '';
  let changed = false;
  // `text` before `at` is in `out`.
  let at = 0;
  // The key the last string literal named.
  let key: string | undefined;
  // The key each open object or array is the value of (undefined for the outermost).
  const containers: Array<string | undefined> = [];
  /**
   * Adds the stretch before `start` without its numbers, then the literal up to `end` (when
   * `keep` says so, asked once the stretch's brackets are counted).
   */
  const put = (start: number, end: number, keep: () => boolean) => {
    const stretch = text.slice(at, start);
    for (let i = 0; i < stretch.length; i++) {
      const c = stretch.charCodeAt(i);
      if (c === 0x7b || c === 0x5b) {
        containers.push(key);
        key = undefined;
      } else if (c === 0x7d || c === 0x5d) containers.pop();
    }
    const scrubbed = stretch.replace(NUMBER, '0');
    const kept = keep();
    changed ||= !kept || scrubbed !== stretch;
    out += scrubbed + (kept ? text.slice(start, end) : '"…"');
    at = end;
  };
  const always = () => true;
  for (let start = text.indexOf('"'); start !== -1; ) {
    const end = literalEnd(text, start);
    if (end === -1) {
      start = text.indexOf('"', start + 1);
      continue;
    }
    let after = end;
    while (SPACE.test(text.charAt(after))) after++;
    if (end < text.length && after < text.length && text.charCodeAt(after) === 0x3a) {
      // A key (a colon follows): kept when it names a field of the envelope, as a value is, and
      // remembered for the value after it.
      const name = text.slice(start + 1, end - 1);
      put(start, end, () => FIELD_NAME.test(name) && inEnvelope(containers));
      key = name;
      start = text.indexOf('"', after + 1);
      continue;
    }
    put(
      start,
      end,
      () => key !== undefined && ENVELOPE_KEYS.includes(key) && inEnvelope(containers),
    );
    key = undefined;
    start = end < text.length ? text.indexOf('"', end) : -1;
  }
  put(text.length, text.length, always);
  return changed ? out : text;
}
