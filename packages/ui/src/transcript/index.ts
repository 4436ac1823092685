export * as Transcript from './parts.js';
export {
  TranscriptPart,
  TranscriptRoot,
  type TranscriptRootProps,
  TranscriptRun,
  TranscriptToolCall,
} from './transcript.js';
