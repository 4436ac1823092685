import {
  boolean,
  nonEmpty,
  number,
  object,
  optional,
  record,
  string,
  unknown,
} from '../chunks/check.js';

const opt = optional;

/** A request for a person raised by a network execution (`*-execution-approval|suspended`). */
const human = object({
  toolCallId: nonEmpty,
  toolName: opt(string),
  runId: opt(string),
  args: opt(unknown),
  resumeSchema: opt(unknown),
  suspendPayload: opt(unknown),
});
const aborted = object({ primitiveType: opt(string), primitiveId: opt(string) });

/**
 * Payload checks of the chunks of an agent network run (`agent.network()`), by chunk type. The
 * `agent-execution-event-<type>` and `workflow-execution-event-<type>` wrappers carry a whole
 * chunk of the execution as their payload and are read by prefix instead.
 */
export const networkPayloadSchemas = {
  'routing-agent-start': object({
    networkId: opt(string),
    runId: opt(string),
    inputData: opt(record),
  }),
  'routing-agent-end': object({
    runId: opt(string),
    primitiveId: opt(string),
    primitiveType: opt(string),
    prompt: opt(string),
    selectionReason: opt(string),
    iteration: opt(number),
  }),
  'routing-agent-text-start': object({ runId: opt(string) }),
  'routing-agent-text-delta': object({ text: string }),
  'routing-agent-abort': aborted,
  'agent-execution-start': object({ runId: nonEmpty, agentId: opt(string), args: opt(record) }),
  'agent-execution-end': object({ runId: nonEmpty, result: opt(unknown) }),
  'agent-execution-approval': human,
  'agent-execution-suspended': human,
  'agent-execution-abort': aborted,
  'workflow-execution-start': object({
    runId: nonEmpty,
    workflowId: opt(string),
    args: opt(record),
  }),
  'workflow-execution-end': object({ runId: nonEmpty, result: opt(unknown) }),
  'workflow-execution-suspended': human,
  'workflow-execution-abort': aborted,
  'tool-execution-start': object({ args: record }),
  'tool-execution-end': object({
    toolCallId: nonEmpty,
    toolName: opt(string),
    result: opt(unknown),
  }),
  'tool-execution-approval': human,
  'tool-execution-suspended': human,
  'tool-execution-abort': aborted,
  'network-validation-start': object({ iteration: opt(number), checksCount: opt(number) }),
  'network-validation-end': object({
    iteration: opt(number),
    passed: opt(boolean),
    reason: opt(string),
    maxIterationReached: opt(boolean),
  }),
  'network-execution-event-step-finish': unknown,
  'network-execution-event-finish': object({
    result: opt(unknown),
    isComplete: opt(boolean),
    completionReason: opt(string),
    object: opt(unknown),
  }),
} as const;

/** The prefixes of the wrappers that carry an execution's own chunks. */
export const EXECUTION_EVENT = /^(agent|workflow)-execution-event-/;
