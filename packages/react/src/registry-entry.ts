/**
 * `@toolpane/react/registry`: the typed tool-renderer registry and `<ToolCallView>`. It lives
 * apart from `@toolpane/react` so that an app using only the provider and hooks does not ship the
 * registry. Both entries share one provider: `<ToolCallView>` reads the calls and the registry of
 * the `<ToolpaneProvider>` imported from `@toolpane/react`.
 *
 * @example
 * import { ToolpaneProvider } from '@toolpane/react';
 * import { createToolRegistry, ToolCallView } from '@toolpane/react/registry';
 *
 * const registry = createToolRegistry({ weatherTool: WeatherCard, '*': ToolCard });
 *
 * function Call({ toolCallId }: { toolCallId: string }) {
 *   return (
 *     <ToolpaneProvider session={session} registry={registry}>
 *       <ToolCallView toolCallId={toolCallId} />
 *     </ToolpaneProvider>
 *   );
 * }
 *
 * @module
 */
export { createToolRegistry, defineToolRenderer } from './registry/registry.js';
export {
  ToolCallView,
  type ToolCallViewProps,
  ToolMismatchNotice,
} from './registry/tool-call-view.js';
export type {
  AnyToolRenderer,
  CheckedValue,
  DeepPartial,
  DisplaySchemas,
  InferDisplay,
  InferToolInput,
  InferToolOutput,
  InferToolResume,
  InferToolSuspend,
  ResolvedToolRenderer,
  SchemaIssue,
  SchemaMismatch,
  ShownValue,
  ToolFallbackRenderer,
  ToolMismatch,
  ToolMismatchProps,
  ToolRegistry,
  ToolRegistryEntries,
  ToolRegistryOptions,
  ToolRegistryProps,
  ToolRenderer,
  ToolRendererProps,
  ToolSchemas,
} from './registry/types.js';
export { type ValidateDisplayOptions, validateDisplayValue } from './registry/validate.js';
