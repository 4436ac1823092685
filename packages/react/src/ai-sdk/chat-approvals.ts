/*
 * How a decision on an approval goes through a `useChat` chat. The chat records the answer in
 * its tool part (`addToolApprovalResponse`) and sends it itself when its `sendAutomaticallyWhen`
 * (`lastAssistantMessageIsCompleteWithApprovalResponses`) holds for its messages: that is read
 * from the messages, never from how soon a request follows, since the transport may take any
 * time (an auth header fetched per request) before the request reaches `fetch`.
 */

type Part = {
  readonly type?: unknown;
  readonly state?: unknown;
  readonly preliminary?: unknown;
  readonly approval?: { readonly id?: unknown; readonly approved?: unknown };
};

/**
 * Why a chat's `messages` cannot be sent (an entry that is not a `UIMessage` with its `parts`,
 * which `useChat` cannot read either), or undefined when each one is.
 */
export function notMessages(messages: readonly unknown[]): string | undefined {
  const at = messages.findIndex(
    (message) =>
      typeof message !== 'object' ||
      message === null ||
      !Array.isArray((message as { parts?: unknown }).parts),
  );
  return at === -1
    ? undefined
    : `Nothing was sent: the chat's message ${at} is not a UI message with parts`;
}

const partsOf = (message: unknown): readonly Part[] => {
  const parts = (message as { parts?: unknown } | null)?.parts;
  return Array.isArray(parts) ? parts : [];
};

const isTool = ({ type }: Part) =>
  typeof type === 'string' && (type === 'dynamic-tool' || type.startsWith('tool-'));

/**
 * Whether `lastAssistantMessageIsCompleteWithApprovalResponses` holds for `messages` once the part
 * of approval `approvalId` is answered: the last message is an assistant message whose last step
 * has an answered approval and no tool call still open.
 */
function sendsOnceAnswered(messages: readonly unknown[], approvalId: string): boolean {
  const last = messages[messages.length - 1] as { role?: unknown } | null | undefined;
  if (last?.role !== 'assistant') return false;
  const parts = partsOf(last);
  let answered = false;
  for (let i = parts.length - 1; i >= 0 && parts[i]?.type !== 'step-start'; i--) {
    const part = parts[i]!;
    if (typeof part !== 'object' || part === null || !isTool(part)) continue;
    const state = part.approval?.id === approvalId ? 'approval-responded' : part.state;
    if (state === 'approval-responded') answered = true;
    else if (
      !(state === 'output-available' && part.preliminary !== true) &&
      state !== 'output-error' &&
      state !== 'output-denied'
    ) {
      return false;
    }
  }
  return answered;
}

/**
 * How a decision on approval `approvalId` goes through a chat holding `messages`:
 * - `chat`: the chat holds the request, and sends the answer itself once given it;
 * - `answer-then-body`: the chat holds the request, but holds the answer back (another call of
 *   its step is still open): the session gives it the answer, then sends it in a request body;
 * - `body`: the chat holds no part for it, or holds this same answer after sending it failed
 *   (`failed`): the session sends it in a request body;
 * - a string: why nothing is to be sent (the chat holds another answer, or the call went on).
 */
export function approvalRoute(
  messages: readonly unknown[],
  approvalId: string,
  approved: boolean,
  failed: boolean,
): 'chat' | 'answer-then-body' | 'body' | string {
  for (const message of messages) {
    for (const part of partsOf(message)) {
      if (typeof part !== 'object' || part === null || part.approval?.id !== approvalId) continue;
      if (part.state === 'approval-requested') {
        return sendsOnceAnswered(messages, approvalId) ? 'chat' : 'answer-then-body';
      }
      if (part.state === 'approval-responded' && part.approval.approved === approved && failed) {
        return 'body';
      }
      return `Nothing was sent: the chat already holds an answer to this request (${String(part.state)})`;
    }
  }
  return 'body';
}
