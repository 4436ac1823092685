import { toAISdkStream } from '@mastra/ai-sdk';

/** How `@mastra/ai-sdk` converts a stream; the defaults are a route with subagent snapshots. */
export interface ConvertOptions {
  readonly from?: 'agent' | 'network';
  readonly version?: 'v5' | 'v6' | 'v7';
  readonly includeSubAgentMetadata?: boolean;
}

/**
 * Native chunks (a recording) through the real `@mastra/ai-sdk` converter: the AI SDK UI message
 * stream parts it writes for them. A plain chunk stream stands in for the agent output: the
 * converter reads it the same way.
 */
export async function throughAiSdk(
  chunks: readonly unknown[],
  { from = 'agent', version = 'v6', includeSubAgentMetadata = true }: ConvertOptions = {},
): Promise<Record<string, unknown>[]> {
  const source = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const options = { from, version, includeSubAgentMetadata };
  const ui = toAISdkStream(source as never, options as never) as ReadableStream<unknown>;
  const out: Record<string, unknown>[] = [];
  for await (const chunk of ui as unknown as AsyncIterable<Record<string, unknown>>)
    out.push(chunk);
  return out;
}
