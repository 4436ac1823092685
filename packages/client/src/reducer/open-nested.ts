import { topLevelCall } from '../state/repeats.js';
import { HUMAN_TOOL_STATUSES, TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Ctx, OpenIndex } from './context.js';
import { hidesValue } from './hide.js';
import { inside, runTree } from './tree.js';
import { assignUndoably, setUndoably, toggleUndoably } from './undo.js';

/*
 * The calls inside each top-level call that are open, and those that hide a value. A request for
 * a person that surfaces on an `agent-*` or `workflow-*` call goes to the call inside that asked
 * it, and only a call that has not ended
 * can ask or wait: looked up here, by what it can do and by tool, that costs what is open of that
 * kind under the top-level call, not the size of its history, so a subagent that makes thousands
 * of calls, each asking in turn, stays linear. The calls that hide a value are kept too, ended
 * or not: a request's schema or a failed decision's message is searched for what every call
 * under the call the decision goes to hides. A top-level call's calls are read from the state
 * the first time one is looked for under it (a call nobody asks under is never read, and a pure
 * `reduce` reads no more than a walk would), kept up to date after each value from the calls it
 * wrote; a rollback takes its writes back.
 */

/**
 * What a search looks among: the calls that hide a value (ended or not), or those not ended that
 * asked (a request waits, or its decision was sent), or else those not ended that can ask anew
 * (input streaming or available, or a decision sent; no run inside); of one tool, or any.
 */
export interface Among {
  readonly hiding?: boolean;
  readonly asked?: boolean;
  readonly tool?: string | undefined;
}

const bucket = (top: string, { hiding, asked, tool }: Among): string =>
  `${hiding === true ? 'h' : asked === true ? 'a' : 'f'}${tool === undefined ? '' : `\u0000${tool}`}\u0000${top}`;

/** Whether `call` is of the kind `among` names (its tool aside). */
const isOf = (call: ToolCallState, among: Among): boolean =>
  among.hiding === true
    ? hidesValue(call)
    : !TERMINAL_TOOL_STATUSES.has(call.status) &&
      (among.asked === true ? hasAsked(call) : canAsk(call));

/** Whether `call`, not ended, asked: it waits on a request, or holds one it had. */
const hasAsked = (call: ToolCallState): boolean =>
  HUMAN_TOOL_STATUSES.has(call.status) ||
  call.approval !== undefined ||
  call.suspension !== undefined;

/** Whether `call`, not ended, can ask anew. */
const canAsk = (call: ToolCallState): boolean =>
  (call.status.startsWith('input') || call.status === 'approval-responded') &&
  call.childRunIds.length === 0;

/** Adds or takes call `key` out of set `name` of `index`, as `member` says. */
function hold(ctx: Ctx, index: OpenIndex, name: string, key: string, member: boolean): void {
  const { undo } = ctx.draft;
  let keys = index.open.get(name);
  if (keys === undefined) {
    if (!member) return;
    keys = new Set();
    setUndoably(undo, index.open, name, keys);
  }
  toggleUndoably(undo, keys, key, member);
}

/**
 * Notes where call `key` stands in `index`. A call named late stays in its first tool's set too:
 * searches check what they find.
 */
function place(ctx: Ctx, index: OpenIndex, key: string): void {
  const { toolCalls } = ctx.draft.root;
  const call = toolCalls.get(key);
  if (call === undefined || call.parentToolCallId === null) return;
  const top = topLevelCall(toolCalls, call).key;
  if (!index.read.has(top)) return;
  if (!index.born.has(key)) setUndoably(ctx.draft.undo, index.born, key, index.born.size);
  const tool = call.toolName;
  for (const among of [{ hiding: true }, { asked: true }, {}]) {
    const member = isOf(call, among);
    hold(ctx, index, bucket(top, among), key, member);
    if (among.hiding !== true) hold(ctx, index, bucket(top, { ...among, tool }), key, member);
  }
}

/** The index, with the calls under top-level call `top` read. */
function openIndex(ctx: Ctx, top: ToolCallState): OpenIndex {
  const { scratch } = ctx;
  const { undo } = ctx.draft;
  let index = scratch.openInside;
  if (index === undefined) {
    index = { read: new Set(), born: new Map(), open: new Map(), fresh: undefined };
    assignUndoably(undo, scratch, { openInside: index });
  }
  // Read from calls a rollback may take back: read again after one.
  if (toggleUndoably(undo, index.read, top.key, true)) {
    for (const id of top.childRunIds) {
      for (const run of runTree(ctx.draft.root, id)) {
        for (const key of run.toolCallIds) place(ctx, index, key);
      }
    }
  }
  return index;
}

/** Brings the index, once read, up to date with the calls the value just applied wrote. */
export function indexWritten(ctx: Ctx): void {
  const index = ctx.scratch.openInside;
  if (index === undefined) return;
  const { written } = ctx.scratch;
  for (let i = 0; i < written.size; i++) place(ctx, index, written.at(i)!);
  index.fresh = undefined;
}

/** Notes call `key`, written by the value being applied, under its top-level call. */
function noteFresh(ctx: Ctx, fresh: Map<string, Set<string>>, key: string): void {
  const { toolCalls } = ctx.draft.root;
  const call = toolCalls.get(key);
  if (call === undefined || call.parentToolCallId === null) return;
  const top = topLevelCall(toolCalls, call).key;
  const keys = fresh.get(top);
  if (keys === undefined) fresh.set(top, new Set([key]));
  else keys.add(key);
}

/** Makes the reducer's draft tell the calls it writes to the index while a search needs them. */
export function watchOpen(ctx: Ctx): void {
  const told = ctx.draft.onWrite;
  ctx.draft.onWrite = (field, id) => {
    told?.(field, id);
    const fresh = ctx.scratch.openInside?.fresh;
    if (field === 'calls' && fresh !== undefined) noteFresh(ctx, fresh, id);
  };
}

/**
 * The calls nested under `call` at any depth of the kind `among` names, that `matches`: the latest
 * made first (calls the value being applied made count as the latest, in the order it wrote
 * them), or, with a `limit`, that many of them at most, in no order.
 */
export function openNested(
  ctx: Ctx,
  call: ToolCallState,
  among: Among,
  matches: (call: ToolCallState) => boolean,
  limit = Number.POSITIVE_INFINITY,
): ToolCallState[] {
  const { toolCalls } = ctx.draft.root;
  const top = topLevelCall(toolCalls, call);
  const index = openIndex(ctx, top);
  const { born, open } = index;
  const keys = open.get(bucket(top.key, among));
  // The calls written while this value is applied are not in the sets yet.
  let { fresh } = index;
  if (fresh === undefined) {
    fresh = index.fresh = new Map();
    const { written } = ctx.scratch;
    for (let i = 0; i < written.size; i++) noteFresh(ctx, fresh, written.at(i)!);
  }
  const written = fresh.get(top.key) ?? [];
  const ranked: [number, ToolCallState][] = [];
  const consider = (key: string, late: number) => {
    const nested = toolCalls.get(key);
    if (
      nested !== undefined &&
      isOf(nested, among) &&
      (among.tool === undefined || nested.toolName === among.tool) &&
      inside(toolCalls, nested, call.key) &&
      matches(nested)
    ) {
      ranked.push([born.get(key) ?? born.size + late, nested]);
    }
    return ranked.length >= limit;
  };
  let late = 0;
  if (keys !== undefined) for (const key of keys) if (consider(key, 0)) break;
  for (const key of written) {
    if (ranked.length >= limit) break;
    if (keys?.has(key) !== true) consider(key, late++);
  }
  return ranked.sort(([a], [b]) => b - a).map(([, nested]) => nested);
}

/** The latest made of {@link openNested}, or undefined when none matches. */
export const latestOpenNested = (
  ctx: Ctx,
  call: ToolCallState,
  among: Among,
  matches: (call: ToolCallState) => boolean,
): ToolCallState | undefined => openNested(ctx, call, among, matches)[0];
