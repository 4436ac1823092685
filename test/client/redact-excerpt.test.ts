import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactExcerpt } from '../../packages/client/src/reducer/redact.js';
import '../utils/property';

// The rule as a regular expression with a replacer: what the scan must give, on any text.
const KEYS = new Set(['type', 'runId', 'from', 'toolCallId', 'toolName', 'id', 'messageId']);
for (const key of ['taskId', 'approvalId', 'state', 'stepName', 'workflowId']) KEYS.add(key);
const STRING_LITERAL = /"(?:[^"\\]|\\.)*(?:"|$)(\s*:)?/g;
function byRegex(text: string): string {
  let previousKey: string | undefined;
  return text.replace(STRING_LITERAL, (literal: string, colon: string | undefined) => {
    if (colon !== undefined) {
      previousKey = literal.slice(1, literal.lastIndexOf('"'));
      return literal;
    }
    const key = previousKey;
    previousKey = undefined;
    return key !== undefined && KEYS.has(key) ? literal : '"…"';
  });
}

describe('issue excerpts keep no payload strings', () => {
  it('keeps keys, envelope ids and numbers, and replaces every other string', () => {
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
      '{"type":"text-delta","runId":"run-1","from":"AGENT","payload":{"text":"…","id":"t1","n":5,"list":["…","…"],"nested":{"toolName":"lookup"}}}',
    );
    expect(redactExcerpt('no strings 1, 2')).toBe('no strings 1, 2');
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
});
