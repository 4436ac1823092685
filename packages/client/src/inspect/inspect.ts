import { withinDepth } from '../state/json-depth.js';
import { selectPendingApprovals, selectSubagents } from '../state/select.js';
import type { DisplayValue, RunState, ToolCallState, ToolpaneState } from '../state/state.js';

/** One tool call in the `--json` output of `toolpane inspect`. Values are display values only. */
export interface InspectedToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly status: ToolCallState['status'];
  /** The `agent-*` / `workflow-*` call it ran inside, else null. */
  readonly parentToolCallId: string | null;
  /** The id of the agent whose run made the call (from that run's `start`), else null. */
  readonly agentId: string | null;
  /** Input as displayed; null when nothing may be shown. */
  readonly input: unknown;
  /** Output as displayed; null when nothing may be shown. */
  readonly output: unknown;
  /** Error text as displayed, else null. */
  readonly errorText: string | null;
  /** Present (true) when the call waits for the app's result (`ToolCallState.awaitingClient`). */
  readonly awaitingClient?: true;
}

/** The documented `--json` contract of `toolpane inspect`. */
export interface InspectReport {
  readonly toolCalls: readonly InspectedToolCall[];
  readonly subagents: readonly {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly agentId: string | null;
    readonly runId: string;
  }[];
  readonly pendingApprovals: readonly {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly resumeWith: { readonly runId: string; readonly toolCallId: string };
  }[];
}

/** A display value as plain data: the shown value, a placeholder for hidden ones, null for none. */
function plain(value: DisplayValue): unknown {
  switch (value.kind) {
    case 'raw':
    case 'transformed': {
      return value.value ?? null;
    }
    case 'hidden': {
      return value.reason === 'failed'
        ? { hidden: 'failed', message: value.message ?? null }
        : { hidden: value.reason };
    }
    default: {
      return null;
    }
  }
}

function errorTextOf(call: ToolCallState): string | null {
  const error = call.error;
  if (error.kind === 'raw' || error.kind === 'transformed') {
    return typeof error.value === 'string' ? error.value : JSON.stringify(error.value);
  }
  if (error.kind === 'hidden') return error.message ?? `[${error.reason}]`;
  return null;
}

/**
 * Summarises a state as `toolpane inspect --json` prints it: every call at any depth in stream
 * order, the subagent runs and the approvals that wait, with display values only.
 *
 * @example
 * const report = inspectState(reduceAll(chunks));
 * report.pendingApprovals[0]?.resumeWith; // { runId, toolCallId } to send the decision to
 */
export function inspectState(state: ToolpaneState): InspectReport {
  const toolCalls = state.toolCallOrder.flatMap((id) => {
    const call = state.toolCalls.get(id);
    if (call === undefined) return [];
    return [
      {
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        status: call.status,
        parentToolCallId: call.parentToolCallId,
        agentId: state.runs.get(call.runId)?.agentId ?? null,
        input: plain(call.input),
        output: plain(call.output),
        errorText: errorTextOf(call),
        ...(call.awaitingClient === true ? { awaitingClient: true as const } : {}),
      },
    ];
  });
  // A value nested deeper than JSON can be written (the call stack's depth) is cut, as in a
  // snapshot, so `--json` prints whatever a stream carried.
  return withinDepth({
    toolCalls,
    subagents: selectSubagents(state).map((s) => ({
      toolCallId: s.toolCallId,
      toolName: s.toolName,
      agentId: s.agentId ?? null,
      runId: s.runId,
    })),
    pendingApprovals: selectPendingApprovals(state).map((p) => ({
      toolCallId: p.toolCallId,
      toolName: p.toolName,
      resumeWith: p.resumeWith,
    })),
  });
}

/**
 * Characters a terminal acts on rather than shows: C1 controls (U+009B is a one-character CSI),
 * DEL, line and paragraph separators, and the marks that reorder text (bidi overrides, isolates),
 * plus C0 controls (ESC starts a sequence) when `c0`.
 */
function unprintable(code: number, c0: boolean): boolean {
  if (code < 0x20) return c0;
  return (
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x61c ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function escapeUnprintable(text: string, c0: boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!unprintable(code, c0)) continue;
    out += `${text.slice(from, i)}\\u${code.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Text safe to print on a terminal: control characters and the marks that reorder text are written
 * as `\uXXXX` escapes, so a stream's values cannot move the cursor, recolour, retitle or fake lines.
 *
 * @example
 * printable('rm\u001b[2K'); // 'rm\\u001b[2K'
 */
export function printable(text: string): string {
  return escapeUnprintable(text, true);
}

/**
 * JSON text safe to print on a terminal: what `JSON.stringify` leaves unescaped inside strings is
 * written as a `\uXXXX` escape, so the text stays valid JSON with the same values.
 *
 * @example
 * printableJson(JSON.stringify({ name: 'a\u009b2J' })); // '{"name":"a\\u009b2J"}'
 */
export function printableJson(json: string): string {
  // JSON.stringify already escapes C0 controls inside strings; outside them they are layout.
  return escapeUnprintable(json, false);
}

function short(value: unknown, max = 60): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return printable(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

const p = printable;

/** How deep the printed tree goes; the `--json` report lists calls at every depth. */
const MAX_TREE_DEPTH = 32;

function describeValue(value: DisplayValue): string {
  if (value.kind === 'none') return '—';
  if (value.kind === 'hidden')
    return value.reason === 'failed' ? `[transform failed]` : `[${value.reason}]`;
  return short(value.value);
}

function describeRun(
  state: ToolpaneState,
  run: RunState,
  indent: string,
  lines: string[],
  depth: number,
) {
  const label = run.parentToolCallId === null ? 'run' : 'subagent run';
  lines.push(
    `${indent}${label} ${p(run.runId)}${run.agentId ? ` (${p(run.agentId)})` : ''} · ${run.status}`,
  );
  for (const part of run.parts) {
    if (part.type === 'text' && part.text !== '')
      lines.push(`${indent}  text: ${short(part.text, 70)}`);
    if (part.type === 'error') lines.push(`${indent}  error: ${p(part.message)}`);
    if (part.type === 'tripwire') lines.push(`${indent}  tripwire: ${p(part.reason)}`);
    if (part.type !== 'tool-call') continue;
    const call = state.toolCalls.get(part.toolCallId);
    if (call === undefined) continue;
    const waits = call.awaitingClient === true ? ' (awaiting the client)' : '';
    lines.push(`${indent}  ${p(call.toolName)} [${p(call.toolCallId)}] · ${call.status}${waits}`);
    lines.push(`${indent}    input:  ${describeValue(call.input)}`);
    if (call.output.kind !== 'none')
      lines.push(`${indent}    output: ${describeValue(call.output)}`);
    if (call.error.kind !== 'none')
      lines.push(`${indent}    error:  ${p(errorTextOf(call) ?? '')}`);
    if (call.approval && call.status === 'approval-requested') {
      const t = call.approval.target;
      lines.push(
        `${indent}    waits for approval → send runId ${p(t.runId)}, toolCallId ${p(t.toolCallId)}`,
      );
    }
    if (call.suspension && call.status === 'suspended') {
      const t = call.suspension.target;
      lines.push(
        `${indent}    suspended: ${describeValue(call.suspension.payload)} → resume runId ${p(t.runId)}, toolCallId ${p(t.toolCallId)}`,
      );
    }
    if (call.workflow) {
      lines.push(
        `${indent}    workflow ${p(call.workflow.workflowId ?? '')} · ${call.workflow.status}`,
      );
      for (const stepId of call.workflow.stepIds) {
        const step = call.workflow.steps.get(stepId);
        if (step) lines.push(`${indent}      step ${p(step.name)} · ${step.status}`);
      }
    }
    if (depth < MAX_TREE_DEPTH) {
      for (const childRunId of call.childRunIds) {
        const child = state.runs.get(childRunId);
        if (child) describeRun(state, child, `${indent}    `, lines, depth + 1);
      }
    } else if (call.childRunIds.length > 0) {
      lines.push(`${indent}    … runs nested deeper than ${MAX_TREE_DEPTH} levels are not shown`);
    }
  }
}

/**
 * The tree of runs, subagents and tool calls for a person to read.
 *
 * @example
 * console.log(formatTree(reduceAll(chunks)));
 */
export function formatTree(state: ToolpaneState): string {
  const lines: string[] = [];
  for (const runId of state.runOrder) {
    const run = state.runs.get(runId);
    if (run) describeRun(state, run, '', lines, 0);
  }
  for (const issue of state.issues) lines.push(`! ${issue.kind}: ${p(issue.message)}`);
  return lines.join('\n');
}
