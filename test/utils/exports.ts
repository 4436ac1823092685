import * as ui from '@toolpane/ui';
import * as inspector from '@toolpane/ui/inspector';

/** The modules of the ui package's entry points, by their key in its `exports`. */
export const UI_ENTRIES: Readonly<Record<string, object>> = { '.': ui, './inspector': inspector };

/** Exports that are not components: functions, labels and constants. */
export const NOT_COMPONENTS = new Set([
  'escapeFormat',
  'escapeText',
  'formatDuration',
  'formatElapsed',
  'MAX_NESTED_SUBAGENTS',
  'progressFraction',
  'resumeFields',
  'TOOL_CALL_STATUS_LABELS',
  'toolCallStatusLabel',
  'WORKFLOW_STATUS_LABELS',
]);

/** Namespace exports: their members are parts under short names (`ToolCall.Root`). */
export const NAMESPACES = new Set([
  'Approval',
  'NetworkRun',
  'ResumeForm',
  'SubagentRun',
  'ToolCall',
  'Transcript',
  'WorkflowRun',
]);

/** Every component export of the entry points, once, under all the names it has. */
export function components(): Map<unknown, string[]> {
  const found = new Map<unknown, string[]>();
  const add = (name: string, value: unknown) =>
    found.set(value, [...(found.get(value) ?? []), name]);
  for (const [name, value] of Object.values(UI_ENTRIES).flatMap((m) => Object.entries(m))) {
    if (NOT_COMPONENTS.has(name)) continue;
    if (NAMESPACES.has(name)) {
      for (const [key, member] of Object.entries(value as object)) add(`${name}.${key}`, member);
    } else add(name, value);
  }
  return found;
}
