import { AppendList } from './append-list.js';
import type { ToolpaneState } from './state.js';

/*
 * Internal: how a state stores its orders. Not exported from the package: a state is read through
 * its public fields only.
 */

/** Where a state keeps the append-only lists behind its orders. */
export const ORDERS: unique symbol = Symbol('toolpane.orders');

/** The append-only lists behind `runOrder` and `toolCallOrder`. */
export interface Orders {
  readonly runs: AppendList<string>;
  readonly calls: AppendList<string>;
}

/** The fields of a state besides its orders. */
export type StateFields = Omit<ToolpaneState, 'runOrder' | 'toolCallOrder'>;

type Rooted = ToolpaneState & { [ORDERS]: Orders };

/**
 * A state whose `runOrder` and `toolCallOrder` are read from append-only lists. They
 * are enumerable getters, so spreading, `JSON.stringify` and equality checks see plain arrays,
 * while the reducer appends in O(1) and an order nobody reads is never built.
 */
export function makeState(fields: StateFields, orders: Orders): ToolpaneState {
  return Object.defineProperties(
    {},
    {
      format: { value: fields.format, writable: true, enumerable: true },
      runs: { value: fields.runs, writable: true, enumerable: true },
      runOrder: { get: readRunOrder, enumerable: true },
      toolCalls: { value: fields.toolCalls, writable: true, enumerable: true },
      toolCallOrder: { get: readToolCallOrder, enumerable: true },
      issues: { value: fields.issues, writable: true, enumerable: true },
      unknownChunks: { value: fields.unknownChunks, writable: true, enumerable: true },
      [ORDERS]: { value: orders, writable: true },
    },
  ) as ToolpaneState;
}

function readRunOrder(this: Rooted): readonly string[] {
  return this[ORDERS].runs.toArray();
}

function readToolCallOrder(this: Rooted): readonly string[] {
  return this[ORDERS].calls.toArray();
}

/** The order lists of a state, built from its arrays when it was made elsewhere. */
export function ordersOf(state: ToolpaneState): Orders {
  return (
    (state as Partial<Rooted>)[ORDERS] ?? {
      runs: AppendList.from(state.runOrder),
      calls: AppendList.from(state.toolCallOrder),
    }
  );
}

/** Whether a state was made by {@link makeState}. */
export const hasOrders = (state: ToolpaneState): boolean =>
  (state as Partial<Rooted>)[ORDERS] !== undefined;
