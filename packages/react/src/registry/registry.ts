import type { ComponentType } from 'react';
import type {
  AnyToolRenderer,
  DisplaySchemas,
  ResolvedToolRenderer,
  ToolFallbackRenderer,
  ToolRegistry,
  ToolRegistryEntries,
  ToolRegistryOptions,
  ToolRenderer,
  ToolRendererProps,
  ToolSchemas,
} from './types.js';

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
