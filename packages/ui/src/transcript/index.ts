export * as Transcript from './parts.js';
export {
  TranscriptPart,
  TranscriptRoot,
  type TranscriptRootProps,
  TranscriptRun,
  type TranscriptRunProps,
  TranscriptToolCall,
} from './transcript.js';
