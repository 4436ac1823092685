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
export {
  type AnyToolRenderer,
  type CheckedValue,
  createToolRegistry,
  type DeepPartial,
  type DisplaySchemas,
  defineToolRenderer,
  type InferDisplay,
  type InferToolInput,
  type InferToolOutput,
  type InferToolResume,
  type InferToolSuspend,
  type ResolvedToolRenderer,
  type SchemaIssue,
  type SchemaMismatch,
  type ShownValue,
  type ToolFallbackRenderer,
  type ToolMismatch,
  type ToolMismatchProps,
  type ToolRegistry,
  type ToolRegistryEntries,
  type ToolRegistryOptions,
  type ToolRegistryProps,
  type ToolRenderer,
  type ToolRendererProps,
  type ToolSchemas,
  type ValidateDisplayOptions,
  validateDisplayValue,
} from './registry.js';
export { ToolCallView, type ToolCallViewProps, ToolMismatchNotice } from './tool-call-view.js';
