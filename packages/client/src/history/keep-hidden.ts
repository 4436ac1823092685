import { withoutEchoes } from '../reducer/echo.js';
import { hideWorkflow } from '../reducer/hide.js';
import { pendingValue } from '../reducer/transform.js';
import { Draft, type Mutable } from '../state/draft.js';
import type { DisplayValue, ToolCallState, ToolpaneState } from '../state/state.js';

/*
 * A state rebuilt from saved messages knows less than the one that read the live stream: an AI SDK
 * message keeps the raw input of a call whose input deltas a display transform suppressed
 * (protocol §6.4), and a rebuilt call cannot tell. When the state that showed those messages
 * before is at hand (a chat whose messages were replaced), what it hid stays hidden.
 */

const unshown = (value: DisplayValue | undefined) =>
  value?.kind === 'hidden' || value?.kind === 'transformed';

/**
 * `now`, unless it is raw where `before` did not show it raw: then what `before` showed (hidden or
 * its transformed view), or pending when `before` knew its call to be display-transformed.
 */
function kept(now: DisplayValue, was: DisplayValue | undefined, before: ToolCallState) {
  if (now.kind !== 'raw') return now;
  if (unshown(was)) return was!;
  return before.displayTransform === 'display' ? pendingValue() : now;
}

/** The fields of `call` to change so that it shows nothing `before` hid; undefined for none. */
function hiddenFields(call: ToolCallState, before: ToolCallState) {
  const out: Partial<Mutable<ToolCallState>> = {};
  const each = (key: 'input' | 'output' | 'error') => {
    const value = kept(call[key], before[key], before);
    if (value !== call[key]) out[key] = value;
  };
  each('input');
  each('output');
  each('error');
  const { approval, suspension } = call;
  if (approval !== undefined) {
    const args = kept(approval.args, before.approval?.args ?? before.input, before);
    if (args !== approval.args) out.approval = { ...approval, args };
  }
  if (suspension !== undefined) {
    const payload = kept(suspension.payload, before.suspension?.payload, before);
    if (payload !== suspension.payload) out.suspension = { ...suspension, payload };
  }
  if (call.progress.some((value) => value.kind === 'raw')) {
    const progress = call.progress.map((value, i) => kept(value, before.progress[i], before));
    if (progress.some((value, i) => value !== call.progress[i])) out.progress = progress;
  }
  if (before.displayTransform === 'display' && call.displayTransform !== 'display') {
    out.displayTransform = 'display';
  }
  // A workflow's steps carry values made from the call's input: hidden when that was.
  if (
    call.workflow !== undefined &&
    (before.displayTransform === 'display' || unshown(before.input)) &&
    call.displayTransform !== 'display'
  ) {
    out.workflow = hideWorkflow(call.workflow);
  }
  if (out.input !== undefined && call.input.kind === 'raw') withoutInputEchoes(call, out);
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * Once an input shown raw is hidden again, the call's other values show none of it: the saved
 * input is the raw one, and its parts may be quoted in the result or the error.
 */
function withoutInputEchoes(call: ToolCallState, out: Partial<Mutable<ToolCallState>>): void {
  const raw = { ...call.raw, input: (call.input as { value: unknown }).value };
  const hiding = { ...call, ...out, raw } as ToolCallState;
  out.raw = raw;
  for (const key of ['output', 'error'] as const) {
    const value = withoutEchoes(hiding, hiding[key], key === 'error');
    if (value !== call[key]) out[key] = value;
  }
  const progress = hiding.progress.map((value) => withoutEchoes(hiding, value));
  if (progress.some((value, i) => value !== call.progress[i])) out.progress = progress;
  const { suspension } = hiding;
  if (suspension !== undefined) {
    const payload = withoutEchoes(hiding, suspension.payload);
    if (payload !== call.suspension?.payload) out.suspension = { ...suspension, payload };
  }
}

/** The calls of `state` by run and toolCallId, each list in the order the calls were made. */
function callsByRunAndId(state: ToolpaneState): Map<string, ToolCallState[]> {
  const out = new Map<string, ToolCallState[]>();
  for (const call of state.toolCalls.values()) {
    const id = `${call.runId}\0${call.toolCallId}`;
    const list = out.get(id);
    if (list === undefined) out.set(id, [call]);
    else list.push(call);
  }
  return out;
}

/**
 * `state`, with every value that `before` hid hidden as well: for each call both hold, a value
 * shown raw now that `before` showed hidden or transformed (or any value of a call `before` knew
 * to be display-transformed) is shown as `before` showed it, or as pending. Calls are matched by
 * run, toolCallId and the order they came in within that run, not by key: a rebuild that drops a
 * run gives a later run's call of a repeated toolCallId the key an earlier call had. Used when a
 * chat's messages are rebuilt into a state while the store that read them live is at hand (see
 * `stateFromUIMessages`).
 */
export function keepHidden(state: ToolpaneState, before: ToolpaneState): ToolpaneState {
  const old = callsByRunAndId(before);
  const seen = new Map<string, number>();
  let draft: Draft | undefined;
  for (const [key, call] of state.toolCalls) {
    const id = `${call.runId}\0${call.toolCallId}`;
    const nth = seen.get(id) ?? 0;
    seen.set(id, nth + 1);
    const was = old.get(id)?.[nth];
    if (was === undefined) continue;
    const fields = hiddenFields(call, was);
    if (fields === undefined) continue;
    draft ??= new Draft(state);
    const editable = draft.toolCall(key)!;
    Object.assign(editable, fields);
    if (fields.input !== undefined) delete editable.partialInput;
  }
  // Data parts of a run where `before` knew a display transform applies (see `putDataPart`).
  for (const [runId, run] of state.runs) {
    const was = before.runs.get(runId);
    const hides = was?.toolCallIds.some(
      (id) => before.toolCalls.get(id)?.displayTransform === 'display',
    );
    if (!hides) continue;
    run.parts.forEach((part, index) => {
      if (part.type !== 'data' || part.hidden) return;
      draft ??= new Draft(state);
      const { data: _, ...rest } = part;
      draft.setPart(draft.run(runId)!, index, { ...rest, data: undefined, hidden: true });
    });
  }
  return draft?.publish() ?? state;
}
