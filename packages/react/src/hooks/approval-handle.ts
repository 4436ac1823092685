import type { ApprovalState, FieldError, SuspensionState } from '@toolpane/client';

/**
 * Where a call's human decision stands. `requested` and `suspended` wait for a person; `sending`
 * means a decision is on its way (or its stream has not finished yet); `expired` means Mastra no
 * longer holds the run, so nothing can be sent (see `expired` for why); the last three tell what
 * was decided.
 */
export type ApprovalStatus =
  | 'none'
  | 'requested'
  | 'suspended'
  | 'expired'
  | 'sending'
  | 'approved'
  | 'declined'
  | 'resumed';

/** How a decision ended: sent, or why not. The actions never reject. */
export type DecisionResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: string; readonly fieldErrors: readonly FieldError[] };

/** A call's approval or suspension, with the actions that answer it. */
export interface ApprovalHandle<TResume = unknown> {
  readonly status: ApprovalStatus;
  /** `approval` for approve/decline, `suspension` for resume with data, else undefined. */
  readonly kind: 'approval' | 'suspension' | undefined;
  /** The approval Mastra asked for (its `args` are display values). */
  readonly approval: ApprovalState | undefined;
  /** The suspension raised by the tool, with its payload and resume schema. */
  readonly suspension: SuspensionState | undefined;
  /** Why the last decision could not be sent. */
  readonly error: string | undefined;
  /** Why no decision can be sent any more (Mastra no longer holds the run), when that is so. */
  readonly expired: string | undefined;
  /** What is wrong with the last resume data, field by field. */
  readonly fieldErrors: readonly FieldError[];
  /** Whether a decision can be sent now: a session is there and the call waits for one. */
  readonly canRespond: boolean;
  /** Approves the call. */
  approve(): Promise<DecisionResult>;
  /** Declines the call, with a reason the model will see. */
  decline(reason?: string): Promise<DecisionResult>;
  /** Resumes a suspended call, after checking `resumeData` against its resume schema. */
  resume(resumeData: TResume): Promise<DecisionResult>;
}
