import { useChat as useChat3 } from '@ai-sdk/react';
import { useChat as useChat4 } from '@ai-sdk/react4';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { selectPendingApprovals } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete6,
  DefaultChatTransport as Transport6,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import {
  lastAssistantMessageIsCompleteWithApprovalResponses as complete7,
  DefaultChatTransport as Transport7,
} from 'ai7';
import { afterEach, describe, expect, it } from 'vitest';
import { byteStream, loadFixture, toSse } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';

/*
 * A real `useChat` (`@ai-sdk/react` 3 and 4) whose transport takes its time before a request
 * reaches `fetch` (an auth header fetched per request). The recorded conversation asks to approve
 * two calls of one step, one at a time: the chat holds the first answer back (the other call is
 * still open), so the session sends it in the request body; the second completes the step, so the
 * chat sends it itself. Whatever the transport's delay, each decision is one request.
 */

const scenario = (part: 'request' | 'next' | 'approve') =>
  loadFixture(`aisdk-v6-parallel-approval-${part}`) as UIMessageChunk[];

const sse = (chunks: readonly unknown[]) =>
  new Response(byteStream(toSse(chunks)), { headers: { 'content-type': 'text/event-stream' } });

const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete both' }] };

/** The chat's requests as they reached `fetch`: what each body carried. */
interface Sent {
  readonly resumeData?: unknown;
  readonly toolCallId?: unknown;
  readonly answered: boolean;
}

interface PageProps {
  readonly saved: unknown[];
  readonly version: 3 | 4;
  /** What the transport's `headers` function does before each request. */
  readonly headers: () => Promise<Record<string, string>>;
  readonly sent: Sent[];
  /** What the server answers the chat's requests with, in order. */
  readonly answers: readonly UIMessageChunk[][];
  readonly probe: { toolpane?: ToolpaneChat };
}

/** The transport options of a page. */
interface TransportOptions {
  readonly api: string;
  readonly fetch: ToolpaneChat['fetch'];
  readonly headers: () => Promise<Record<string, string>>;
}

/** `useChat` of each version, with the transport of its AI SDK. */
const USE_CHAT = {
  3: (saved: unknown[], transport: TransportOptions): ChatLike =>
    useChat3({
      messages: saved as UIMessage[],
      transport: new Transport6(transport),
      sendAutomaticallyWhen: complete6,
    }),
  4: (saved: unknown[], transport: TransportOptions): ChatLike =>
    useChat4({
      messages: saved as never,
      transport: new Transport7(transport),
      sendAutomaticallyWhen: complete7,
    }),
};

function Page({ saved, version, headers, sent, answers, probe }: PageProps) {
  const useVersion = USE_CHAT[version];
  const toolpane = useToolpaneChat({
    messages: saved,
    fetch: async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      const { resumeData, toolCallId } = body;
      sent.push({
        ...(resumeData === undefined ? {} : { resumeData, toolCallId }),
        answered: JSON.stringify(body.messages).includes('"approval-responded"'),
      });
      return sse(answers[sent.length - 1] ?? []);
    },
  });
  const chat = useVersion(saved, { api: '/chat/ops-agent', fetch: toolpane.fetch, headers });
  probe.toolpane = toolpane;
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}

/** A header function that waits `ms` before answering. */
const waiting = (ms: number) => async (): Promise<Record<string, string>> => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { authorization: 'Bearer token' };
};

afterEach(() => cleanup());

describe.each([3, 4] as const)('a useChat of @ai-sdk/react %i', (version) => {
  it.each([5, 20])(
    'each decision is one request when the transport waits %i ms for its headers',
    async (ms) => {
      const saved = [user, await uiMessageOf(scenario('request'))];
      const sent: Sent[] = [];
      const probe: { toolpane?: ToolpaneChat } = {};
      const answers = [scenario('next'), scenario('approve')];
      render(<Page {...{ saved, version, sent, answers, probe }} headers={waiting(ms)} />);
      const { session, store } = probe.toolpane!;
      const pending = () => selectPendingApprovals(store.getState()).map((p) => p.call.toolCallId);
      expect(pending()).toEqual(['call-par-del-a']);

      // The chat holds this answer back (call-par-del-b is still open): the session sends it.
      expect((await session.approve('call-par-del-a')).status).toBe('done');
      await waitFor(() => expect(pending()).toEqual(['call-par-del-b']));
      expect(sent).toEqual([
        { resumeData: { approved: true }, toolCallId: 'call-par-del-a', answered: true },
      ]);

      // This answer completes the step: the chat sends it itself, once.
      expect((await session.approve('call-par-del-b')).status).toBe('done');
      expect(await screen.findByText('Deleted 2 of 2 records.')).toBeTruthy();
      await waitFor(() => expect(session.getStatus()).toBe('idle'));
      expect(sent).toEqual([
        { resumeData: { approved: true }, toolCallId: 'call-par-del-a', answered: true },
        { answered: true },
      ]);
      expect(
        [...store.getState().toolCalls.values()].map((call) => [call.toolCallId, call.status]),
      ).toEqual([
        ['call-par-del-a', 'output-available'],
        ['call-par-del-b', 'output-available'],
      ]);
    },
  );

  it('a request the transport failed before sending is shown on the card, and sent once when approved again', async () => {
    const first = await uiMessageOf(scenario('request'));
    // The chat where call-par-del-a was approved and the run asked about call-par-del-b.
    const answered = {
      ...first,
      parts: first.parts.map((part) =>
        (part as { state?: string }).state === 'approval-requested'
          ? ({
              ...part,
              state: 'approval-responded',
              approval: { ...(part as { approval: object }).approval, approved: true },
            } as never)
          : part,
      ),
    };
    const saved = [user, await uiMessageOf(scenario('next'), answered)];
    const sent: Sent[] = [];
    const probe: { toolpane?: ToolpaneChat } = {};
    // The first request's headers cannot be had (an expired session); the next ones can.
    let calls = 0;
    const headers = async () => {
      calls += 1;
      const ready = await waiting(20)();
      if (calls === 1) throw new Error('Sign in again');
      return ready;
    };
    const answers = [scenario('approve')];
    render(<Page {...{ saved, version, sent, answers, probe, headers }} />);
    const { session, store } = probe.toolpane!;
    // The decision waits for the chat's own request, which failed before it was sent.
    expect(await session.approve('call-par-del-b')).toEqual({
      status: 'error',
      error: 'Sign in again',
    });
    await waitFor(() =>
      expect(store.getState().toolCalls.get('call-par-del-b')?.approval?.error).toBe(
        'Sign in again',
      ),
    );
    expect(store.getState().toolCalls.get('call-par-del-b')?.status).toBe('approval-requested');
    expect(sent).toEqual([]);
    await act(async () => {
      expect((await session.approve('call-par-del-b')).status).toBe('done');
    });
    expect(await screen.findByText('Deleted 2 of 2 records.')).toBeTruthy();
    expect(sent).toEqual([
      { resumeData: { approved: true }, toolCallId: 'call-par-del-b', answered: true },
    ]);
  });
});
