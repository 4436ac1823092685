import type { NetworkState } from '../network/state.js';
import type { PartialJsonSnapshot } from '../partial-json/partial-json.js';
import type { RunPart } from './run-part.js';
import type { BackgroundTaskState, WorkflowState } from './workflow.js';

export type {
  BackgroundTaskState,
  WorkflowIterationState,
  WorkflowState,
  WorkflowStatus,
  WorkflowStepState,
} from './workflow.js';

/**
 * The state Toolpane keeps for one conversation with a Mastra agent.
 *
 * Every object reachable from a published {@link ToolpaneState} is immutable. An entity that did not
 * change between two snapshots keeps its identity, so UIs can compare by reference.
 */

/**
 * Lifecycle of one tool call, in the AI SDK's vocabulary extended for Mastra. `output-aborted` is a
 * stop, not a failure: the call was still open when its run was aborted (the user pressed Stop, sent
 * a new message, or the run's abort signal fired).
 */
export type ToolCallStatus =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'suspended'
  | 'output-available'
  | 'output-error'
  | 'output-denied'
  | 'output-aborted';

/** Statuses a tool call never leaves. */
export const TERMINAL_TOOL_STATUSES: ReadonlySet<ToolCallStatus> = new Set([
  'output-available',
  'output-error',
  'output-denied',
  'output-aborted',
]);

/** Statuses that mean a person has to act before the run can continue. */
export const HUMAN_TOOL_STATUSES: ReadonlySet<ToolCallStatus> = new Set([
  'approval-requested',
  'suspended',
]);

/**
 * Why no decision can be sent for a call any more (Mastra no longer holds its run), or undefined
 * while one can.
 */
export const expiredReason = (call: {
  readonly approval?: { readonly expired?: string };
  readonly suspension?: { readonly expired?: string };
}): string | undefined => call.approval?.expired ?? call.suspension?.expired;

/**
 * A value as it should be shown. `raw` means no display transform applies; `transformed` is the
 * value Mastra's display transform produced; `hidden` means a transform applies but its value is
 * not known yet (`pending`), Mastra suppressed it, or the transform failed.
 */
export type DisplayValue =
  | { readonly kind: 'none' }
  | { readonly kind: 'raw'; readonly value: unknown }
  | { readonly kind: 'transformed'; readonly value: unknown }
  | {
      readonly kind: 'hidden';
      readonly reason: 'pending' | 'suppressed' | 'failed';
      /** A placeholder text for `failed`, e.g. Mastra's "Tool output-available payload unavailable". */
      readonly message?: string;
    };

/** The display value for "nothing yet". */
export const NO_VALUE: DisplayValue = Object.freeze({ kind: 'none' });

/** Where an approval or resume must be sent: the top-level run and the call id Mastra expects. */
export interface DecisionTarget {
  readonly runId: string;
  readonly toolCallId: string;
  /**
   * Set for a decision inside an agent network run: it goes to the network's routes
   * (`approve-network-tool-call`, `decline-network-tool-call`) with the network's runId.
   */
  readonly network?: boolean;
}

/** An approval Mastra asked for. */
export interface ApprovalState {
  /** The tool that needs approval (for a nested approval, the inner tool). */
  readonly toolName: string;
  /** The tool's input as it should be shown. */
  readonly args: DisplayValue;
  /** Parsed JSON Schema of the decision (`{ approved, reason? }`), if Mastra sent one. */
  readonly resumeSchema: unknown;
  /** What to send with the decision. */
  readonly target: DecisionTarget;
  /**
   * 1 for the first request; one more each time Mastra asked again with other arguments. Each
   * revision is a request of its own: the arguments of one never change once shown, and a decision
   * made on an earlier revision does not carry over (an issue records the change).
   */
  readonly revision: number;
  /** The decision, once one was sent. */
  readonly decision?: { readonly approved: boolean; readonly reason?: string };
  /** Why the last attempt to send a decision failed. */
  readonly error?: string;
  /**
   * Set when Mastra no longer holds the run (it finished, or its snapshot is gone): no decision
   * can be sent any more, and the text says why. Only calls restored from history get here.
   */
  readonly expired?: string;
}

/** A suspension raised by `suspend()` inside a tool. */
export interface SuspensionState {
  readonly payload: DisplayValue;
  /** Parsed JSON Schema that `resumeData` must satisfy, if the tool declared one. */
  readonly resumeSchema: unknown;
  readonly target: DecisionTarget;
  /**
   * 1 for the call's first suspension; one more each time a new suspension replaces the one the
   * call waited on (the tool suspended again with another payload or resume schema, or Mastra
   * named another run or call to resume). The same suspension seen again (a replayed stream, the
   * repeat one level up of a nested one) keeps its revision. Data given for one revision is never
   * sent to another: pass the revision a form drew to `session.resume` (`useApproval` and
   * `<ResumeForm.Root>` do).
   */
  readonly revision: number;
  /** The data sent to resume, once sent. */
  readonly resumeData?: unknown;
  readonly error?: string;
  /** Set when Mastra no longer holds the run: it can no longer be resumed (see {@link ApprovalState}). */
  readonly expired?: string;
}

/** How a call relates to Mastra's tool families. */
export type ToolKind = 'tool' | 'agent' | 'workflow';

/**
 * One tool call, keyed by its `key`.
 *
 * Fields and lists that point at a call (`toolCalls`, `toolCallOrder`, `RunState.toolCallIds`,
 * the `toolCallId` of a run's `tool-call` part, `parentToolCallId`) hold call keys. A key is the
 * toolCallId for the first call with that id in a state, so most code never sees the difference.
 */
export interface ToolCallState {
  /**
   * The call's identity in this state. A later run may repeat a toolCallId (some providers number
   * calls per run): such a call is a call of its own, keyed `<toolCallId>#<n>` (n = 2, 3, …).
   * Deterministic: the same chunks give the same keys, on a server and in a browser.
   */
  readonly key: string;
  /** The id the model gave the call, as on the wire; what Mastra expects back. */
  readonly toolCallId: string;
  /** The key the tool was registered under on the agent (not the tool's `id`). */
  readonly toolName: string;
  /** `agent` for `agent-<key>` subagent calls, `workflow` for `workflow-<key>` calls. */
  readonly kind: ToolKind;
  readonly status: ToolCallStatus;
  /** The run whose model made the call. */
  readonly runId: string;
  /** The `agent-*` or `workflow-*` call this call ran inside, else null. */
  readonly parentToolCallId: string | null;
  /** Raw streamed input text, as received. */
  readonly inputText: string;
  /** Input as it should be shown (partial while streaming). */
  readonly input: DisplayValue;
  /** Output as it should be shown. */
  readonly output: DisplayValue;
  /** Error as it should be shown (a string when raw). */
  readonly error: DisplayValue;
  /** Values Mastra sent before any display transform. Never render these by default. */
  readonly raw: {
    readonly input?: unknown;
    readonly output?: unknown;
    readonly error?: unknown;
    readonly suspendPayload?: unknown;
    /** The arguments of the latest approval request. */
    readonly approvalArgs?: unknown;
    /** What the model saw of the result, when it may not be shown (see `modelOutput`). */
    readonly modelOutput?: unknown;
    /**
     * Set on a call read back from a snapshot that left out the raw values of a call hiding some
     * (`serializeState`): what it hides can no longer be searched for, so a message that may
     * quote it (a run's error, a failed decision, a transport failure) shows withheld whole.
     */
    readonly withheld?: true;
  };
  /** Whether a display transform applies: learnt from chunk metadata or a client transform. */
  readonly displayTransform: 'unknown' | 'none' | 'display';
  /** Preliminary output written by the tool while it runs (`tool-output`). */
  readonly progress: readonly DisplayValue[];
  /**
   * What the model saw of the result (`toModelOutput`), when it differs from the output. Withheld
   * (kept in `raw.modelOutput`) when the call is display-transformed, or when its result had to be
   * redacted: it is made from the raw values.
   */
  readonly modelOutput?: unknown;
  readonly approval?: ApprovalState;
  readonly suspension?: SuspensionState;
  /** For `agent-*` calls: the subagent runs that ran inside, in order. */
  readonly childRunIds: readonly string[];
  readonly workflow?: WorkflowState;
  readonly background?: BackgroundTaskState;
  /**
   * While the arguments stream and no display transform applies: the incremental parse of the
   * input, whose `isComplete('/field')` tells which fields are final. Gone once the input is whole.
   */
  readonly partialInput?: PartialJsonSnapshot;
  /**
   * Set on an `input-available` call that Mastra will not run: its run finished on `tool-calls`
   * without a result for it (a client-side tool, or a tool with no `execute`). It waits for the
   * app to supply the result; it is not stopped and not failed.
   */
  readonly awaitingClient?: true;
  /**
   * Set when an input JSON parse failed or the input did not validate. Such messages quote the
   * arguments, so a call whose input is hidden keeps one that does not.
   */
  readonly inputError?: string;
  readonly providerExecuted?: boolean;
  /**
   * Set on a call its stream broke off under (`toolpane/stream-end` or `stream-error` while it was
   * open): the status it had then. The client ended it as `output-error`, not Mastra; when the
   * stream is sent again from its run's `start` (a reconnect replays it), the call goes back to
   * that status and reads on as if the stream had never broken.
   */
  readonly brokenOff?: ToolCallStatus;
  /** Milliseconds since the epoch, from the store's clock. */
  readonly startedAt?: number;
  readonly endedAt?: number;
}

/**
 * Why a run stopped. `waiting` means it waits for an approval or a resume. `aborted` is a stop the
 * caller chose (Stop, a new message, an abort signal), not a failure; `interrupted` means the stream
 * ended or broke before the run did.
 */
export type RunStatus =
  | 'streaming'
  | 'waiting'
  | 'finished'
  | 'error'
  | 'aborted'
  | 'tripwire'
  | 'interrupted';

/** Token usage as Mastra reports it. */
export interface Usage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly totalTokens?: number;
  readonly reasoningTokens?: number;
  readonly cachedInputTokens?: number;
}

/** One model step of a run. */
export interface StepState {
  readonly index: number;
  readonly messageId?: string;
  readonly finishReason?: string;
  readonly usage?: Usage;
  readonly startedAt?: number;
}

export type { DataPart, RunPart } from './run-part.js';

/** One agent run: the top-level run or a subagent run inside an `agent-*` call. */
export interface RunState {
  readonly runId: string;
  /**
   * The runId the stream gave a top-level run kept under another id (`<runId>@top`): a later turn
   * that reused the id of a subagent run inside a call. Decisions on the run's calls name this id.
   */
  readonly streamRunId?: string;
  /** The agent's `id` property, from the run's `start` chunk. */
  readonly agentId?: string;
  readonly messageId?: string;
  /**
   * The text of the user message this run answers, when the state was built from history (a live
   * stream does not repeat the prompt).
   */
  readonly prompt?: string;
  readonly status: RunStatus;
  /** The `agent-*` call this run is the subagent of, else null. */
  readonly parentToolCallId: string | null;
  /** 0 for a top-level run, 1 for its subagents, and so on. */
  readonly depth: number;
  readonly parts: readonly RunPart[];
  readonly toolCallIds: readonly string[];
  readonly steps: readonly StepState[];
  readonly usage?: Usage;
  readonly finishReason?: string;
  /** The structured output (`object` / `object-result`). */
  readonly object?: unknown;
  /** For the run of an agent network (`agent.network()`): its routing, executions and result. */
  readonly network?: NetworkState;
  /** Why the run stopped, when it did not finish normally. */
  readonly error?: string;
  readonly startedAt?: number;
  readonly endedAt?: number;
}

/** Something in the stream that Toolpane could not use. Nothing else is lost because of it. */
export interface StreamIssue {
  readonly kind: 'invalid-chunk' | 'unknown-chunk' | 'transport' | 'decision' | 'orphan';
  readonly message: string;
  /** The chunk type, when there was one. */
  readonly chunkType?: string;
  readonly runId?: string;
  readonly toolCallId?: string;
  /** A short excerpt of what arrived (at most 200 characters), for debugging. */
  readonly excerpt?: string;
}

/** The stream format, detected from the chunks. */
export type StreamFormat = 'unknown' | 'mastra' | 'ai-sdk';

/** Everything Toolpane knows about one conversation. */
export interface ToolpaneState {
  readonly format: StreamFormat;
  /** Every run by runId, top-level and nested. */
  readonly runs: ReadonlyMap<string, RunState>;
  /**
   * Top-level runs, in the order they started. Like `toolCallOrder`, `issues` and
   * `unknownChunks`, a getter whose array is built on first read (and written by
   * `JSON.stringify`), so a snapshot nobody reads costs nothing; a spread copy of a state does not
   * carry these four.
   */
  readonly runOrder: readonly string[];
  /** Every tool call at any depth, by toolCallId. */
  readonly toolCalls: ReadonlyMap<string, ToolCallState>;
  /** Every tool call id at any depth, in stream order. */
  readonly toolCallOrder: readonly string[];
  /** Unknown chunk types, malformed chunks and transport problems, in arrival order. */
  readonly issues: readonly StreamIssue[];
  /**
   * Chunks Toolpane stores but does not interpret, raw as they came: like a call's `raw` they may
   * carry what a display transform hides, so never render them. A snapshot leaves them out.
   */
  readonly unknownChunks: readonly unknown[];
}
