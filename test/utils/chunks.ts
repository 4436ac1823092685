/** The run id of {@link agentChunk}'s chunks. */
export const RUN = 'run-1';

/**
 * A native chunk of the agent's run `run-1` (`from: 'AGENT'`), for tests that write the shape of
 * a stream by hand around real recordings: `extra` adds fields such as `metadata`.
 */
export const agentChunk = (type: string, payload: object, extra: object = {}) => ({
  type,
  runId: RUN,
  from: 'AGENT',
  payload,
  ...extra,
});

/** A native chunk of any run (`from: 'AGENT'`). */
export const runChunk = (type: string, runId: string, payload: unknown) => ({
  type,
  runId,
  from: 'AGENT',
  payload,
});

/**
 * `value` as the `agent-helper` call `agent` of run `run-1` streams it: wrapped in that call's
 * `tool-output`, as Mastra sends a subagent's chunks.
 */
export const insideAgent = (agent: string, value: unknown) => ({
  type: 'tool-output',
  runId: RUN,
  from: 'USER',
  payload: { output: value, toolCallId: agent, toolName: 'agent-helper' },
});
