export {
  type AdapterOptions,
  type ClientJsStreamResponse,
  type FullStreamSource,
  fromClientJs,
  fromFullStream,
} from './adapters.js';
export {
  type ChunkError,
  type DataChunk,
  type MastraChunk,
  type MastraChunkType,
  type ObjectChunk,
  type ParsedMastraChunk,
  parseMastraChunk,
  type UnknownChunk,
} from './chunk.js';
export {
  type ConsumeOptions,
  type ConsumeResult,
  consumeStream,
  httpErrorMessage,
} from './consume.js';
export {
  type ClientToolTransform,
  type ClientTransforms,
  type DisplayMetadata,
  type PhaseTransform,
  readDisplayMetadata,
  shownValue,
  type TransformPhase,
} from './display.js';
export { isToolpaneEvent, type ToolpaneEvent } from './events.js';
export {
  createPartialJsonParser,
  type PartialJsonParser,
  type PartialJsonSnapshot,
  parsePartialJson,
} from './partial-json.js';
export { reduce, reduceAll } from './reduce.js';
export type { ReduceOptions, StreamFormatSupport } from './reduce-context.js';
export { errorText } from './reduce-tools.js';
export {
  type FieldError,
  type JsonSchema,
  parseResumeSchema,
  type ResumeValidation,
  validateResumeData,
} from './resume-schema.js';
export {
  type PendingApproval,
  type SubagentRef,
  selectPendingApprovals,
  selectRun,
  selectRunText,
  selectStatus,
  selectSubagent,
  selectSubagents,
  selectToolCall,
  selectToolCalls,
  type ToolCallFilter,
} from './select.js';
export { createAgentSession } from './session.js';
export type {
  AgentSession,
  AgentSessionOptions,
  FetchLike,
  SendOptions,
  SessionHeaders,
  SessionMessage,
  SessionRequestOptions,
  SessionResult,
  SessionStatus,
} from './session-types.js';
export {
  type ChunkSource,
  createFrameDecoder,
  type FrameDecoder,
  type FrameSink,
  sniffFormat,
  type WireFormat,
} from './sources.js';
export * from './state.js';
export {
  batchScheduler,
  createToolpaneStore,
  type NotifySchedule,
  type ToolpaneStore,
  type ToolpaneStoreOptions,
} from './store.js';
