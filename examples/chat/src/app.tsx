import { type AgentSession, type SessionMessage, selectRunText } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import {
  ToolpaneProvider,
  useAgent,
  usePendingApprovals,
  useSubagents,
  useToolpaneStore,
} from '@toolpane/react';
import { ToolpaneAnnouncer } from '@toolpane/ui';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { EXAMPLE_PROMPTS, SUPERVISOR_ID, TOOL_NAMES } from '../shared.ts';
import { sendOptionsOf, ToolControls, type ToolSettings } from './tool-controls.tsx';
import { Conversation, registry, type Turn } from './transcript.tsx';

const ALL_TOOLS: readonly string[] = Object.values(TOOL_NAMES);

/** The page: one session with the demo's supervisor agent, served from the same origin. */
export function App() {
  const [session] = useState<AgentSession>(() =>
    createAgentSession({ baseUrl: '', agentId: SUPERVISOR_ID }),
  );
  return (
    <ToolpaneProvider session={session} registry={registry} batch="frame">
      <Chat />
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

/**
 * Keeps the newest content in view while it streams, unless the person scrolled up to read;
 * sending a message always brings the view back down.
 */
function useStickToBottom(target: RefObject<HTMLElement | null>, turnCount: number) {
  const pinned = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      const { scrollHeight } = document.documentElement;
      pinned.current = window.innerHeight + window.scrollY >= scrollHeight - 80;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) window.scrollTo({ top: document.documentElement.scrollHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  useEffect(() => {
    if (turnCount === 0) return;
    pinned.current = true;
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [turnCount]);
}

const STATUS_TEXT = {
  idle: 'Ready',
  streaming: 'The agent is working…',
  waiting: 'The agent waits for your decision',
  error: 'Something went wrong',
} as const;

function Chat() {
  const store = useToolpaneStore();
  const { send, abort, status, error } = useAgent();
  const model = useModelName();
  const [turns, setTurns] = useState<readonly Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [settings, setSettings] = useState<ToolSettings>({ active: ALL_TOOLS, choice: 'auto' });
  const nextId = useRef(1);
  const chatRef = useRef<HTMLElement>(null);

  const update = (id: number, patch: Partial<Turn>) =>
    setTurns((previous) => previous.map((turn) => (turn.id === id ? { ...turn, ...patch } : turn)));

  const submit = async (text: string) => {
    const message = text.trim();
    if (message === '') return;
    const id = nextId.current++;
    const state = store.getState();
    // The model gets the conversation so far (what a real model needs to follow along).
    const history: SessionMessage[] = turns.flatMap((turn) => {
      if (turn.runId === undefined) return [];
      const answer = selectRunText(state, turn.runId);
      return [
        { role: 'user', content: turn.text },
        ...(answer === '' ? [] : [{ role: 'assistant', content: answer }]),
      ];
    });
    const before = state.runOrder.length;
    setTurns((previous) => [...previous, { id, text: message }]);
    setDraft('');
    const unsubscribe = store.subscribe(() => {
      const runId = store.getState().runOrder[before];
      if (runId === undefined) return;
      unsubscribe();
      update(id, { runId });
    });
    const result = await send(
      history.length === 0 ? message : [...history, { role: 'user', content: message }],
      sendOptionsOf(settings, ALL_TOOLS),
    );
    unsubscribe();
    if (result.runId !== undefined) update(id, { runId: result.runId });
    else if (result.status === 'error' || result.status === 'invalid')
      update(id, { error: result.error ?? 'The message could not be sent.' });
  };

  useStickToBottom(chatRef, turns.length);

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
      <main className="chat" ref={chatRef}>
        {turns.length === 0 ? (
          <div className="empty">
            <p>
              A real Mastra agent runs behind this page. Ask it something, or pick an example on the
              right: each one shows a feature.
            </p>
          </div>
        ) : (
          <Conversation turns={turns} />
        )}
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
          {status === 'streaming' ? (
            <button type="button" onClick={abort}>
              Stop
            </button>
          ) : (
            <button type="submit" disabled={draft.trim() === ''}>
              Send
            </button>
          )}
          <p className="agent-status" role="status" data-status={status}>
            {STATUS_TEXT[status]}
            {error !== undefined ? `: ${error}` : ''}
          </p>
        </form>
      </main>
      <aside className="side">
        <section className="panel" aria-labelledby="examples-title">
          <h2 id="examples-title">Examples</h2>
          <ul className="examples">
            {EXAMPLE_PROMPTS.map(({ feature, prompt }) => (
              <li key={prompt}>
                <button type="button" className="example" onClick={() => void submit(prompt)}>
                  <span className="example-feature">{feature}</span>
                  <span className="example-prompt">{prompt}</span>
                </button>
              </li>
            ))}
          </ul>
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
