import { AppendList } from './append-list.js';
import { PersistentMap } from './persistent-map.js';
import type { RunState, StreamFormat, StreamIssue, ToolCallState, ToolpaneState } from './state.js';

/*
 * Internal: how a state stores its orders. Not exported from the package: a state is read through
 * its public fields only.
 */

/** The append-only lists behind `runOrder` and `toolCallOrder`. */
export interface Orders {
  readonly runs: AppendList<string>;
  readonly calls: AppendList<string>;
}

/** The fields of a state besides its orders. */
export type StateFields = Omit<ToolpaneState, 'runOrder' | 'toolCallOrder'>;

/**
 * A state whose `runOrder` and `toolCallOrder` are getters over append-only lists: the reducer
 * appends in O(1), and an order nobody reads is never built. A class, because creating it costs
 * what a plain object does (one is made per published snapshot), where own accessor properties
 * cost a hundred times more. `toJSON` writes the orders as arrays.
 */
export class StateRoot implements ToolpaneState {
  format: StreamFormat;
  runs: ReadonlyMap<string, RunState>;
  toolCalls: ReadonlyMap<string, ToolCallState>;
  issues: readonly StreamIssue[];
  unknownChunks: readonly unknown[];
  #orders: Orders;

  constructor(fields: StateFields, orders: Orders) {
    this.format = fields.format;
    this.runs = fields.runs;
    this.toolCalls = fields.toolCalls;
    this.issues = fields.issues;
    this.unknownChunks = fields.unknownChunks;
    this.#orders = orders;
  }

  get runOrder(): readonly string[] {
    return this.#orders.runs.toArray();
  }

  get toolCallOrder(): readonly string[] {
    return this.#orders.calls.toArray();
  }

  toJSON(): Record<keyof ToolpaneState, unknown> {
    return {
      format: this.format,
      runs: this.runs,
      runOrder: this.runOrder,
      toolCalls: this.toolCalls,
      toolCallOrder: this.toolCallOrder,
      issues: this.issues,
      unknownChunks: this.unknownChunks,
    };
  }

  /** The lists of a root. */
  static orders(root: StateRoot): Orders {
    return root.#orders;
  }

  /** Replaces the lists of a root the reducer owns. */
  static setOrders(root: StateRoot, orders: Orders): void {
    root.#orders = orders;
  }
}

/** A state with the given fields and orders. */
export const makeState = (fields: StateFields, orders: Orders): ToolpaneState =>
  new StateRoot(fields, orders);

/**
 * The order lists of a state; for a state made elsewhere (rebuilt from JSON, or a spread copy,
 * which has no getters) they are built from its arrays, or from the maps' insertion order.
 */
export function ordersOf(state: ToolpaneState): Orders {
  if (state instanceof StateRoot) return StateRoot.orders(state);
  const runOrder =
    (state.runOrder as readonly string[] | undefined) ??
    [...state.runs.values()].filter((run) => run.parentToolCallId === null).map((run) => run.runId);
  const toolCallOrder = (state.toolCallOrder as readonly string[] | undefined) ?? [
    ...state.toolCalls.keys(),
  ];
  return { runs: AppendList.from(runOrder), calls: AppendList.from(toolCallOrder) };
}

/** Whether a state was made by {@link makeState}. */
export const hasOrders = (state: ToolpaneState): boolean => state instanceof StateRoot;

/** An empty state. */
export const initialState: ToolpaneState = Object.freeze(
  makeState(
    {
      format: 'unknown',
      runs: PersistentMap.empty<RunState>(),
      toolCalls: PersistentMap.empty<ToolCallState>(),
      issues: [],
      unknownChunks: [],
    },
    { runs: AppendList.from<string>([]), calls: AppendList.from<string>([]) },
  ),
);
