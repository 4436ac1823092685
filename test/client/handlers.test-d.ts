import { describe, expectTypeOf, it } from 'vitest';
import type { AiSdkChunkType } from '../../packages/client/src/ai-sdk/chunk.js';
import { type AiSdkHandlers, aiSdkHandlers } from '../../packages/client/src/ai-sdk/reduce.js';
import type { MastraChunkType, NativeChunkType } from '../../packages/client/src/chunks/mastra.js';
import { type NativeHandlers, nativeHandlers } from '../../packages/client/src/mastra/handlers.js';

describe('the native handler table', () => {
  it('has a key for every chunk type of the vocabulary, and no other', () => {
    expectTypeOf<keyof typeof nativeHandlers>().toEqualTypeOf<NativeChunkType>();
    expectTypeOf<MastraChunkType | 'object' | 'object-result'>().toEqualTypeOf<NativeChunkType>();
  });

  it('does not compile with a chunk type left without a handler', () => {
    const { 'tool-call': _dropped, ...missing } = nativeHandlers;
    // @ts-expect-error 'tool-call' has no handler
    const table: NativeHandlers = missing;
    expectTypeOf(table).not.toBeAny();
  });

  it('does not compile with a handler for a type the vocabulary lacks', () => {
    const table: NativeHandlers = {
      ...nativeHandlers,
      // @ts-expect-error no such chunk type
      'tool-call-typo': nativeHandlers['tool-call'],
    };
    expectTypeOf(table).not.toBeAny();
  });

  it('does not compile with a handler that reads another chunk type', () => {
    const table: NativeHandlers = {
      ...nativeHandlers,
      // @ts-expect-error a text-delta handler cannot take a tool-call chunk
      'tool-call': nativeHandlers['text-delta'],
    };
    expectTypeOf(table).not.toBeAny();
  });
});

describe('the AI SDK handler table', () => {
  it('has a key for every chunk type of the vocabulary, and no other', () => {
    expectTypeOf<keyof typeof aiSdkHandlers>().toEqualTypeOf<AiSdkChunkType>();
  });

  it('does not compile with a chunk type left without a handler', () => {
    const { 'tool-input-available': _dropped, ...missing } = aiSdkHandlers;
    // @ts-expect-error 'tool-input-available' has no handler
    const table: AiSdkHandlers = missing;
    expectTypeOf(table).not.toBeAny();
  });

  it('does not compile with a handler for a type the vocabulary lacks', () => {
    const table: AiSdkHandlers = {
      ...aiSdkHandlers,
      // @ts-expect-error no such chunk type
      'tool-input-typo': aiSdkHandlers.start,
    };
    expectTypeOf(table).not.toBeAny();
  });
});
