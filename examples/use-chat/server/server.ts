/**
 * The `useChat` example's server: the chat demo's agents (scripted offline model: approvals, a
 * suspension, subagents) behind two AI SDK routes, and the built page as static files. It
 * listens on 127.0.0.1 only.
 *
 * - `/chat/:agentId`: `chatRoute` from `@mastra/ai-sdk`, as Mastra's docs recommend.
 * - `/chat-subagents`: a custom route with `toAISdkStream(stream, { from: 'agent',
 *   includeSubAgentMetadata: true })`, which `chatRoute` cannot send. It resumes approvals and
 *   suspensions as `chatRoute` does.
 * - `/chat/city-picker`: `chatRoute` for an agent whose tool the page runs (no `execute`).
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { chatRoute, toAISdkStream } from '@mastra/ai-sdk';
import { registerApiRoute } from '@mastra/core/server';
import { MastraServer } from '@mastra/hono';
import { createUIMessageStreamResponse, type UIMessage, type UIMessageChunk } from 'ai';
import { Hono } from 'hono';
import { createDemoMastra } from '../../chat/server/agents.ts';
import { SUPERVISOR_ID } from '../../chat/shared.ts';
import { CLIENT_TOOL, ROUTES } from '../shared.ts';
import { createClientToolAgent } from './client-tool-agent.ts';

/** What the page sends: the chat's messages, plus resume fields for a suspension. */
interface ChatBody {
  readonly messages: UIMessage[];
  readonly resumeData?: unknown;
  readonly runId?: string;
  readonly toolCallId?: string;
}

/** The first answered approval of the last assistant message, as `chatRoute` reads it. */
function answeredApproval(messages: readonly UIMessage[]) {
  const last = messages[messages.length - 1];
  if (last?.role !== 'assistant') return undefined;
  for (const part of last.parts) {
    if (!('approval' in part) || part.state !== 'approval-responded') continue;
    const { id, approved, reason } = part.approval;
    const at = id.lastIndexOf('::');
    if (at <= 0) continue;
    return {
      runId: id.slice(0, at),
      toolCallId: id.slice(at + 2),
      resumeData: { approved, ...(reason === undefined ? {} : { reason }) },
    };
  }
  return undefined;
}

/** The custom route: the supervisor's stream with its subagents' chunks. */
const subagentsRoute = registerApiRoute(ROUTES.subagents, {
  method: 'POST',
  handler: async (c) => {
    const body = (await c.req.json()) as ChatBody;
    const agent = c.get('mastra').getAgentById(SUPERVISOR_ID);
    const last = body.messages[body.messages.length - 1];
    const lastMessageId = last?.role === 'assistant' ? last.id : undefined;
    const resume =
      body.resumeData !== undefined && body.runId !== undefined
        ? { resumeData: body.resumeData, runId: body.runId, toolCallId: body.toolCallId }
        : answeredApproval(body.messages);
    const output =
      resume === undefined
        ? await agent.stream(body.messages)
        : await agent.resumeStream(resume.resumeData, {
            runId: resume.runId,
            ...(resume.toolCallId === undefined ? {} : { toolCallId: resume.toolCallId }),
          });
    const stream = toAISdkStream(output, {
      from: 'agent',
      version: 'v6',
      includeSubAgentMetadata: true,
      ...(lastMessageId === undefined ? {} : { lastMessageId }),
    }) as unknown as ReadableStream<UIMessageChunk>;
    return createUIMessageStreamResponse({ stream });
  },
});

/** Options of {@link startUseChatServer}. */
export interface UseChatServerOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** The folder of the built page; without it only the routes are served. */
  readonly staticDir?: string;
}

/** A running example server. */
export interface UseChatServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Starts the example's server on 127.0.0.1.
 *
 * @example
 * const server = await startUseChatServer({ staticDir: 'examples/use-chat/dist' });
 * console.log(server.url);
 * await server.close();
 */
export async function startUseChatServer(
  options: UseChatServerOptions = {},
): Promise<UseChatServer> {
  const mastra = createDemoMastra(
    { kind: 'scripted' },
    { apiRoutes: [chatRoute({ path: '/chat/:agentId', version: 'v6' }), subagentsRoute] },
  );
  mastra.addAgent(createClientToolAgent(), CLIENT_TOOL.agentId);
  const app = new Hono();
  await new MastraServer({ app, mastra }).init();
  const { staticDir } = options;
  if (staticDir !== undefined) {
    if (!existsSync(staticDir)) throw new Error(`The page is not built: ${staticDir} is missing`);
    app.use('/*', serveStatic({ root: staticDir }));
  }
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
