/**
 * A chat route for `useChat` tests that sends an agent's subagents, which `chatRoute` does not:
 * `toAISdkStream(stream, { from: 'agent', includeSubAgentMetadata: true })` at
 * `/chat/subagents/:agentId`. An answered approval in the last message resumes its run, as
 * `chatRoute` does.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { registerApiRoute } from '@mastra/core/server';
import { createUIMessageStreamResponse, type UIMessage, type UIMessageChunk } from 'ai';

/** The route: a new turn, or the answered approval of the last message resumed. */
export const subagentsRoute = registerApiRoute('/chat/subagents/:agentId', {
  method: 'POST',
  handler: async (c) => {
    const { messages } = (await c.req.json()) as { messages: UIMessage[] };
    const agent = c.get('mastra').getAgentById(c.req.param('agentId'));
    const last = messages[messages.length - 1];
    const answered =
      last?.role === 'assistant'
        ? last.parts.find((part) => 'approval' in part && part.state === 'approval-responded')
        : undefined;
    const approval =
      answered !== undefined && 'approval' in answered ? answered.approval : undefined;
    const at = approval?.id.lastIndexOf('::') ?? -1;
    const output =
      approval === undefined
        ? await agent.stream(messages)
        : await agent.resumeStream(
            { approved: approval.approved },
            { runId: approval.id.slice(0, at), toolCallId: approval.id.slice(at + 2) },
          );
    const stream = toAISdkStream(output, {
      from: 'agent',
      version: 'v6',
      includeSubAgentMetadata: true,
      ...(approval === undefined ? {} : { lastMessageId: last!.id }),
    }) as unknown as ReadableStream<UIMessageChunk>;
    return createUIMessageStreamResponse({ stream });
  },
});
