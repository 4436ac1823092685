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
