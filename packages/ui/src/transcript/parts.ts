/** The Transcript parts under short names, for `Transcript.Root`-style use. */
export {
  TranscriptPart as Part,
  TranscriptRoot as Root,
  TranscriptRun as Run,
  TranscriptToolCall as ToolCall,
} from './transcript.js';
