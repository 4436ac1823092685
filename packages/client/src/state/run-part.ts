/** A piece of a run's transcript, in stream order. */
export type RunPart =
  | {
      readonly type: 'text';
      readonly id: string;
      readonly text: string;
      readonly state: 'streaming' | 'done';
    }
  | {
      readonly type: 'reasoning';
      readonly id: string;
      readonly text: string;
      readonly state: 'streaming' | 'done';
    }
  | { readonly type: 'tool-call'; readonly toolCallId: string }
  | {
      readonly type: 'source';
      readonly id: string;
      readonly sourceType: string;
      readonly title?: string;
      readonly url?: string;
      readonly mimeType?: string;
      readonly filename?: string;
    }
  | {
      readonly type: 'file';
      readonly mimeType: string;
      readonly data: string;
      readonly filename?: string;
    }
  | DataPart
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'tripwire'; readonly reason: string };

/**
 * A data part (`data-*`, what a tool or workflow step wrote with `writer.custom`). `hidden` when it
 * was written in a run a display transform applies to, which no transform phase covers: then its
 * `data` is not kept.
 */
export type DataPart = {
  readonly type: 'data';
  readonly name: string;
  readonly id?: string;
  readonly data: unknown;
  readonly hidden?: true;
};
