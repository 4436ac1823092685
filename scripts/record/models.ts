/**
 * Scripted mock language models (AI SDK spec v3) for driving real Mastra agents offline.
 *
 * A model answers each `doStream` call with a list of V3 stream parts. Which list it returns is
 * decided from the prompt, not from a call counter, so one model instance can serve many runs
 * (and resumed runs): the step index is the number of assistant messages after the last user
 * message. `reactiveModel` hands the whole context to a function instead, so a demo can answer
 * the user's actual text.
 */
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

type DoStream = MockLanguageModelV3['doStream'];
/** Options Mastra passes to `doStream` (prompt, tools, abortSignal, …). */
export type CallOptions = Parameters<DoStream>[0];
type StreamResult = Awaited<ReturnType<DoStream>>;
/** One `LanguageModelV3StreamPart`. */
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Prompt = CallOptions['prompt'];

/** Pseudo parts understood by this helper only: wait, or make the stream fail. */
export type ControlPart =
  | { type: 'mock-delay'; ms: number }
  | { type: 'mock-throw'; error: unknown };
export type ScriptPart = StreamPart | ControlPart;
/** What the model sends back for one step (one `doStream` call). */
export type ScriptStep = ScriptPart[];

export interface Usage {
  input: number;
  output: number;
}

/** Waits `ms` before the next part (or stops early if the call is aborted). */
export function delay(ms: number): ControlPart {
  return { type: 'mock-delay', ms };
}

/** Errors the model stream at this point, as a dropped connection would. */
export function fail(error: unknown): ControlPart {
  return { type: 'mock-throw', error };
}

/** `text-start`, one `text-delta` per piece, `text-end`. A string is split after each space. */
export function text(id: string, content: string | string[]): StreamPart[] {
  const pieces = typeof content === 'string' ? splitWords(content) : content;
  return [
    { type: 'text-start', id },
    ...pieces.map((delta): StreamPart => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
  ];
}

/** `reasoning-start`, deltas, `reasoning-end`. */
export function reasoning(id: string, content: string | string[]): StreamPart[] {
  const pieces = typeof content === 'string' ? splitWords(content) : content;
  return [
    { type: 'reasoning-start', id },
    ...pieces.map((delta): StreamPart => ({ type: 'reasoning-delta', id, delta })),
    { type: 'reasoning-end', id },
  ];
}

export interface ToolCallSpec {
  /** The toolCallId. Keep it unique across every agent that can run in one stream. */
  id: string;
  /** The key the tool is registered under on the agent (`agent-<key>` for sub-agents). */
  name: string;
  input: unknown;
  /**
   * Stream the input as `tool-input-start/delta/end` before `tool-call` (default true).
   * A number splits the JSON text into that many deltas (default 3).
   */
  stream?: boolean | number;
}

/**
 * A tool call as a provider sends it: optionally the streamed input, then `tool-call` with the
 * input as a JSON string.
 */
export function toolCall(spec: ToolCallSpec): StreamPart[] {
  const json = JSON.stringify(spec.input);
  const call: StreamPart = {
    type: 'tool-call',
    toolCallId: spec.id,
    toolName: spec.name,
    input: json,
  };
  if (spec.stream === false) return [call];
  const pieces = splitEvenly(json, typeof spec.stream === 'number' ? spec.stream : 3);
  return [
    { type: 'tool-input-start', id: spec.id, toolName: spec.name },
    ...pieces.map((delta): StreamPart => ({ type: 'tool-input-delta', id: spec.id, delta })),
    { type: 'tool-input-end', id: spec.id },
    call,
  ];
}

/** The closing `finish` part of a step. */
export function finish(
  reason: 'stop' | 'tool-calls' | 'length' | 'error' | 'other',
  usage: Usage = { input: 10, output: 5 },
): StreamPart {
  const raw = reason === 'tool-calls' ? 'tool_calls' : reason;
  return {
    type: 'finish',
    finishReason: { unified: reason, raw },
    usage: {
      inputTokens: {
        total: usage.input,
        noCache: usage.input,
        cacheRead: undefined,
        cacheWrite: undefined,
      },
      outputTokens: { total: usage.output, text: usage.output, reasoning: undefined },
    },
  };
}

export interface StepOptions {
  /** `response-metadata.id` (shows up as `metadata.id` on `step-finish`). */
  responseId?: string;
  /** Defaults to `tool-calls` when the step has a tool call, else `stop`. */
  finishReason?: Parameters<typeof finish>[0];
  usage?: Usage;
}

/**
 * A complete model step: `stream-start`, `response-metadata`, the given parts, `finish`.
 * For a step without `finish` (e.g. one that fails), build the array by hand.
 */
export function step(parts: ScriptPart[], options: StepOptions = {}): ScriptStep {
  const hasToolCall = parts.some((p) => p.type === 'tool-call');
  const firstId = parts.find((p): p is StreamPart & { id: string } => 'id' in p)?.id ?? 'step';
  return [
    { type: 'stream-start', warnings: [] },
    {
      type: 'response-metadata',
      id: options.responseId ?? `resp-${firstId}`,
      modelId: 'mock-model',
      timestamp: new Date(0),
    },
    ...parts,
    finish(options.finishReason ?? (hasToolCall ? 'tool-calls' : 'stop'), options.usage),
  ];
}

/** What a reactive model gets for each `doStream` call. */
export interface ModelTurn {
  /** Plain text of the last user message ('' if none). */
  lastUserText: string;
  /** Number of assistant messages after the last user message: 0 on the first step of a turn. */
  stepIndex: number;
  /** Tool results already in the prompt after the last user message, by toolCallId. */
  toolResults: Map<string, unknown>;
  prompt: Prompt;
  options: CallOptions;
}

export type Responder = (turn: ModelTurn) => ScriptStep | Promise<ScriptStep>;

export interface ModelConfig {
  /** Shown as `modelMetadata.modelId` on step-finish. */
  modelId?: string;
  provider?: string;
}

/** A model whose every step is computed from the prompt by `respond`. */
export function reactiveModel(respond: Responder, config: ModelConfig = {}): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: config.provider ?? 'mock',
    modelId: config.modelId ?? 'mock-model',
    doStream: async (options) => {
      const parts = await respond(describeTurn(options));
      return { stream: toReadableStream(parts, options.abortSignal) };
    },
    // Some callers generate instead of streaming (e.g. a network's routing step): the same step,
    // collected into one result.
    doGenerate: async (options) => generated(await respond(describeTurn(options))),
  });
}

/** A scripted step as one `doGenerate` result: its texts and tool calls, finish and usage. */
function generated(parts: ScriptPart[]): Awaited<ReturnType<MockLanguageModelV3['doGenerate']>> {
  type Result = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
  const content: Result['content'] = [];
  const texts = new Map<string, string>();
  let end: Extract<StreamPart, { type: 'finish' }> | undefined;
  for (const part of parts) {
    if (part.type === 'text-delta') texts.set(part.id, (texts.get(part.id) ?? '') + part.delta);
    else if (part.type === 'tool-call') content.push(part);
    else if (part.type === 'finish') end = part;
  }
  for (const value of texts.values()) content.unshift({ type: 'text', text: value });
  if (end === undefined) throw new Error('a generated step needs a finish part');
  return { content, finishReason: end.finishReason, usage: end.usage, warnings: [] };
}

/**
 * A model that plays `steps` in order within a turn: step N is answered when the prompt holds N
 * assistant messages after the last user message. Past the end it repeats the last step.
 */
export function scriptedModel(steps: ScriptStep[], config: ModelConfig = {}): MockLanguageModelV3 {
  if (steps.length === 0) throw new Error('scriptedModel needs at least one step');
  return reactiveModel(({ stepIndex }) => {
    const scripted = steps[Math.min(stepIndex, steps.length - 1)];
    return scripted ?? [];
  }, config);
}

function describeTurn(options: CallOptions): ModelTurn {
  const prompt = options.prompt;
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const after = prompt.slice(lastUser + 1);
  const toolResults = new Map<string, unknown>();
  for (const message of after) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') toolResults.set(part.toolCallId, part.output);
    }
  }
  const userMessage = lastUser >= 0 ? prompt[lastUser] : undefined;
  const lastUserText =
    userMessage?.role === 'user'
      ? userMessage.content
          .map((part) => (part.type === 'text' ? part.text : ''))
          .join('')
          .trim()
      : '';
  return {
    lastUserText,
    stepIndex: after.filter((m) => m.role === 'assistant').length,
    toolResults,
    prompt,
    options,
  };
}

function toReadableStream(parts: ScriptPart[], signal?: AbortSignal): ReadableStream<StreamPart> {
  if (!parts.some(isControl)) return convertArrayToReadableStream(parts as StreamPart[]);
  const queue = [...parts];
  return new ReadableStream<StreamPart>({
    async pull(controller) {
      for (;;) {
        const part = queue.shift();
        if (part === undefined) {
          controller.close();
          return;
        }
        if (part.type === 'mock-delay') {
          await sleep(part.ms, signal);
          if (signal?.aborted) {
            controller.error(signal.reason ?? new Error('aborted'));
            return;
          }
          continue;
        }
        if (part.type === 'mock-throw') {
          controller.error(part.error);
          return;
        }
        controller.enqueue(part);
        return;
      }
    },
  });
}

function isControl(part: ScriptPart): part is ControlPart {
  return part.type === 'mock-delay' || part.type === 'mock-throw';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

function splitWords(content: string): string[] {
  return content.match(/\S+\s*/g) ?? [content];
}

function splitEvenly(value: string, count: number): string[] {
  const n = Math.max(1, Math.min(count, value.length));
  const size = Math.ceil(value.length / n);
  const pieces: string[] = [];
  for (let i = 0; i < value.length; i += size) pieces.push(value.slice(i, i + size));
  return pieces;
}
