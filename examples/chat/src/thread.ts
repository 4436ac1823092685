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

/**
 * Keeps the thread for the next load. The page calls it when it sends into the thread, so the
 * id stored is always one Mastra's memory knows.
 */
export function rememberThread(thread: SessionThread): void {
  try {
    localStorage.setItem(THREAD_KEY, thread.threadId);
  } catch {
    // Storage off (a private window): the conversation lasts until the page reloads.
  }
}

/** A memory thread, and whether the page just made it up (Mastra has nothing in it yet). */
export interface PageThread {
  readonly thread: SessionThread;
  readonly fresh: boolean;
}

const fresh = (): PageThread => ({
  thread: { threadId: newThreadId(), resourceId: RESOURCE_ID },
  fresh: true,
});

/** The Mastra memory thread of this browser's conversation; a new one on the first visit. */
export function currentThread(): PageThread {
  const saved = stored();
  if (saved === null) return fresh();
  return { thread: { threadId: saved, resourceId: RESOURCE_ID }, fresh: false };
}

/** Starts a new, empty conversation; the next load restores it once a message was sent in it. */
export function startNewThread(): PageThread {
  try {
    localStorage.removeItem(THREAD_KEY);
  } catch {
    // Storage off: nothing was kept.
  }
  return fresh();
}
