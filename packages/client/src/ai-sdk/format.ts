import type { StreamFormatSupport } from '../reducer/context.js';
import { isAiSdkChunk, reduceAiSdk } from './reduce.js';

/** AI SDK UI message stream support, for the `formats` option of a store or `reduce`. */
export const aiSdk: StreamFormatSupport = {
  name: 'ai-sdk',
  accepts: isAiSdkChunk,
  apply: (ctx, value) => reduceAiSdk(ctx, value as Parameters<typeof reduceAiSdk>[1]),
};
