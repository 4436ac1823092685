import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { DisplayValue, ToolCallState, ToolCallStatus, ToolKind } from '@toolpane/client';
import type { ComponentType } from 'react';
import type { ApprovalHandle } from '../hooks/approval-handle.js';

/**
 * A tool's schemas under Mastra's names: a `createTool` result has this shape, and so does a
 * plain object of Standard Schemas (zod, valibot, arktype, …). Nothing from `@mastra/core` is
 * imported; the shape is all that counts.
 */
export interface ToolSchemas {
  readonly inputSchema?: StandardSchemaV1 | undefined;
  readonly outputSchema?: StandardSchemaV1 | undefined;
  readonly suspendSchema?: StandardSchemaV1 | undefined;
  readonly resumeSchema?: StandardSchemaV1 | undefined;
}

/**
 * Schemas for values that a display transform reshaped (Mastra's `toolPayloadTransform`, or a
 * client transform). Without one, a transformed value reaches the renderer as `unknown`.
 */
export interface DisplaySchemas {
  readonly input?: StandardSchemaV1 | undefined;
  readonly output?: StandardSchemaV1 | undefined;
}

// `infer` rather than `keyof T`: keyof would make TypeScript treat the props as contravariant in
// the tool type, so a renderer for any tool could not stand in for a typed one.
type SchemaAt<T, K extends string> = T extends { readonly [P in K]?: infer S }
  ? Exclude<S, undefined>
  : never;
type OutputOf<S> = [S] extends [never]
  ? unknown
  : S extends StandardSchemaV1
    ? StandardSchemaV1.InferOutput<S>
    : unknown;
type InputOf<S> = [S] extends [never]
  ? unknown
  : S extends StandardSchemaV1
    ? StandardSchemaV1.InferInput<S>
    : unknown;

/** The validated input type of a tool (its input schema's output), or `unknown`. */
export type InferToolInput<TTool> = OutputOf<SchemaAt<TTool, 'inputSchema'>>;
/** The validated output type of a tool, or `unknown`. */
export type InferToolOutput<TTool> = OutputOf<SchemaAt<TTool, 'outputSchema'>>;
/** The payload type a tool passes to `suspend()`, or `unknown`. */
export type InferToolSuspend<TTool> = OutputOf<SchemaAt<TTool, 'suspendSchema'>>;
/** The data a suspended tool must be resumed with, or `unknown`. */
export type InferToolResume<TTool> = InputOf<SchemaAt<TTool, 'resumeSchema'>>;
/** The type of a transformed input or output under its display schema, or `unknown`. */
export type InferDisplay<TDisplay, TField extends 'input' | 'output'> = OutputOf<
  SchemaAt<TDisplay, TField>
>;

/** Every property optional, at any depth: what a streaming input can look like so far. */
export type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? DeepPartial<U>[]
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T;

/** One way a value fails its schema; `path` is a JSON pointer ('' for the root). */
export interface SchemaIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A displayed value as a renderer gets it. `partial` is a streaming input (not validated yet);
 * `valid` passed the tool's schema (or there is none); `transformed` is what a display transform
 * produced, checked against the display schema when one is given; `hidden` must be shown as a
 * placeholder.
 */
export type ShownValue<T = unknown, TDisplay = unknown> =
  | { readonly kind: 'none' }
  | { readonly kind: 'partial'; readonly value: DeepPartial<T> }
  | { readonly kind: 'valid'; readonly value: T }
  | { readonly kind: 'transformed'; readonly value: TDisplay }
  | {
      readonly kind: 'hidden';
      readonly reason: 'pending' | 'suppressed' | 'failed';
      readonly message?: string;
    };

/** A displayed value that does not match its schema. */
export interface SchemaMismatch {
  readonly kind: 'mismatch';
  /** Whether the value came from a display transform (and failed the display schema). */
  readonly transformed: boolean;
  /** The value as it arrived: a display value, never the raw value behind a transform. */
  readonly value: unknown;
  readonly issues: readonly SchemaIssue[];
}

/** What {@link validateDisplayValue} returns. */
export type CheckedValue<T = unknown, TDisplay = unknown> =
  | ShownValue<T, TDisplay>
  | SchemaMismatch;

/**
 * Props every tool renderer gets, typed from the tool's schemas and display schemas. Declared
 * covariant: the props reach the tool type only through conditional types, which TypeScript
 * cannot measure, and would otherwise let any tool's props stand in for any other's.
 */
export interface ToolRendererProps<out TTool = ToolSchemas, out TDisplay = DisplaySchemas> {
  readonly toolCallId: string;
  /** The key the tool was registered under on the agent. */
  readonly toolName: string;
  readonly kind: ToolKind;
  readonly status: ToolCallStatus;
  /** The whole call, for what the typed fields do not cover (progress, workflow, timings). */
  readonly call: ToolCallState;
  readonly input: ShownValue<InferToolInput<TTool>, InferDisplay<TDisplay, 'input'>>;
  readonly output: ShownValue<InferToolOutput<TTool>, InferDisplay<TDisplay, 'output'>>;
  /** The error as it should be shown (a string when raw). */
  readonly error: DisplayValue;
  /** What the tool passed to `suspend()`, checked against its suspend schema. */
  readonly suspendPayload: ShownValue<InferToolSuspend<TTool>>;
  /** The call's approval or suspension, with typed `resume`. */
  readonly approval: ApprovalHandle<InferToolResume<TTool>>;
}

/** A renderer bound to a tool's schemas; made by {@link defineToolRenderer}. */
export interface ToolRenderer<TTool = ToolSchemas, TDisplay = DisplaySchemas> {
  readonly '~toolpane': 'tool-renderer';
  readonly schemas: ToolSchemas;
  readonly display: DisplaySchemas;
  readonly render: ComponentType<ToolRendererProps<TTool, TDisplay>>;
  /** Carries the types for inference only; never set. */
  readonly '~types'?: { readonly tool: TTool; readonly display: TDisplay };
}

/** A renderer for any call: props are untyped (`unknown` values), and nothing is validated. */
export type ToolFallbackRenderer = ComponentType<ToolRendererProps>;

/** Any renderer made by {@link defineToolRenderer}, whatever its types. */
export interface AnyToolRenderer {
  readonly '~toolpane': 'tool-renderer';
  readonly schemas: ToolSchemas;
  readonly display: DisplaySchemas;
  readonly render: unknown;
}

/**
 * Renderers by the key a tool was registered under on the agent. `'agent-*'` catches subagent
 * calls, `'workflow-*'` workflow calls, and `'*'` everything else.
 */
export type ToolRegistryEntries = {
  readonly [toolName: string]: AnyToolRenderer | ToolFallbackRenderer;
};

/** One call that failed its schema, for the mismatch view. */
export interface ToolMismatch extends SchemaMismatch {
  readonly field: 'input' | 'output' | 'suspendPayload';
}

/** Props of the component shown instead of a renderer when a displayed value fails its schema. */
export interface ToolMismatchProps {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly call: ToolCallState;
  readonly mismatches: readonly ToolMismatch[];
}

/** The renderer picked for a call. */
export interface ResolvedToolRenderer {
  /** The registry key that matched: the toolName, `'agent-*'`, `'workflow-*'` or `'*'`. */
  readonly key: string;
  readonly schemas: ToolSchemas;
  readonly display: DisplaySchemas;
  readonly render: ComponentType<ToolRendererProps>;
}

/** Options of {@link createToolRegistry}. */
export interface ToolRegistryOptions {
  /** Shown instead of a renderer when a displayed value fails its schema. */
  readonly mismatch?: ComponentType<ToolMismatchProps>;
}

/** Renderers by toolName with fallbacks; made by {@link createToolRegistry}. */
export interface ToolRegistry<TEntries extends ToolRegistryEntries = ToolRegistryEntries> {
  readonly entries: TEntries;
  readonly mismatch: ComponentType<ToolMismatchProps> | undefined;
  /** The renderer for a call: its toolName, then `'agent-*'` / `'workflow-*'`, then `'*'`. */
  resolve(call: Pick<ToolCallState, 'toolName' | 'kind'>): ResolvedToolRenderer | undefined;
}

/** The renderer props of one registry entry, e.g. to type a component defined elsewhere. */
export type ToolRegistryProps<
  TRegistry extends ToolRegistry,
  TName extends keyof TRegistry['entries'],
> = TRegistry['entries'][TName] extends {
  readonly '~types'?: { readonly tool: infer TTool; readonly display: infer TDisplay };
}
  ? ToolRendererProps<TTool, TDisplay>
  : ToolRendererProps;
