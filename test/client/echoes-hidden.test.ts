// @vitest-environment node
import {
  createToolpaneStore,
  type DisplayValue,
  type ReduceOptions,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { network } from '@toolpane/client/network';
import { readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { ECHO_SECRET, TOKEN_SECRET } from '../../scripts/record/echoes';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { asciiOnlyJson, base64After, escapeHtml } from '../utils/quote-forms';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * A hidden argument that comes back inside another value of the same call: Mastra's input
 * validation answers with a result quoting the refused arguments ("Provided arguments: {…}", cut
 * at 200 characters), and a tool's error may quote what it was given. The recordings
 * (scripts/record/echoes.ts) have a tool whose display transform hides the password and shows
 * results and errors as they are. Then every recording, with every call that hides part of its
 * arguments made to answer with such a failure.
 */

const TRUNCATED = '... (truncated)';

const RECORDINGS: readonly [string, ReduceOptions][] = [
  ['hidden-argument-echoed', {}],
  ['hidden-argument-echoed-aisdk', { formats: [aiSdk] }],
];

const callOf = (state: ToolpaneState, toolCallId: string) =>
  [...state.toolCalls.values()].find((call) => call.toolCallId === toolCallId)!;

const shownValue = (display: DisplayValue) =>
  display.kind === 'raw' || display.kind === 'transformed' ? display.value : undefined;

describe.each(RECORDINGS)('%s', (name, options) => {
  const chunks = [...loadFixture(name), { type: 'toolpane/stream-end' }];
  const aiSdkPath = options.formats !== undefined;

  it('quotes the hidden password in a shown result and a shown error', () => {
    const text = JSON.stringify(chunks);
    expect(text).toContain(`password\\": \\"${ECHO_SECRET}`);
    expect(text).toContain(`with password ${ECHO_SECRET}`);
    expect(text).toContain(`${ECHO_SECRET.slice(0, 9)}${TRUNCATED}`);
    expect(text).toContain(`token\\": \\"${TOKEN_SECRET}`);
  });

  it('never shows it after any chunk, nor in a snapshot', () => {
    const state = neverShows(chunks, [ECHO_SECRET, TOKEN_SECRET], options);
    expect(JSON.stringify(serializeState(state))).not.toContain(ECHO_SECRET);
    expect(everythingShown(deserializeState(serializeState(state)))).not.toContain(ECHO_SECRET);
  });

  it('shows the rest of each failure, with the mark where the password was', () => {
    const state = reduceAll(chunks, options);
    // Mastra's refusals (a result `{ error: true, message, validationErrors }`) end their calls
    // as failures, whose error is the refusal's message.
    const failed = (id: string) => {
      const call = callOf(state, id);
      expect(call.status, id).toBe('output-error');
      expect(call.output.kind, id).toBe('none');
      return shownValue(call.error) as string;
    };
    const refused = failed('call-connect-1');
    expect(refused).toMatch(/^Tool input validation failed for connectTool/);
    expect(refused).toContain('- port: Expected number, received string');
    expect(refused).toContain('"password": "[hidden]"');
    const cut = failed('call-connect-4');
    expect(cut.endsWith(`"password": "[hidden]${TRUNCATED}`)).toBe(true);
    expect(JSON.stringify(callOf(state, 'call-connect-2').error)).toContain('[hidden]');
    const refusedResult = failed('call-token-1');
    expect(refusedResult).toMatch(/^Tool output validation failed for issue-token/);
    expect(refusedResult).toContain('- expires: Required');
    expect(refusedResult.endsWith('Returned output: [hidden]')).toBe(true);
    if (!aiSdkPath) {
      // Natively the transform tells what it hides: the host it shows stays.
      expect(refused).toContain('"host": "db.internal"');
      expect(cut).toContain('"note": "Use the read-only replica');
    }
  });

  it('leaves a result that quotes nothing hidden as it came', () => {
    const state = reduceAll(chunks, options);
    expect(shownValue(callOf(state, 'call-connect-3').output)).toEqual({
      connected: true,
      host: 'db.internal',
    });
  });
});

describe('a chat saved by useChat from the AI SDK stream', () => {
  async function saved(): Promise<unknown> {
    const stream = new ReadableStream({
      start(controller) {
        for (const chunk of loadFixture('hidden-argument-echoed-aisdk')) controller.enqueue(chunk);
        controller.close();
      },
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream })) last = message;
    return JSON.parse(JSON.stringify(last));
  }

  it('rebuilt with the state that showed it, shows the password nowhere', async () => {
    const message = await saved();
    expect(JSON.stringify(message)).toContain(ECHO_SECRET);
    const live = reduceAll(loadFixture('hidden-argument-echoed-aisdk'), { formats: [aiSdk] });
    const rebuilt = stateFromUIMessages([message], { shownBefore: live });
    expect(everythingShown(rebuilt)).not.toContain(ECHO_SECRET);
    expect(everythingShown(rebuilt)).not.toContain(TOKEN_SECRET);
    const [was, is] = [live, rebuilt].map((state) => state.toolCalls.get('call-connect-1'));
    expect(is?.status).toBe('output-error');
    expect(is?.error).toEqual(was?.error);
  });
});

// ---------------------------------------------------------------------------------------------
// The class: every call of every recording that hides part of its arguments.

/** Mastra's quote of a value in a validation message (`truncateForLogging`, tools/validation). */
const quoteOf = (value: unknown, max = 200) => {
  const text = JSON.stringify(value, null, 2);
  return text.length <= max ? text : `${text.slice(0, max)}${TRUNCATED}`;
};

/** Mastra's input-validation result for `args`, its quote cut at `max` characters. */
const refusal = (toolName: string, args: unknown, max?: number) => ({
  error: true,
  message:
    `Tool input validation failed for ${toolName}. Please fix the following errors and try again:\n` +
    `- input: Invalid input\n\nProvided arguments: ${quoteOf(args, max)}`,
  validationErrors: { errors: [], fields: {} },
});

/** Every string and number of a value, as written. */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) leaves(child, out);
  }
  return out;
}

/** The values of `raw` (three characters or more) that the shown arguments do not contain. */
function hiddenOf(raw: unknown, shown: DisplayValue): string[] {
  const text = leaves(shownValue(shown) ?? null).join('\0');
  const visible = shown.kind === 'hidden' ? '' : text;
  return [...new Set(leaves(raw).filter((leaf) => leaf.length >= 3 && !visible.includes(leaf)))];
}

type Mode =
  | 'whole'
  | 'cut after one character'
  | 'cut halfway'
  | 'error'
  | 'error, URL-encoded'
  | 'result'
  | 'result, form-encoded'
  | 'result, ASCII-only JSON'
  | 'result, HTML-escaped'
  | 'error, in capitals'
  | 'error, base64 in a Basic header'
  | 'refused result';

/** Each encoding a failure or result may quote a hidden value in, by mode. */
const ENCODED: Partial<Record<Mode, (secret: string) => string>> = {
  'error, URL-encoded': encodeURIComponent,
  'result, form-encoded': (secret) => encodeURIComponent(secret).replaceAll('%20', '+'),
  'result, ASCII-only JSON': asciiOnlyJson,
  'error, in capitals': (secret) => secret.toUpperCase(),
  'result, HTML-escaped': (secret) => escapeHtml(secret),
  'error, base64 in a Basic header': (secret) => {
    const encoded = base64After(secret, 'ops:');
    return encoded === secret ? secret : `Basic ${encoded}`;
  },
};

/** A hidden value as `mode` quotes it. */
const quoted = (mode: Mode, secret: string) => ENCODED[mode]?.(secret) ?? secret;

/** How often an encoding changed what it quoted: the modes that encode reached such a value. */
const encodedQuotes = new Map<Mode, number>();

/** Where to cut the quote of `args` so that it ends inside `leaf`. */
function cutInside(args: unknown, leaf: string, mode: Mode): number | undefined {
  const text = JSON.stringify(args, null, 2);
  const at = text.indexOf(JSON.stringify(leaf).slice(1, -1));
  if (at < 0) return undefined;
  return at + (mode === 'cut after one character' ? 1 : Math.max(1, leaf.length >> 1));
}

/** A chunk as this test reads and rewrites it. */
interface Chunk {
  readonly type?: unknown;
  readonly from?: unknown;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly input?: unknown;
  readonly preliminary?: unknown;
  readonly payload?: {
    readonly args?: unknown;
    readonly toolName?: string;
    readonly toolCallId?: string;
    readonly [key: string]: unknown;
  };
  readonly metadata?: {
    readonly mastra?: {
      readonly toolPayloadTransform?: {
        readonly display?: Record<string, { readonly transformed?: unknown }>;
      };
    };
  };
  readonly [key: string]: unknown;
}

/**
 * A native recording with each `tool-result` and `tool-error` (at any depth) of a call whose
 * display transform changes its arguments turned into a failure or result that quotes them.
 * Returns the chunks and, by toolCallId, the hidden values each call must not show.
 */
function echoedNative(chunks: readonly unknown[], mode: Mode) {
  const hidden = new Map<string, string[]>();
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value !== 'object' || value === null) return value;
    const chunk = Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, visit(child)]),
    ) as Chunk;
    const transform = chunk.metadata?.mastra?.toolPayloadTransform;
    if (mode === 'refused result') return refusedResult(chunk, hidden);
    const shownArgs = transform?.display?.['input-available'];
    const { args, toolName, toolCallId } = chunk.payload ?? {};
    const ends = chunk.type === 'tool-result' || chunk.type === 'tool-error';
    if (!ends || args === undefined || shownArgs === undefined || !toolName || !toolCallId) {
      return chunk;
    }
    const secrets = hiddenOf(args, { kind: 'transformed', value: shownArgs.transformed });
    if (secrets.length === 0) return chunk;
    hidden.set(toolCallId, secrets);
    const failure = mode.startsWith('error');
    const phase = failure ? 'error' : 'output-available';
    const quotes = secrets.map((secret) => quoted(mode, secret));
    if (ENCODED[mode] !== undefined) {
      const changed = quotes.filter((quote, i) => quote !== secrets[i]).length;
      encodedQuotes.set(mode, (encodedQuotes.get(mode) ?? 0) + changed);
    }
    let shown: unknown;
    if (failure) shown = { message: `Could not connect with ${quotes.join(' and ')}` };
    else if (mode.startsWith('result')) shown = { sent: `sent with ${quotes.join(', ')}` };
    else {
      const max = mode === 'whole' ? undefined : cutInside(args, secrets[0]!, mode);
      shown = refusal(toolName, args, max);
    }
    const type = failure ? 'tool-error' : 'tool-result';
    const { result: _, error: __, ...rest } = chunk.payload ?? {};
    const payload = { ...rest, ...(failure ? { error: shown } : { result: shown }) };
    return {
      ...chunk,
      type,
      payload,
      metadata: {
        ...chunk.metadata,
        mastra: {
          ...chunk.metadata?.mastra,
          toolPayloadTransform: {
            ...transform,
            display: { 'input-available': shownArgs, [phase]: { transformed: shown } },
          },
        },
      },
    };
  };
  return { chunks: chunks.map(visit), hidden };
}

/**
 * A `tool-result` whose display transform changes the result, turned into Mastra's refusal of
 * that result ("Returned output: …"), which the transform lets through as a failure.
 */
function refusedResult(chunk: Chunk, hidden: Map<string, string[]>): Chunk {
  const transform = chunk.metadata?.mastra?.toolPayloadTransform;
  const shownResult = transform?.display?.['output-available'];
  const { result, toolName, toolCallId } = chunk.payload ?? {};
  if (chunk.type !== 'tool-result' || result === undefined || shownResult === undefined) {
    return chunk;
  }
  const secrets = hiddenOf(result, { kind: 'transformed', value: shownResult.transformed });
  if (secrets.length === 0 || !toolName || !toolCallId) return chunk;
  hidden.set(toolCallId, secrets);
  const refused = {
    error: true,
    message:
      `Tool output validation failed for ${toolName}. The tool returned invalid output:\n` +
      `- result: Invalid input\n\nReturned output: ${quoteOf(result)}`,
  };
  return {
    ...chunk,
    payload: { ...chunk.payload, result: refused },
    metadata: {
      mastra: {
        toolPayloadTransform: {
          ...transform,
          display: { ...transform?.display, 'output-available': { transformed: refused } },
        },
      },
    },
  };
}

/**
 * An AI SDK recording with the result of each call whose arguments it hides (their deltas
 * suppressed, protocol §6.4) turned into Mastra's validation failure quoting those arguments.
 */
function echoedAiSdk(chunks: readonly unknown[], mode: Mode) {
  const hidden = new Map<string, string[]>();
  const state = reduceAll(chunks, { formats: [aiSdk], families: [network] });
  const inputs = new Map<string, { toolName: string; input: unknown }>();
  for (const chunk of chunks as Chunk[]) {
    const { type, toolCallId, toolName = '', input } = chunk;
    if (type === 'tool-input-available' && toolCallId) inputs.set(toolCallId, { toolName, input });
  }
  const out = (chunks as Chunk[]).map((chunk) => {
    const { type, toolCallId = '', preliminary } = chunk;
    if (type !== 'tool-output-available' || preliminary === true) return chunk;
    const seen = inputs.get(toolCallId);
    const call = state.toolCalls.get(toolCallId);
    if (seen === undefined || call === undefined || call.input.kind !== 'hidden') return chunk;
    const secrets = hiddenOf(seen.input, call.input);
    if (secrets.length === 0) return chunk;
    hidden.set(toolCallId, secrets);
    const max = mode === 'whole' ? undefined : cutInside(seen.input, secrets[0]!, mode);
    return { ...chunk, output: refusal(seen.toolName, seen.input, max) };
  });
  return { chunks: out, hidden };
}

/** What a call shows besides its arguments. */
const besidesInput = (call: ToolCallState) =>
  [call.output, call.error, ...call.progress, call.suspension?.payload].map((value) =>
    value === undefined ? undefined : shownValue(value),
  );

/** The strings of a value. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(stringsOf)
      : [];

/**
 * Fails when a call shows a hidden value (as written, or as `mode` quotes it), or a quote cut
 * inside one ends with its beginning.
 */
function expectNoneShown(
  state: ToolpaneState,
  hidden: Map<string, string[]>,
  where: string,
  mode: Mode,
) {
  for (const call of state.toolCalls.values()) {
    const secrets = hidden.get(call.toolCallId);
    if (secrets === undefined) continue;
    const shown = besidesInput(call);
    const text = JSON.stringify(shown);
    for (const secret of secrets) {
      for (const form of new Set([secret, quoted(mode, secret)]))
        expect(text, `${where}: ${call.key} shows ${form}`).not.toContain(
          JSON.stringify(form).slice(1, -1),
        );
    }
    for (const string of stringsOf(shown)) {
      if (!string.endsWith(TRUNCATED)) continue;
      const body = string.slice(0, -TRUNCATED.length);
      const tail = body.slice(body.lastIndexOf('"') + 1).replace(/^: /, '');
      for (const secret of secrets) {
        const escaped = JSON.stringify(secret).slice(1, -1);
        if (tail !== '' && escaped.startsWith(tail)) {
          throw new Error(`${where}: ${call.key} ends a cut quote with ${tail} of ${secret}`);
        }
      }
    }
  }
}

const MODES: readonly Mode[] = [
  'whole',
  'cut after one character',
  'cut halfway',
  'error',
  'error, URL-encoded',
  'result',
  'result, form-encoded',
  'result, ASCII-only JSON',
  'result, HTML-escaped',
  'error, in capitals',
  'error, base64 in a Basic header',
  'refused result',
];

describe('every call that hides part of its arguments, answering with a quote of them', () => {
  const counted = { native: 0, aiSdk: 0 };

  it.each(fixtureNames())('%s shows none of what it hides', (name) => {
    const original = loadFixture(name);
    // Native chunks carry Mastra's envelope; AI SDK parts do not.
    const isAiSdk = !(original as Chunk[]).some((chunk) => typeof chunk.from === 'string');
    for (const mode of MODES) {
      if (isAiSdk && (mode.startsWith('error') || mode.includes('result'))) continue;
      const { chunks, hidden } = isAiSdk
        ? echoedAiSdk(original, mode)
        : echoedNative(original, mode);
      if (hidden.size === 0) continue;
      counted[isAiSdk ? 'aiSdk' : 'native'] += hidden.size;
      const store = createToolpaneStore({ formats: [aiSdk], families: [network] });
      for (const chunk of chunks) {
        store.dispatch(chunk);
        expectNoneShown(store.getState(), hidden, `${name}, ${mode}`, mode);
      }
      const snapshot = deserializeState(
        JSON.parse(JSON.stringify(serializeState(store.getState()))),
      );
      expectNoneShown(snapshot, hidden, `${name}, ${mode}, snapshot`, mode);
    }
  });

  it('reached calls on both paths, so the check saw the quotes', () => {
    expect(counted.native).toBeGreaterThan(20);
    expect(counted.aiSdk).toBeGreaterThan(3);
    // Each encoding changed some hidden value it quoted (a passphrase with spaces, an umlaut, an
    // ampersand and an apostrophe).
    for (const mode of Object.keys(ENCODED) as Mode[])
      expect(encodedQuotes.get(mode) ?? 0, mode).toBeGreaterThan(0);
  });
});

describe('a call that hides nothing', () => {
  it('shows the quote of its arguments as it came', () => {
    const chunks = loadFixture('hidden-argument-echoed') as Chunk[];
    // The same calls without the display transform's metadata: nothing is hidden.
    const plain = chunks.map((chunk) => {
      const { metadata: _, ...rest } = chunk;
      return String(chunk.type).startsWith('tool-') ? rest : chunk;
    });
    const state = reduceAll(plain);
    const { error, status } = callOf(state, 'call-connect-1');
    expect(status).toBe('output-error');
    expect(shownValue(error)).toContain(`"password": "${ECHO_SECRET}"`);
    expect(error.kind).toBe('raw');
  });
});
