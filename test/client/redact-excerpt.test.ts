import { createToolpaneStore, reduceAll } from '@toolpane/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactExcerpt } from '../../packages/client/src/reducer/redact.js';
import { loadFixture } from '../utils/fixtures';
import '../utils/property';

// The rule as a regular expression with a replacer: what the scan must give, on any text.
const KEYS = new Set(['type', 'runId', 'from', 'toolCallId', 'toolName', 'id', 'messageId']);
for (const key of ['taskId', 'approvalId', 'state', 'stepName', 'workflowId']) KEYS.add(key);
const STRING_LITERAL = /"(?:[^"\\]|\\.)*(?:"|$)(\s*:)?/g;
const FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,39}$/;
const NUMBER = /\d[\d.eE+-]*/g;
// Envelope keys are kept in the chunk and its `payload` only, not in a value the chunk carries.
const envelope = (open: Array<string | undefined>) =>
  open.length === 1 || (open.length === 2 && open[1] === 'payload');
function byRegex(text: string): string {
  let previousKey: string | undefined;
  let out = '';
  let last = 0;
  // The key each open object or array is the value of.
  const open: Array<string | undefined> = [];
  const between = (stretch: string) => {
    for (const c of stretch.match(/[{}[\]]/g) ?? []) {
      if (c === '{' || c === '[') {
        open.push(previousKey);
        previousKey = undefined;
      } else open.pop();
    }
    return stretch.replace(NUMBER, '0');
  };
  for (const match of text.matchAll(STRING_LITERAL)) {
    const [literal, colon] = match;
    out += between(text.slice(last, match.index));
    last = match.index + literal.length;
    if (colon !== undefined) {
      const close = literal.lastIndexOf('"');
      previousKey = literal.slice(1, close);
      const kept = FIELD_NAME.test(previousKey) && envelope(open);
      out += kept ? literal : `"…"${literal.slice(close + 1)}`;
      continue;
    }
    const key = previousKey;
    previousKey = undefined;
    out += key !== undefined && KEYS.has(key) && envelope(open) ? literal : '"…"';
  }
  return out + between(text.slice(last));
}

describe('issue excerpts keep no payload strings', () => {
  it('keeps field names and envelope ids, and replaces every other string and number', () => {
    const text = JSON.stringify({
      type: 'text-delta',
      runId: 'run-1',
      from: 'AGENT',
      payload: {
        text: 'a secret',
        id: 't1',
        n: 5,
        list: ['x', 'y'],
        nested: { toolName: 'lookup' },
      },
    });
    expect(redactExcerpt(text)).toBe(
      '{"type":"text-delta","runId":"run-1","from":"AGENT","payload":{"text":"…","id":"t1","n":0,"list":["…","…"],"nested":{"…":"…"}}}',
    );
    // An argument named like an envelope field is a value: a hidden account id, a secret type.
    expect(
      redactExcerpt(
        '{"type":"tool-call","payload":{"toolCallId":"c1","args":{"id":"acct-7781","type":"sk"}},"metadata":{"id":"m"}}',
      ),
    ).toBe(
      '{"type":"tool-call","payload":{"toolCallId":"c1","args":{"…":"…","…":"…"}},"metadata":{"…":"…"}}',
    );
    // A hidden value shaped like a field name, keying an object the chunk carries.
    expect(
      redactExcerpt(
        '{"type":"tool-result","payload":{"toolCallId":"c1","result":{"sk_live_123abc":true,"acct7781":{"ok":1}}}}',
      ),
    ).toBe('{"type":"tool-result","payload":{"toolCallId":"c1","result":{"…":true,"…":{"…":0}}}}');
    expect(redactExcerpt('no strings 1, 2')).toBe('no strings 0, 0');
    expect(redactExcerpt('no values at all')).toBe('no values at all');
    // Hidden values as numbers and as keys: a PIN, an account keyed by its owner's address.
    expect(
      redactExcerpt('{"payload":{"pin":4821,"balance":-12.5e3,"ada@example.com":{"sk-1":1}}}'),
    ).toBe('{"payload":{"pin":0,"balance":-0,"…":{"…":0}}}');
    expect(redactExcerpt('{"text":"cut off at 200 charact…')).toBe('{"text":"…"');
  });

  it('agrees with the regular expression on any text, JSON or not', () => {
    const piece = fc.constantFrom(
      '"',
      '\\',
      '\\"',
      ':',
      ' ',
      '\n',
      '\u2028',
      '\u00a0',
      ',',
      '{',
      '[',
      '1',
      'a',
      'x y',
      '…',
      '"type"',
      '"runId"',
      '"text"',
      '"toolCallId": ',
      '"sk-1": ',
      '"a b":',
      '12',
      '-3.5e+2',
      'e',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(redactExcerpt(text)).toBe(byRegex(text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(redactExcerpt(text)).toBe(byRegex(text));
      }),
      { numRuns: 500 },
    );
  });

  it('shows no number and no key-as-value of a malformed chunk in the state', () => {
    const chunk = {
      type: 'tool-result',
      runId: 'run-1',
      from: 'AGENT',
      // No toolCallId: the chunk cannot be applied, and its call's transform cannot be known.
      payload: { toolName: 'vault', result: { pin: 4821, 'ada@example.com': { iban: 'DE44' } } },
    };
    const state = reduceAll([chunk]);
    expect(state.issues).toHaveLength(1);
    const shown = JSON.stringify(state.issues);
    for (const value of ['4821', 'ada@example.com', 'DE44']) expect(shown).not.toContain(value);
    expect(state.issues[0]?.excerpt).toContain('"toolName":"vault"');
  });

  it('shows no hidden argument named like an envelope field (id, type, runId, …)', () => {
    // A real call under a display policy, its arguments named as envelope fields are.
    type Chunk = {
      type: string;
      payload: Record<string, unknown>;
      metadata: { mastra: { toolPayloadTransform: { display: Record<string, unknown> } } };
    };
    const recorded = loadFixture('transform-progress-hidden') as Chunk[];
    const call = structuredClone(recorded.find((chunk) => chunk.type === 'tool-call')!);
    const keys = ['id', 'type', 'state', 'toolName', 'runId', 'messageId', 'toolCallId'];
    const args = Object.fromEntries(keys.map((key) => [key, `acct-${key}-secret-7781`]));
    call.payload.args = args;
    call.metadata.mastra.toolPayloadTransform.display['input-available'] = {
      transformed: Object.fromEntries(keys.map((key) => [key, '••••'])),
    };
    const store = createToolpaneStore();
    store.dispatchMany(
      recorded.slice(0, recorded.indexOf(recorded.find((c) => c.type === 'tool-call')!)),
    );
    store.dispatch(call);
    // The same chunk, malformed: an issue with an excerpt.
    store.dispatch({ ...call, payload: { ...call.payload, providerExecuted: 'yes' } });
    const { issues } = store.getState();
    expect(issues.some((issue) => issue.excerpt !== undefined)).toBe(true);
    for (const key of keys) expect(JSON.stringify(issues)).not.toContain(args[key]);
  });
});
