import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { DisplayValue, ToolCallState, ToolCallStatus, ToolKind } from '@toolpane/client';
import type { ComponentType } from 'react';
import type { ApprovalHandle } from './use-approval.js';

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

const NO_SCHEMAS: ToolSchemas = Object.freeze({});
const NO_DISPLAY: DisplaySchemas = Object.freeze({});

function isToolRenderer(entry: AnyToolRenderer | ToolFallbackRenderer): entry is AnyToolRenderer {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    (entry as { '~toolpane'?: unknown })['~toolpane'] === 'tool-renderer'
  );
}

/**
 * Binds a renderer to a tool's schemas, so its props are typed from them and the displayed input,
 * output and suspend payload are validated before it renders. `tool` is a Mastra `createTool`
 * result or any `{ inputSchema, outputSchema }` of Standard Schemas; `display` gives the schemas
 * of values a display transform reshaped.
 *
 * @example
 * const weatherCard = defineToolRenderer(weatherTool, ({ input, output }) => (
 *   <article>
 *     <h3>{input.kind === 'valid' ? input.value.city : 'Weather'}</h3>
 *     {output.kind === 'valid' && <p>{output.value.tempC} °C</p>}
 *   </article>
 * ));
 */
export function defineToolRenderer<
  const TTool extends ToolSchemas,
  const TDisplay extends DisplaySchemas = Record<never, never>,
>(
  tool: TTool,
  render: ComponentType<ToolRendererProps<TTool, TDisplay>>,
  options: { readonly display?: TDisplay } = {},
): ToolRenderer<TTool, TDisplay> {
  return {
    '~toolpane': 'tool-renderer',
    schemas: {
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      suspendSchema: tool.suspendSchema,
      resumeSchema: tool.resumeSchema,
    },
    display: options.display ?? NO_DISPLAY,
    render,
  };
}

function toResolved(key: string, entry: AnyToolRenderer | ToolFallbackRenderer) {
  if (!isToolRenderer(entry)) {
    return { key, schemas: NO_SCHEMAS, display: NO_DISPLAY, render: entry };
  }
  return {
    key,
    schemas: entry.schemas,
    display: entry.display,
    // defineToolRenderer typed `render` for exactly these schemas, which the view validates against.
    render: entry.render as ComponentType<ToolRendererProps>,
  };
}

/**
 * Creates a registry of renderers by toolName (the key the tool was registered under on the
 * agent), with fallbacks: `'agent-*'` for subagent calls, `'workflow-*'` for workflow calls and
 * `'*'` for the rest. Give it to `<ToolpaneProvider registry>` or `<ToolCallView registry>`.
 *
 * @example
 * const registry = createToolRegistry({
 *   weatherTool: defineToolRenderer(weatherTool, WeatherCard),
 *   'agent-*': ({ toolName, status }) => <p>{toolName} is {status}</p>,
 *   'workflow-*': WorkflowCard,
 *   '*': GenericToolCard,
 * });
 */
export function createToolRegistry<const TEntries extends ToolRegistryEntries>(
  entries: TEntries,
  options: ToolRegistryOptions = {},
): ToolRegistry<TEntries> {
  const resolved = new Map<string, ResolvedToolRenderer>();
  for (const [key, entry] of Object.entries(entries)) resolved.set(key, toResolved(key, entry));
  return {
    entries,
    mismatch: options.mismatch,
    resolve(call) {
      const exact = resolved.get(call.toolName);
      if (exact !== undefined) return exact;
      if (call.kind === 'agent') {
        const agent = resolved.get('agent-*');
        if (agent !== undefined) return agent;
      }
      if (call.kind === 'workflow') {
        const workflow = resolved.get('workflow-*');
        if (workflow !== undefined) return workflow;
      }
      return resolved.get('*');
    },
  };
}

function pointer(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined || path.length === 0) return '';
  return path
    .map((segment) => `/${String(typeof segment === 'object' ? segment.key : segment)}`)
    .join('');
}

function check(schema: StandardSchemaV1, value: unknown): StandardSchemaV1.Result<unknown> {
  try {
    const result = schema['~standard'].validate(value);
    if (result instanceof Promise) {
      // Rendering cannot wait; the promise is dropped, and handled so it cannot go unhandled.
      result.catch(() => {});
      return {
        issues: [
          { message: 'The schema validates asynchronously; only synchronous schemas work.' },
        ],
      };
    }
    return result;
  } catch (error) {
    return { issues: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
}

const NONE: CheckedValue = Object.freeze({ kind: 'none' });
const UNCHECKED = {};
const PARTIAL = {};
const cache = new WeakMap<DisplayValue, WeakMap<object, CheckedValue>>();

function compute(
  display: DisplayValue,
  schema: StandardSchemaV1 | undefined,
  displaySchema: StandardSchemaV1 | undefined,
  partial: boolean,
): CheckedValue {
  switch (display.kind) {
    case 'none': {
      return NONE;
    }
    case 'hidden': {
      return display;
    }
    case 'raw': {
      if (partial) return { kind: 'partial', value: display.value };
      if (schema === undefined) return { kind: 'valid', value: display.value };
      const result = check(schema, display.value);
      if (result.issues === undefined) return { kind: 'valid', value: result.value };
      return mismatch(display.value, result.issues, false);
    }
    case 'transformed': {
      if (displaySchema === undefined) return { kind: 'transformed', value: display.value };
      const result = check(displaySchema, display.value);
      if (result.issues === undefined) return { kind: 'transformed', value: result.value };
      return mismatch(display.value, result.issues, true);
    }
    default: {
      display satisfies never;
      return NONE;
    }
  }
}

function mismatch(
  value: unknown,
  issues: readonly StandardSchemaV1.Issue[],
  transformed: boolean,
): SchemaMismatch {
  return {
    kind: 'mismatch',
    transformed,
    value,
    issues: issues.map((issue) => ({ path: pointer(issue.path), message: issue.message })),
  };
}

/** Options of {@link validateDisplayValue}. */
export interface ValidateDisplayOptions {
  /** Checks raw values. */
  readonly schema?: StandardSchemaV1 | undefined;
  /** Checks values a display transform produced. */
  readonly displaySchema?: StandardSchemaV1 | undefined;
  /** The value is a streaming input: pass it on as `partial`, unchecked. */
  readonly partial?: boolean;
}

/**
 * Checks a display value against the tool's schema (raw values) or the display schema
 * (transformed values). Never throws: a failing, throwing or asynchronous schema gives a
 * `mismatch`. Results are cached per display value and schema, so calling it on every render is
 * cheap and returns the same object.
 *
 * @example
 * const output = validateDisplayValue(call.output, { schema: weatherTool.outputSchema });
 * if (output.kind === 'mismatch') console.warn(output.issues);
 */
export function validateDisplayValue(
  display: DisplayValue,
  options: ValidateDisplayOptions = {},
): CheckedValue {
  const partial = options.partial === true && display.kind === 'raw';
  const key = partial
    ? PARTIAL
    : display.kind === 'transformed'
      ? (options.displaySchema ?? UNCHECKED)
      : (options.schema ?? UNCHECKED);
  let byKey = cache.get(display);
  const cached = byKey?.get(key);
  if (cached !== undefined) return cached;
  const value = compute(display, options.schema, options.displaySchema, partial);
  if (byKey === undefined) {
    byKey = new WeakMap();
    cache.set(display, byKey);
  }
  byKey.set(key, value);
  return value;
}
