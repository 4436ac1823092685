// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { BESIDE } from '../../bench/hidden-shapes';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { asciiOnlyJson, base64After, escapeHtml } from '../utils/quote-forms';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenOnceTold, hiddenTexts, hidesValue } from '../utils/shown';

/*
 * What one call hides may come back in what a call beside it got back: a tool of the same run,
 * or of a sibling subagent's run, whose result or error quotes the key a call beside it was given
 * and hid. Over every recording with a call that hides a value and another call of its run or its
 * tree (a top-level run and the runs nested under it) that shows its result as it came, in both
 * formats, the other call's result made to quote the hidden value (wherever the stream
 * carries it: its own result chunk, the step's results, the `subAgentToolResults` of the agent
 * call above, an AI SDK snapshot), or its result made an error that quotes it: as written,
 * URL-encoded, form-encoded and in ASCII-only JSON. No state a store publishes shows it, and the rest of the result
 * still shows.
 */

type Json = Record<string, unknown>;

/** A hidden value that reads the same as written and JSON-escaped (most recorded ones). */
const plain = (text: string) => /^[\w.@:+\- ]{6,}$/.test(text);

/** `text` as a JSON string holds it (what is shown is searched as JSON). */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/** A value of six characters or more that JSON escapes as written (no quote, no backslash). */
const jsonStable = (text: string) => text.length >= 6 && JSON.stringify(text) === `"${text}"`;

/** What the made result adds around the hidden value. */
const SAID = 'seen near 7781: ';

/** `value` (a result) made to quote `secret`. */
function quoting(value: unknown, secret: string): unknown {
  if (typeof value === 'string') return `${value} (${SAID}${secret})`;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { ...value, note: `${SAID}${secret}` };
  }
  return { value, note: `${SAID}${secret}` };
}

/** `value` with every object that `change` returns another for replaced, at any depth. */
function mapDeep(value: unknown, change: (object: Json) => Json | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, change));
  if (typeof value !== 'object' || value === null) return value;
  const changed = change(value as Json) ?? (value as Json);
  return Object.fromEntries(
    Object.entries(changed).map(([key, child]) => [key, mapDeep(child, change)]),
  );
}

/** Whether `object` names call `call` (its id, and its tool where it names one). */
const names = (object: Json, call: ToolCallState) =>
  object.toolCallId === call.toolCallId &&
  (object.toolName === undefined || object.toolName === call.toolName);

const WAYS = {
  /** Every result the stream carries of the call quotes the value. */
  'its result': (chunks: unknown[], call: ToolCallState, secret: string) =>
    mapDeep(chunks, (object) => {
      if (!names(object, call)) return undefined;
      if (object.type === 'tool-output-available')
        return { ...object, output: quoting(object.output, secret) };
      if (Object.hasOwn(object, 'result'))
        return { ...object, result: quoting(object.result, secret) };
      return undefined;
    }) as unknown[],
  /** The call's own result is an error that quotes the value. */
  'its error': (chunks: unknown[], call: ToolCallState, secret: string) =>
    mapDeep(chunks, (object) => {
      const message = `${SAID}${secret}`;
      if (object.type === 'tool-output-available' && names(object, call))
        return { type: 'tool-output-error', toolCallId: object.toolCallId, errorText: message };
      const payload = object.payload as Json | undefined;
      if (object.type === 'tool-result' && payload !== undefined && names(payload, call))
        return {
          ...object,
          type: 'tool-error',
          payload: { ...payload, result: undefined, error: { message } },
        };
      return undefined;
    }) as unknown[],
  /** The call writes what quotes the value (`writer.write`) before its result. */
  'its progress': (chunks: unknown[], call: ToolCallState, secret: string) =>
    chunks.flatMap((chunk) => {
      let found = false;
      const output = { note: `${SAID}${secret}` };
      const progress = mapDeep(chunk, (object) => {
        const payload = object.payload as Json | undefined;
        if (object.type === 'tool-output-available' && names(object, call)) {
          found = true;
          return {
            type: 'tool-output-available',
            toolCallId: call.toolCallId,
            output,
            preliminary: true,
          };
        }
        if (object.type === 'tool-result' && payload !== undefined && names(payload, call)) {
          found = true;
          const { toolCallId, toolName } = payload;
          return {
            type: 'tool-output',
            runId: object.runId,
            from: 'USER',
            payload: { output, toolCallId, toolName },
          };
        }
        return undefined;
      });
      return found ? [progress, chunk] : [chunk];
    }),
} as const;

/** The top-level run of the tree run `runId` is in. */
function topOf(state: ToolpaneState, runId: string): string {
  const parent = state.toolCalls.get(state.runs.get(runId)?.parentToolCallId ?? '');
  return parent === undefined || parent.runId === runId ? runId : topOf(state, parent.runId);
}

/**
 * How a result may quote a hidden value: as written, and, where they differ, URL-encoded (a link
 * a tool built with it), form-encoded (a query string or a form body), as JSON written with
 * ASCII only (Python's default: `\u00f6` for `ö`), in capitals, escaped for HTML, and in base64
 * at each of the three alignments (alone, in a `Basic` header after a user name, in base64url
 * after two bytes).
 * An encoding that does not apply (base64 of a text under six bytes) leaves it as it is.
 */
const FORMS = {
  'as written': (secret: string) => secret,
  'URL-encoded': (secret: string) => encodeURIComponent(secret),
  'form-encoded': (secret: string) => encodeURIComponent(secret).replaceAll('%20', '+'),
  'ASCII-only JSON': (secret: string) => asciiOnlyJson(secret),
  'in capitals': (secret: string) => secret.toUpperCase(),
  'HTML-escaped': (secret: string) => escapeHtml(secret, '&#39;'),
  'HTML-escaped as Python does': (secret: string) => escapeHtml(secret, '&#x27;'),
  base64: (secret: string) => base64After(secret),
  'base64 in a Basic header': (secret: string) => {
    const encoded = base64After(secret, 'svc:');
    return encoded === secret ? secret : `Basic ${encoded}`;
  },
  'base64url after two bytes': (secret: string) => base64After(secret, 'k=', 'base64url'),
} as const;

interface Case {
  name: string;
  way: keyof typeof WAYS;
  form: keyof typeof FORMS;
  secret: string;
  /** The secret as the made result quotes it. */
  quoted: string;
  hider: ToolCallState;
  beside: ToolCallState;
  made: unknown[];
}

const CASES: Case[] = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name);
  const options = recordingOptions(name);
  const store = createToolpaneStore(options);
  for (const chunk of [...chunks, END]) store.dispatch(chunk);
  const state = store.getState();
  const calls = [...state.toolCalls.values()];
  const ids = new Map<string, number>();
  for (const call of calls) ids.set(call.toolCallId, (ids.get(call.toolCallId) ?? 0) + 1);
  return calls.flatMap((hider) => {
    if (!hidesValue(hider)) return [];
    // What it was given and hides (the case reads it from there).
    const given = JSON.stringify([hider.raw.input, hider.raw.approvalArgs]);
    const texts = hiddenTexts(state, [hider]).filter(
      (text) => jsonStable(text) && given.includes(text),
    );
    const secret = texts.find(plain) ?? texts[0];
    if (secret === undefined) return [];
    const shows = (call: ToolCallState) =>
      call !== hider &&
      !hidesValue(call) &&
      (call.output.kind === 'raw' || call.output.kind === 'transformed') &&
      ids.get(call.toolCallId) === 1;
    // A call of its run, and a tool of another run of its tree (a sibling subagent's).
    const besides = [
      calls.find((call) => call.runId === hider.runId && shows(call)),
      calls.find(
        (call) =>
          call.runId !== hider.runId &&
          call.kind === 'tool' &&
          topOf(state, call.runId) === topOf(state, hider.runId) &&
          shows(call),
      ),
    ].filter((call) => call !== undefined);
    // The first secret as written; for an encoding, the first it changes (a passphrase).
    const quotes = (Object.keys(FORMS) as (keyof typeof FORMS)[]).flatMap((form) => {
      const text =
        form === 'as written' ? secret : texts.find((text) => FORMS[form](text) !== text);
      return text === undefined ? [] : [{ form, secret: text, quoted: FORMS[form](text) }];
    });
    // The same quote twice is one case.
    const unique = quotes.filter(
      (quote, i) => quotes.findIndex((other) => other.quoted === quote.quoted) === i,
    );
    return besides.flatMap((beside) =>
      (Object.keys(WAYS) as (keyof typeof WAYS)[]).flatMap((way) =>
        unique.map((quote) => ({
          name,
          way,
          ...quote,
          hider,
          beside,
          made: WAYS[way](chunks, beside, quote.quoted),
        })),
      ),
    );
  });
});

/**
 * Whether `call` tells what it hides: it hides a value, and a view of its arguments tells which
 * parts, or they show nothing and no view will come (then every part is hidden). While a view
 * may still come, a value beside it is searched only for what it already tells, as its own
 * result is (a result that shows the host or name the view will show keeps it).
 */
const told = (call: ToolCallState) =>
  hidesValue(call) &&
  (call.input.kind !== 'hidden' ||
    call.input.reason !== 'pending' ||
    ['output-available', 'output-error', 'output-denied', 'output-aborted'].includes(call.status));

/** Everything shown, with the requests and the runs' errors too. */
const shownOf = (state: ToolpaneState) =>
  everythingShown(state) +
  JSON.stringify([...state.toolCalls.values()].map((call) => [call.approval, call.suspension])) +
  JSON.stringify([...state.runs.values()].map((run) => run.error ?? null));

/**
 * Recordings where a tool's result holds the key a call of the same run hides, or a call of a
 * sibling subagent's run (`key-across-agents`).
 */
const HANDOFFS = [
  'key-handed-on',
  'aisdk-v6-key-handed-on',
  'key-beside',
  'aisdk-v6-key-beside',
  'key-across-agents',
  'aisdk-v6-key-across-agents',
  'key-across-agents-beside',
  'aisdk-v6-key-across-agents-beside',
] as const;
const HANDOFF_SECRET = 'sk-vault-handoff-6023';

/** The lookup's own transform, on the client: the query shows, the key does not. */
const LOOKUP_TRANSFORM = {
  crmLookupTool: {
    input: (input: unknown) => ({ query: (input as { query?: unknown }).query, apiKey: '••••' }),
    output: (output: unknown) => output,
  },
};

describe('a key a tool returned, that a call beside it hides', () => {
  it.each(HANDOFFS)('%s: shown nowhere once the lookup hides it', (name) => {
    // An AI SDK stream sends no transform metadata: the lookup's input shows nothing, which
    // tells no part of it is secret (as for its own result) until a client transform tells.
    const store = createToolpaneStore({
      ...recordingOptions(name),
      ...(isAiSdkRecording(name) ? { transforms: LOOKUP_TRANSFORM } : {}),
    });
    let known = 0;
    for (const [index, chunk] of [...loadFixture(name), END].entries()) {
      store.dispatch(chunk);
      const state = store.getState();
      const lookup = [...state.toolCalls.values()].find((c) => c.toolName === 'crmLookupTool');
      if (lookup === undefined || !told(lookup)) continue;
      if (!JSON.stringify(lookup.raw.input ?? null).includes(HANDOFF_SECRET)) continue;
      known++;
      expect(shownOf(state), `after chunk ${index}`).not.toContain(HANDOFF_SECRET);
    }
    expect(known).toBeGreaterThan(0);
    const state = store.getState();
    // What nothing says is secret shows in the other runs: a subagent's vault whose arguments
    // (`service: 'crm'`) an AI SDK stream left unseen hides them in its own run only.
    expect(shownOf(state)).toContain('crmLookupTool');
    expect(shownOf(state)).not.toContain('[hidden]LookupTool');
    const vault = [...state.toolCalls.values()].find((c) => c.toolName === 'vaultTool')!;
    // An AI SDK stream tells nothing of a subagent's call: with no client transform for it, the
    // vault inside a subagent shows nothing at all.
    if (isAiSdkRecording(name) && vault.parentToolCallId !== null) {
      expect(vault.output).toEqual({ kind: 'hidden', reason: 'suppressed' });
      return;
    }
    // The rest of the vault's result shows, the key marked; what the model saw of it does not.
    expect(vault.output).toEqual({
      kind: 'transformed',
      value: { service: 'crm', apiKey: '[hidden]', rotates: 'in 30 days' },
    });
    expect(vault.modelOutput).toBeUndefined();
  });
});

describe('a value one call hides, quoted by what a call beside it got back', () => {
  it('is found in recordings of both formats, one and two subagent levels down, and across subagents', () => {
    expect(CASES.length).toBeGreaterThan(8);
    expect(CASES.some((c) => c.beside.parentToolCallId !== null)).toBe(true);
    expect(CASES.some((c) => c.beside.parentToolCallId === null)).toBe(true);
    // In another run of the tree than the call that hides.
    expect(CASES.some((c) => c.beside.runId !== c.hider.runId)).toBe(true);
  });

  it('is found quoted in every form: encoded, escaped, in base64 and in capitals', () => {
    for (const form of Object.keys(FORMS) as (keyof typeof FORMS)[])
      expect(CASES.filter((c) => c.form === form).length, form).toBeGreaterThan(4);
  });

  it.each(
    CASES.map((c) => [
      `${c.name}: ${c.beside.toolName} beside ${c.hider.toolName}, ${c.way}, ${c.form}`,
      c,
    ]),
  )('%s', (_, c) => {
    const store = createToolpaneStore(recordingOptions(c.name));
    let state = store.getState();
    let known = 0;
    for (const [index, chunk] of [...c.made, END].entries()) {
      store.dispatch(chunk);
      state = store.getState();
      // Once the call that hides it is known to hide it (a result may come first, and show what
      // nothing said was hidden yet): a result once a view tells what is hidden (arguments hidden
      // whole tell nothing, as for a call's own result), an error at once.
      const hider = state.toolCalls.get(c.hider.key);
      if (hider === undefined || !hidesValue(hider)) continue;
      if (!told(hider)) continue;
      if (!JSON.stringify([hider.raw.input, hider.raw.approvalArgs]).includes(c.secret)) continue;
      known++;
      expect(shownOf(state), `after chunk ${index}`).not.toContain(inJson(c.quoted));
    }
    expect(known).toBeGreaterThan(0);
    const beside = state.toolCalls.get(c.beside.key)!;
    // The made value arrived, and what it said around the hidden value shows.
    expect(JSON.stringify(c.made)).toContain(inJson(`${SAID}${c.quoted}`));
    const shown =
      c.way === 'its result'
        ? beside.output
        : c.way === 'its error'
          ? beside.error
          : (beside.progress.at(-1) ?? { kind: 'none' });
    if (shown.kind !== 'raw' && shown.kind !== 'transformed') return;
    // In base64, what came before the value (a user name) shows, and the few characters that
    // share bits with it.
    const before = c.form.startsWith('base64') ? String.raw`(Basic )?[\w+/-]{0,8}` : '';
    expect(JSON.stringify(shown.value)).toMatch(new RegExp(`${SAID}${before}\\[hidden\\]`));
  });
});

describe('results beside many calls that hide (bench/hidden-shapes.ts)', () => {
  const [beside, handedOn, across] = BESIDE;
  const KEY = /sk-[0-9a-f]{16}/g;

  it('leave a result that quotes nothing hidden as it came', () => {
    const state = reduceAll([...beside!.chunks(3000), END]);
    const plain = [...state.toolCalls.values()].filter(
      (call) => call.toolName === 'vault' && call.status === 'output-available',
    );
    expect(plain.length).toBeGreaterThan(700);
    for (const call of plain) expect(call.output.kind).toBe('raw');
    expect(everythingShown(state)).not.toMatch(KEY);
  });

  it.each([
    ['the call it was handed to', handedOn!, 140],
    ["a sibling subagent's call it was handed to", across!, 55],
  ] as const)('hide each key a result showed once %s hides it', (_, shape, least) => {
    const stream = shape.chunks(600);
    const keys = [...new Set(JSON.stringify(stream).match(KEY))];
    expect(keys.length).toBeGreaterThan(least);
    const state = hiddenOnceTold([...stream, END], keys);
    const plain = [...state.toolCalls.values()].filter(
      (call) => call.toolName === 'vault' && call.status === 'output-available',
    );
    expect(plain.length).toBeGreaterThan(least);
    for (const call of plain) {
      expect(call.output).toEqual({
        kind: 'transformed',
        value: { service: 'crm', apiKey: '[hidden]' },
      });
    }
  });
});
