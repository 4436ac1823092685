/**
 * What `JsonMachine.capture()` records: the open containers, the open scalar, the root and the
 * error, in O(depth) and without copying members.
 */
import type { ContainerBuilder } from './builder.js';

/**
 * An open container as a snapshot saw it: its first `count` members and the open member's key.
 *
 * @example
 * const frame: FrameCapture = { builder, count: builder.size, key: builder.key };
 */
export interface FrameCapture {
  readonly builder: ContainerBuilder;
  readonly count: number;
  readonly key: string;
}

/**
 * The open scalar a snapshot shows: a string prefix, or a number prefix to convert on read.
 *
 * @example
 * const scalar: OpenScalar = { kind: 'number', text: '1.5e', length: 3 }; // shows 1.5
 */
export type OpenScalar =
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'number'; readonly text: string; readonly length: number };

/**
 * Why the text is not valid JSON, and the offset of the offending character.
 *
 * @example
 * const error: ParseError = { message: "Unexpected character 'x' at offset 3 (...)", offset: 3 };
 */
export type ParseError = { readonly message: string; readonly offset: number };

/**
 * Everything a snapshot needs, captured in O(depth): open containers root first, open scalar,
 * and the root value once it is complete ({@link NONE} before).
 *
 * @example
 * const { frames, scalar, root, complete, error } = machine.capture();
 */
export interface MachineState {
  readonly frames: readonly FrameCapture[];
  readonly scalar: OpenScalar | undefined;
  readonly root: unknown;
  readonly complete: boolean;
  readonly error: ParseError | undefined;
}
