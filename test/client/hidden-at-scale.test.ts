import { reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { HIDDEN } from '../../bench/hidden-shapes';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * Hiding when what is hidden grows with the stream (bench/hidden-shapes.ts): a call whose streamed
 * arguments pile up secrets and whose result quotes every one, a subagent whose result carries
 * every hidden call it made, and an AI SDK call shown masked whose refusal quotes every argument. test/client/linear.test.ts holds their cost linear; here nothing of
 * them shows, in any snapshot, and only what is hidden is replaced.
 */

const SECRET = /sk-\d+-hidden-\d+/;
const END = { type: 'toolpane/stream-end' };

describe.each(HIDDEN)('$name', ({ chunks, format }) => {
  const options = format === 'ai-sdk' ? { formats: [aiSdk] } : {};

  it('shows no secret in any snapshot', () => {
    const stream = chunks(600);
    const secrets = [...new Set(JSON.stringify(stream).match(new RegExp(SECRET, 'g')))];
    expect(secrets.length).toBeGreaterThan(250);
    neverShows([...stream, END], secrets, options);
  });

  it('replaces each quoted secret and nothing else', () => {
    const text = everythingShown(reduceAll([...chunks(3000), END], options));
    expect(text).not.toMatch(SECRET);
    // The quotes keep their words around the mark.
    const marks = text.match(/matched \[hidden\]|\\"\[hidden\]\\"/g)?.length ?? 0;
    const receipts = text.match(/"receipt":"hidden"/g)?.length ?? 0;
    expect(marks + receipts).toBeGreaterThan(1400);
  });
});

describe('secrets whose occurrences overlap', () => {
  it('hide every character any of them covers', () => {
    const meta = (output: unknown) => ({
      mastra: {
        toolPayloadTransform: {
          display: {
            'input-available': { transformed: { a: '•', b: '•' } },
            'output-available': { transformed: output },
          },
        },
      },
    });
    const args = { a: 'abcdef', b: 'defghi' };
    const result = { note: 'x abcdefghi y abcdef-defghi z' };
    const top = (type: string, payload: object, metadata?: object) => ({
      type,
      runId: 'r',
      from: 'AGENT',
      payload: { toolCallId: 'c', toolName: 't', args, ...payload },
      ...(metadata ? { metadata } : {}),
    });
    const state = reduceAll([
      { type: 'start', runId: 'r', from: 'AGENT', payload: {} },
      top('tool-call', {}, meta(undefined)),
      top('tool-result', { result }, meta(result)),
      END,
    ]);
    expect(state.toolCalls.get('c')?.output).toEqual({
      kind: 'transformed',
      value: { note: 'x [hidden] y [hidden]-[hidden] z' },
    });
  });
});
