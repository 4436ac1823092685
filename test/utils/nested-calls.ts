import type { ToolCallState, ToolpaneState } from '@toolpane/client';

/**
 * Every call nested under `call` at any depth, read whole from the public state: in stream order,
 * each before the calls nested under it, each once (a hostile tree may loop).
 */
export function nestedCalls(state: ToolpaneState, call: ToolCallState): ToolCallState[] {
  const out: ToolCallState[] = [];
  const seen = new Set<string>([call.key]);
  const visit = (current: ToolCallState) => {
    for (const runId of current.childRunIds) {
      for (const key of state.runs.get(runId)?.toolCallIds ?? []) {
        const child = state.toolCalls.get(key);
        if (child === undefined || seen.has(key)) continue;
        seen.add(key);
        out.push(child);
        visit(child);
      }
    }
  };
  visit(call);
  return out;
}
