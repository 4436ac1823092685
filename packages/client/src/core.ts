/**
 * The main entry without the session and the stream reader: the store, the reducer, selectors,
 * display helpers and every type. `index.ts` adds the two back; `pnpm bench` measures this file
 * as what an app that only reduces chunks ships (the package has no side effects, so an app's
 * bundler drops the session when it is not imported).
 */
export type {
  ChunkError,
  DataChunk,
  MastraChunk,
  MastraChunkType,
  ObjectChunk,
  ParsedMastraChunk,
  UnknownChunk,
} from './chunks/mastra.js';
export { parseMastraChunk } from './chunks/parse.js';
export type {
  NetworkExecutionStep,
  NetworkPrimitiveType,
  NetworkRoutingStep,
  NetworkState,
  NetworkStep,
  NetworkValidationStep,
} from './network/state.js';
export {
  type Changed,
  type ChangeListener,
  createEmitter,
  type Emitter,
  mergeChanged,
  type Subscribable,
} from './notify/emitter.js';
export { batchScheduler, type NotifySchedule, scheduleFlush } from './notify/schedule.js';
export {
  createPartialJsonParser,
  type PartialJsonParser,
  type PartialJsonSnapshot,
  parsePartialJson,
} from './partial-json/partial-json.js';
export type {
  ChunkFamilySupport,
  ReduceOptions,
  StreamFormatSupport,
} from './reducer/context.js';
export { errorText } from './reducer/error-text.js';
export { reduce, reduceAll } from './reducer/reduce.js';
export {
  type ClientToolTransform,
  type ClientTransforms,
  type DisplayMetadata,
  type PhaseTransform,
  readDisplayMetadata,
  shownValue,
  type TransformPhase,
} from './reducer/transform.js';
export {
  type FieldError,
  type JsonSchema,
  parseResumeSchema,
  type ResumeIssue,
  type ResumeIssueKind,
  type ResumeIssueOf,
  type ResumeLimit,
  type ResumeLimitSubject,
  type ResumeValidation,
  validateResumeData,
} from './resume/schema.js';
export { EXPIRED_MESSAGE, isRunGone } from './session/body.js';
export { errorShown, resultShown } from './session/error-shown.js';
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
  SessionThread,
} from './session/types.js';
export { ARGS_TO_COME, argsToCome, failureShown } from './state/args-to-come.js';
export {
  type PendingApproval,
  type SubagentRef,
  selectCallsWithId,
  selectDecisionCall,
  selectPendingApprovals,
  selectRun,
  selectRunText,
  selectStatus,
  selectSubagent,
  selectSubagents,
  selectToolCall,
  selectToolCalls,
  selectWaitingInside,
  type ToolCallFilter,
} from './state/select.js';
export * from './state/state.js';
export { initialState } from './state/state-root.js';
export { callKey, runKey, type StoreKey, type SummaryKey } from './store/keys.js';
export {
  createToolpaneStore,
  type ToolpaneStore,
  type ToolpaneStoreOptions,
} from './store/store.js';
export type {
  AdapterOptions,
  ClientJsStreamResponse,
  FullStreamSource,
} from './stream/adapters.js';
export type { ConsumeOptions, ConsumeResult } from './stream/consume.js';
export { isToolpaneEvent, type ToolpaneEvent } from './stream/events.js';
export type { ChunkSource, FrameDecoder, FrameSink, WireFormat } from './stream/sources.js';
