// @vitest-environment node
import { createToolpaneStore, type DisplayValue, parsePartialJson } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * While a call's arguments stream, its input is the parser's snapshot, built when it is first
 * read rather than on every delta. A reader must not be able to tell: in every published state the
 * input reads as the parse of the text so far, the same object on every read, and the same through
 * a spread, JSON and a structured clone; a state published earlier still reads as it did.
 */

const STREAMS = {
  'native tool-call-delta': { chunks: loadFixture('approval-request'), options: {} },
  'AI SDK tool-input-delta': { chunks: loadFixture('aisdk-v6'), options: { formats: [aiSdk] } },
};

const raw = (input: DisplayValue) => (input.kind === 'raw' ? input.value : undefined);

describe('the input of a call whose arguments stream', () => {
  it.each(Object.keys(STREAMS))(
    'reads as the text so far parses, in every snapshot: %s',
    (name) => {
      const { chunks, options } = STREAMS[name as keyof typeof STREAMS];
      const store = createToolpaneStore(options);
      const seen: { input: DisplayValue; json: string }[] = [];
      store.subscribe(() => {
        for (const call of store.getState().toolCalls.values()) {
          if (call.status !== 'input-streaming' || call.input.kind !== 'raw') continue;
          const value = raw(call.input);
          expect(value).toEqual(parsePartialJson(call.inputText).value);
          expect(raw(call.input)).toBe(value);
          expect({ ...call.input }).toEqual({ kind: 'raw', value });
          expect(structuredClone(call.input)).toEqual({ kind: 'raw', value });
          seen.push({ input: call.input, json: JSON.stringify(call.input) });
        }
      });
      for (const chunk of chunks) store.dispatch(chunk);
      expect(seen.length).toBeGreaterThan(1);
      for (const { input, json } of seen) {
        expect(JSON.stringify(input)).toBe(json);
        expect(JSON.parse(json)).toHaveProperty('value');
      }
    },
  );
});
