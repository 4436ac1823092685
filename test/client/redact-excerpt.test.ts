import { reduceAll } from '@toolpane/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactExcerpt } from '../../packages/client/src/reducer/redact.js';
import '../utils/property';

// The rule as a regular expression with a replacer: what the scan must give, on any text.
const KEYS = new Set(['type', 'runId', 'from', 'toolCallId', 'toolName', 'id', 'messageId']);
for (const key of ['taskId', 'approvalId', 'state', 'stepName', 'workflowId']) KEYS.add(key);
const STRING_LITERAL = /"(?:[^"\\]|\\.)*(?:"|$)(\s*:)?/g;
const FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,39}$/;
const NUMBER = /\d[\d.eE+-]*/g;
function byRegex(text: string): string {
  let previousKey: string | undefined;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(STRING_LITERAL)) {
    const [literal, colon] = match;
    out += text.slice(last, match.index).replace(NUMBER, '0');
    last = match.index + literal.length;
    if (colon !== undefined) {
      const close = literal.lastIndexOf('"');
      previousKey = literal.slice(1, close);
      out += FIELD_NAME.test(previousKey) ? literal : `"…"${literal.slice(close + 1)}`;
      continue;
    }
    const key = previousKey;
    previousKey = undefined;
    out += key !== undefined && KEYS.has(key) ? literal : '"…"';
  }
  return out + text.slice(last).replace(NUMBER, '0');
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
      '{"type":"text-delta","runId":"run-1","from":"AGENT","payload":{"text":"…","id":"t1","n":0,"list":["…","…"],"nested":{"toolName":"lookup"}}}',
    );
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
});
