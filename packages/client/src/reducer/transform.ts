import type { DisplayValue } from '../state/state.js';

/** A phase of Mastra's tool payload transform (`metadata.mastra.toolPayloadTransform`). */
export type TransformPhase =
  | 'input-delta'
  | 'input-available'
  | 'output-available'
  | 'error'
  | 'approval'
  | 'suspend'
  | 'resume';

/** One phase entry of Mastra's display transform metadata. */
export interface PhaseTransform {
  readonly transformed?: unknown;
  readonly suppress?: boolean;
  readonly failed?: boolean;
}

/** Display metadata by phase, as attached by Mastra to a chunk. */
export type DisplayMetadata = Partial<Record<TransformPhase, PhaseTransform>>;

/**
 * A client-side display transform for one tool, for servers that send no transform metadata.
 * Each function gets the raw value and returns what to show; `undefined` means "no opinion", and
 * a throw shows a placeholder, never the raw value (Mastra's rules).
 */
export interface ClientToolTransform {
  readonly input?: (input: unknown) => unknown;
  readonly output?: (output: unknown) => unknown;
  readonly error?: (error: unknown) => unknown;
  readonly approval?: (args: unknown) => unknown;
  readonly suspend?: (payload: unknown) => unknown;
}

/** Client-side transforms by toolName; the key `'*'` applies to every tool. */
export type ClientTransforms = Readonly<Record<string, ClientToolTransform>>;

const KEY_BY_PHASE: Record<TransformPhase, keyof ClientToolTransform | undefined> = {
  'input-delta': undefined,
  'input-available': 'input',
  'output-available': 'output',
  error: 'error',
  approval: 'approval',
  suspend: 'suspend',
  resume: undefined,
};

const PHASES = Object.keys(KEY_BY_PHASE) as TransformPhase[];

/** Reads `metadata.mastra.toolPayloadTransform.display` from a chunk, if present. */
export function readDisplayMetadata(metadata: unknown): DisplayMetadata | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const mastra = (metadata as { mastra?: unknown }).mastra;
  if (typeof mastra !== 'object' || mastra === null) return undefined;
  const transform = (mastra as { toolPayloadTransform?: unknown }).toolPayloadTransform;
  if (typeof transform !== 'object' || transform === null) return undefined;
  const display = (transform as { display?: unknown }).display;
  if (typeof display !== 'object' || display === null) return undefined;
  // The metadata arrives with the stream: keep only well-formed entries of known phases. An entry
  // that is malformed still says that a transform applies, so its value stays hidden.
  const out: Partial<Record<TransformPhase, PhaseTransform>> = {};
  for (const phase of PHASES) {
    if (!Object.hasOwn(display, phase)) continue;
    const entry: unknown = (display as Record<string, unknown>)[phase];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      out[phase] = { suppress: true };
      continue;
    }
    const { transformed, suppress, failed } = entry as Record<string, unknown>;
    out[phase] = {
      ...(Object.hasOwn(entry, 'transformed') ? { transformed } : {}),
      ...(suppress === true ? { suppress } : {}),
      ...(failed === true ? { failed } : {}),
    };
  }
  return out;
}

const PENDING: DisplayValue = Object.freeze({ kind: 'hidden', reason: 'pending' });
const SUPPRESSED: DisplayValue = Object.freeze({ kind: 'hidden', reason: 'suppressed' });

/** Mastra's own placeholder text for a payload that may not be shown. */
export function placeholder(phase: TransformPhase): string {
  return `Tool ${phase} payload unavailable`;
}

function messageOf(value: unknown, phase: TransformPhase): string {
  if (typeof value === 'object' && value !== null) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return placeholder(phase);
}

/** The display value for one phase entry of Mastra's metadata. */
export function fromPhase(entry: PhaseTransform, phase: TransformPhase): DisplayValue {
  if (entry.failed)
    return { kind: 'hidden', reason: 'failed', message: messageOf(entry.transformed, phase) };
  if (entry.suppress) return SUPPRESSED;
  if ('transformed' in entry) return { kind: 'transformed', value: entry.transformed };
  return PENDING;
}

/** The display value for "a transform applies but its value has not arrived". */
export const pendingValue = (): DisplayValue => PENDING;

/** The display value for input deltas Mastra suppressed. */
export const suppressedValue = (): DisplayValue => SUPPRESSED;

/** Whether a client transform covers this tool. */
export function clientTransformFor(
  transforms: ClientTransforms | undefined,
  toolName: string,
): ClientToolTransform | undefined {
  if (transforms === undefined) return undefined;
  return Object.hasOwn(transforms, toolName) ? transforms[toolName] : transforms['*'];
}

/** Applies a client transform to one phase with Mastra's rules. */
export function applyClientTransform(
  transform: ClientToolTransform,
  phase: TransformPhase,
  value: unknown,
): DisplayValue {
  const key = KEY_BY_PHASE[phase];
  const fn = key === undefined ? undefined : transform[key];
  if (fn === undefined) return { kind: 'transformed', value: { message: placeholder(phase) } };
  try {
    const out = fn(value);
    if (out === undefined) return { kind: 'transformed', value: { message: placeholder(phase) } };
    return { kind: 'transformed', value: out };
  } catch {
    return { kind: 'hidden', reason: 'failed', message: placeholder(phase) };
  }
}

/** The value to show, or undefined when nothing may be shown. */
export function shownValue(display: DisplayValue): unknown {
  return display.kind === 'raw' || display.kind === 'transformed' ? display.value : undefined;
}
