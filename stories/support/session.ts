import type { AgentSession, ToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { parseRecording } from './replay';

/** The recordings a story's server answers with, by route. */
export interface RecordedRoutes {
  /** What a message sent with `send` streams back. */
  readonly stream?: string;
  readonly 'approve-tool-call'?: string;
  readonly 'decline-tool-call'?: string;
  readonly 'resume-stream'?: string;
}

/** How the story's server behaves. */
export interface RecordedServerOptions {
  /** Answer the first decision with HTTP 503, so the error and retry can be seen. */
  readonly failFirst?: boolean;
  /** Pause before answering and between chunks, in ms, so "sending" can be seen. */
  readonly delayMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sseStream(chunks: readonly unknown[], delayMs: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (index > chunks.length) return;
      if (delayMs > 0) await sleep(delayMs);
      if (index === chunks.length) {
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        controller.close();
      } else {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunks[index])}\n\n`));
      }
      index += 1;
    },
  });
}

/**
 * A real agent session on the story's store whose server is a recording: each decision route
 * answers with the recorded stream Mastra sent for it. Stories have no Mastra server, so this
 * stands in for one; the session's own code (decision-sent, retry after failure, stream
 * consumption) runs for real.
 */
export function recordedSession(
  store: ToolpaneStore,
  routes: RecordedRoutes,
  options: RecordedServerOptions = {},
): AgentSession {
  const delayMs = options.delayMs ?? 0;
  let failuresLeft = options.failFirst ? 1 : 0;
  return createAgentSession({
    baseUrl: 'https://mastra.example',
    agentId: 'recorded-agent',
    store,
    fetch: async (url) => {
      if (delayMs > 0) await sleep(delayMs);
      const route = url.slice(url.lastIndexOf('/') + 1) as keyof RecordedRoutes;
      const raw = routes[route];
      if (failuresLeft > 0 || raw === undefined) {
        failuresLeft -= 1;
        return new Response(JSON.stringify({ error: 'The server is busy; try again.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(sseStream(parseRecording(raw), delayMs), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    },
  });
}
