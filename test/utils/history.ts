import {
  type RunState,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { expect } from 'vitest';

/**
 * A subagent call's output by its text. The inner calls its result quotes are shown with what a
 * state knows of them (client README, Security): a state rebuilt from the supervisor's memory has
 * not seen them, so it shows placeholders where the live stream showed their values.
 */
function agentOutput(c: ToolCallState) {
  if (c.output.kind !== 'raw' && c.output.kind !== 'transformed') return c.output;
  const text = (c.output.value as { text?: unknown } | null)?.text;
  return { shown: true, text };
}

/**
 * What a person sees of a state, without what a live stream and history tell differently (text
 * part ids, step bookkeeping, clocks, the prompt): two states that summarize the same render the
 * same conversation.
 */
export function summarize(state: ToolpaneState) {
  const run = (r: RunState) => ({
    status: r.status,
    depth: r.depth,
    parentToolCallId: r.parentToolCallId,
    toolCallIds: r.toolCallIds,
    parts: r.parts.map((part) =>
      part.type === 'text' || part.type === 'reasoning'
        ? `${part.type}:${part.text}`
        : part.type === 'tool-call'
          ? `call:${part.toolCallId}`
          : part.type === 'data'
            ? `data:${part.name}`
            : part.type,
    ),
    ...(r.error === undefined ? {} : { error: r.error }),
  });
  const call = (c: ToolCallState) => ({
    toolName: c.toolName,
    kind: c.kind,
    status: c.status,
    runId: c.runId,
    parentToolCallId: c.parentToolCallId,
    input: c.input,
    output: c.kind === 'agent' ? agentOutput(c) : c.output,
    error: c.error,
    childRunIds: c.childRunIds,
    ...(c.approval === undefined
      ? {}
      : {
          approval: {
            toolName: c.approval.toolName,
            args: c.approval.args,
            target: c.approval.target,
            decision: c.approval.decision,
          },
        }),
    ...(c.suspension === undefined
      ? {}
      : {
          suspension: {
            payload: c.suspension.payload,
            target: c.suspension.target,
            resumeSchema: c.suspension.resumeSchema,
          },
        }),
    ...(c.workflow === undefined
      ? {}
      : {
          workflow: {
            status: c.workflow.status,
            runId: c.workflow.runId,
            stepIds: c.workflow.stepIds,
            steps: [...c.workflow.steps.values()].map((s) => `${s.id}:${s.status}`),
          },
        }),
  });
  return {
    runOrder: state.runOrder,
    runs: Object.fromEntries([...state.runs].map(([id, r]) => [id, run(r)])),
    toolCallOrder: state.toolCallOrder,
    toolCalls: Object.fromEntries([...state.toolCalls].map(([id, c]) => [id, call(c)])),
    issues: state.issues,
  };
}

/**
 * The assistant message `useChat` holds after reading these UI message stream chunks: the AI
 * SDK's own `readUIMessageStream`, continuing `message` when given (a continuation after an
 * approval extends the same message).
 */
export async function uiMessageOf(
  chunks: readonly unknown[],
  message?: UIMessage,
): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk as UIMessageChunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined = message;
  for await (const next of readUIMessageStream({
    stream,
    ...(message === undefined ? {} : { message }),
    onError: (error) => {
      throw error;
    },
  })) {
    last = next;
  }
  if (last === undefined) throw new Error('The stream made no message');
  // What persistence stores and a reload reads: JSON.
  return JSON.parse(JSON.stringify(last)) as UIMessage;
}

/** A user message as `useChat` holds it. */
export const userMessage = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/**
 * The conversation a person sees at the top level: each top-level run's status, prompt, text and
 * tool calls, and the decisions that wait. Memory keeps no subagent runs of its own (their calls
 * live in the subagent's thread), so this is what a live state and one rebuilt from memory share.
 */
export function conversation(state: ToolpaneState) {
  return {
    runs: state.runOrder.map((runId) => {
      const run = state.runs.get(runId)!;
      return {
        status: run.status,
        text: run.parts
          .flatMap((part) => (part.type === 'text' ? [part.text] : []))
          .join('')
          .trim(),
        calls: run.toolCallIds.map((id) => {
          const call = state.toolCalls.get(id)!;
          return {
            toolCallId: id,
            toolName: call.toolName,
            status: call.status,
            input: call.input,
            output: call.kind === 'agent' ? agentOutput(call) : call.output,
            error: call.error,
          };
        }),
      };
    }),
    pending: selectPendingApprovals(state).map((pending) => ({
      toolName: pending.toolName,
      kind: pending.kind,
      resumeWith: pending.resumeWith,
    })),
  };
}

/** The messages of a memory thread, as the server's memory route returns them. */
export async function memoryMessages(
  base: { readonly baseUrl: string },
  agentId: string,
  thread: { readonly threadId: string; readonly resourceId: string },
): Promise<unknown[]> {
  const query = `agentId=${agentId}&resourceId=${thread.resourceId}`;
  const response = await fetch(
    `${base.baseUrl}/api/memory/threads/${thread.threadId}/messages?${query}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: unknown[] }).messages;
}

/** What {@link conversation} gives. */
export type Conversation = ReturnType<typeof conversation>;

/**
 * What memory can tell of a live conversation. Memory keeps a pending approval raised inside a
 * subagent under the outer `agent-*` call only (the inner call's id is not stored), so that is
 * where it comes back: the outer call asks, with the inner tool's name and the same target.
 */
export const fromMemory = (live: Conversation): Conversation => ({
  ...live,
  runs: live.runs.map((run) => ({
    ...run,
    calls: run.calls.map((call) => {
      const nested = live.pending.find(
        (p) => p.resumeWith.toolCallId === call.toolCallId && p.toolName !== call.toolName,
      );
      return nested === undefined
        ? call
        : { ...call, status: nested.kind === 'approval' ? 'approval-requested' : 'suspended' };
    }),
  })),
});

/**
 * A conversation without the outputs of `agent-*` calls: live, Toolpane knows which of a
 * subagent's inner calls hide values and shows the others in the result; rebuilt from memory it
 * cannot know, so it hides them all (checked on its own).
 */
export const agentOutputsAside = (c: Conversation): Conversation => ({
  ...c,
  runs: c.runs.map((run) => ({
    ...run,
    calls: run.calls.map((call) =>
      call.toolName.startsWith('agent-') ? { ...call, output: { kind: 'none' } } : call,
    ),
  })),
});

/** A value with its transformed values shown as values that came as they are (AI SDK path). */
export const asShown = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll('"kind":"transformed"', '"kind":"raw"'));
