/**
 * The AI SDK peer's input: a Mastra stream converted by @mastra/ai-sdk, the way an app that renders
 * with `useChat` receives it. Ingest and memory both start the peer from here, so they measure the
 * same conversion.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { UIMessageChunk } from 'ai';

/** Options of the conversion. */
export interface AiSdkStreamOptions {
  /** Ask the converter for subagent metadata on the UI chunks. */
  readonly subagents?: boolean;
}

/** The AI SDK UI message chunks that @mastra/ai-sdk makes of these native Mastra chunks. */
export function aiSdkStream(
  chunks: readonly unknown[],
  { subagents = false }: AiSdkStreamOptions = {},
): ReadableStream<UIMessageChunk> {
  const source = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return toAISdkStream(source as never, {
    from: 'agent',
    version: 'v6',
    ...(subagents ? { includeSubAgentMetadata: true } : {}),
  }) as unknown as ReadableStream<UIMessageChunk>;
}
