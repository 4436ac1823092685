import type { SessionThread } from '@toolpane/client';

/** Where the page keeps the id of its conversation, so a reload continues the same thread. */
const THREAD_KEY = 'toolpane-demo:thread';

/** Every conversation of the demo belongs to this one person. */
const RESOURCE_ID = 'demo-user';

function newThreadId(): string {
  return typeof crypto.randomUUID === 'function'
    ? `thread-${crypto.randomUUID()}`
    : `thread-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function stored(): string | null {
  try {
    return localStorage.getItem(THREAD_KEY);
  } catch {
    return null;
  }
}

function keep(threadId: string): void {
  try {
    localStorage.setItem(THREAD_KEY, threadId);
  } catch {
    // Storage off (a private window): the conversation lasts until the page reloads.
  }
}

/** The Mastra memory thread of this browser's conversation; a new one on the first visit. */
export function currentThread(): SessionThread {
  const saved = stored();
  const threadId = saved ?? newThreadId();
  if (saved === null) keep(threadId);
  return { threadId, resourceId: RESOURCE_ID };
}

/** Starts a new, empty conversation: the next load restores that one. */
export function startNewThread(): SessionThread {
  const threadId = newThreadId();
  keep(threadId);
  return { threadId, resourceId: RESOURCE_ID };
}
