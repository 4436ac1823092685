import type { AgentSession, SessionThread } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import {
  ToolpaneProvider,
  useAgent,
  usePendingApprovals,
  useSubagents,
  useToolpaneSelector,
  useToolpaneStore,
} from '@toolpane/react';
import { ToolCallCard, ToolpaneAnnouncer } from '@toolpane/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EXAMPLE_PROMPTS, SUPERVISOR_ID, TOOL_NAMES } from '../shared.ts';
import { useStickToBottom } from './scroll.ts';
import { currentThread, type PageThread, rememberThread, startNewThread } from './thread.ts';
import { sendOptionsOf, ToolControls, type ToolSettings } from './tool-controls.tsx';
import { Conversation, type PendingTurn, registry } from './transcript.tsx';

const ALL_TOOLS: readonly string[] = Object.values(TOOL_NAMES);

/** `?call=<toolCallId>` shows that one call of the conversation instead of the whole of it. */
const SINGLE_CALL = new URLSearchParams(window.location.search).get('call');

interface OpenThread {
  readonly thread: SessionThread;
  readonly session: AgentSession;
  /** Settles once the thread's messages are in the store (or could not be read). */
  readonly restored: Promise<unknown>;
}

/**
 * A session on the thread, restoring the conversation Mastra's memory holds for it. A thread the
 * page has just made up has nothing to restore (Mastra does not know it until the first message).
 */
function open({ thread, fresh }: PageThread): OpenThread {
  // The page starts the restore itself, so it knows when the conversation is back.
  const session = createAgentSession({
    baseUrl: '',
    agentId: SUPERVISOR_ID,
    thread,
    restore: false,
  });
  return { thread, session, restored: fresh ? Promise.resolve() : session.restore() };
}

/**
 * The page: one session with the demo's supervisor agent, served from the same origin, on the
 * memory thread this browser keeps; a reload restores the conversation from it.
 */
export function App() {
  const [conversation, setConversation] = useState(() => open(currentThread()));
  return (
    <ToolpaneProvider session={conversation.session} registry={registry} batch="frame">
      <Chat
        key={conversation.thread.threadId}
        thread={conversation.thread}
        restored={conversation.restored}
        onNewConversation={() => {
          conversation.session.abort('A new conversation started');
          setConversation(open(startNewThread()));
        }}
      />
    </ToolpaneProvider>
  );
}

function useModelName(): string | undefined {
  const [model, setModel] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/demo/config', { signal: controller.signal })
      .then((response) => response.json() as Promise<{ model: string }>)
      .then((config) => setModel(config.model))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return model;
}

/** False until the promise settles. */
function useSettled(promise: Promise<unknown>): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void promise.finally(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [promise]);
  return settled;
}

const STATUS_TEXT = {
  idle: 'Ready',
  streaming: 'The agent is working…',
  waiting: 'The agent waits for your decision',
  error: 'Something went wrong',
} as const;

function Chat({
  thread,
  restored,
  onNewConversation,
}: {
  thread: SessionThread;
  restored: Promise<unknown>;
  onNewConversation: () => void;
}) {
  const store = useToolpaneStore();
  const { send, abort, status, error } = useAgent();
  const model = useModelName();
  const loaded = useSettled(restored);
  const [prompts, setPrompts] = useState<ReadonlyMap<string, string>>(new Map());
  const [pending, setPending] = useState<readonly PendingTurn[]>([]);
  const [sent, setSent] = useState(0);
  const [draft, setDraft] = useState('');
  const [settings, setSettings] = useState<ToolSettings>({ active: ALL_TOOLS, choice: 'auto' });
  const nextId = useRef(1);
  const chatRef = useRef<HTMLElement>(null);
  const empty = useToolpaneSelector((state) => state.runs.size === 0) && pending.length === 0;

  /** The message now has the run that answers it: it shows above that run. */
  const bind = (id: number, text: string, runId: string) => {
    setPrompts((previous) => new Map(previous).set(runId, text));
    setPending((previous) => previous.filter((turn) => turn.id !== id));
  };

  const submit = async (text: string) => {
    const message = text.trim();
    if (message === '' || !loaded) return;
    const id = nextId.current++;
    const before = store.getState().runOrder.length;
    setPending((previous) => [...previous, { id, text: message }]);
    setSent((count) => count + 1);
    setDraft('');
    const unsubscribe = store.subscribe(() => {
      const runId = store.getState().runOrder[before];
      if (runId === undefined) return;
      unsubscribe();
      bind(id, message, runId);
    });
    // From now on memory knows the thread: a reload restores it.
    rememberThread(thread);
    // Only the new message: the agent's memory holds the conversation so far.
    const result = await send(message, sendOptionsOf(settings, ALL_TOOLS));
    unsubscribe();
    if (result.runId !== undefined) bind(id, message, result.runId);
    else if (result.status === 'error' || result.status === 'invalid') {
      const failure = result.error ?? 'The message could not be sent.';
      setPending((previous) =>
        previous.map((turn) => (turn.id === id ? { ...turn, error: failure } : turn)),
      );
    }
  };

  useStickToBottom(chatRef, sent);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(draft);
  };

  return (
    <div className="page">
      <header className="header">
        <h1>Toolpane demo</h1>
        <p className="model" data-model={model}>
          {model === undefined
            ? 'Connecting…'
            : model === 'scripted'
              ? 'Scripted model (offline)'
              : `Model: ${model}`}
        </p>
      </header>
      <main className="chat" ref={chatRef} aria-busy={!loaded || undefined}>
        {!loaded ? (
          <p className="empty">Loading the conversation…</p>
        ) : SINGLE_CALL !== null ? (
          <section className="single-call" aria-labelledby="single-call-title">
            <h2 id="single-call-title">One call of the conversation</h2>
            <ToolCallCard toolCallId={SINGLE_CALL} defaultOpen />
            <a href="./">Back to the conversation</a>
          </section>
        ) : empty ? (
          <div className="empty">
            <p>
              A real Mastra agent runs behind this page. Ask it something, or pick an example: each
              one shows a feature. The agent remembers the conversation, so a reload keeps it.
            </p>
          </div>
        ) : (
          <Conversation prompts={prompts} pending={pending} />
        )}
        {SINGLE_CALL !== null ? null : (
          <form className="composer" onSubmit={onSubmit}>
            <label htmlFor="message" className="visually-hidden">
              Message
            </label>
            <input
              id="message"
              autoComplete="off"
              placeholder="Ask the agent…"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            {status === 'streaming' && loaded ? (
              <button type="button" onClick={abort}>
                Stop
              </button>
            ) : (
              <button type="submit" disabled={!loaded || draft.trim() === ''}>
                Send
              </button>
            )}
            <p className="agent-status" role="status" data-status={status}>
              {loaded ? STATUS_TEXT[status] : 'Loading the conversation…'}
              {error !== undefined ? `: ${error}` : ''}
            </p>
          </form>
        )}
      </main>
      <aside className="side">
        <section className="panel" aria-labelledby="examples-title">
          <h2 id="examples-title">Examples</h2>
          <ul className="examples">
            {EXAMPLE_PROMPTS.map(({ feature, prompt }) => (
              <li key={prompt}>
                <button
                  type="button"
                  className="example"
                  disabled={!loaded || SINGLE_CALL !== null}
                  onClick={() => void submit(prompt)}
                >
                  <span className="example-feature">{feature}</span>
                  <span className="example-prompt">{prompt}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="new-conversation" onClick={onNewConversation}>
            New conversation
          </button>
        </section>
        <ToolControls tools={ALL_TOOLS} settings={settings} onChange={setSettings} />
        <Activity />
      </aside>
      <ToolpaneAnnouncer />
    </div>
  );
}

/** Who is waiting for a decision, and which subagents ran. */
function Activity() {
  const pending = usePendingApprovals();
  const subagents = useSubagents();
  return (
    <section className="panel" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <p>
        {pending.length === 0
          ? 'Nothing waits for you.'
          : `${pending.length} ${pending.length === 1 ? 'call waits' : 'calls wait'} for you: ${pending
              .map((item) => item.toolName)
              .join(', ')}`}
      </p>
      {subagents.length > 0 ? (
        <ul className="subagents" aria-label="Subagents">
          {subagents.map((subagent) => (
            <li key={subagent.runId} style={{ paddingInlineStart: `${subagent.depth - 1}rem` }}>
              <code>{subagent.agentId ?? subagent.toolName}</code>{' '}
              <span className="subagent-status" data-status={subagent.status}>
                {subagent.status}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
