/** Human-readable text of a tool error as Mastra serializes it. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const e = error as {
      message?: unknown;
      cause?: { message?: unknown };
      details?: { errorMessage?: unknown };
      name?: unknown;
    };
    if (typeof e.message === 'string' && e.message !== '') return e.message;
    if (typeof e.cause?.message === 'string') return e.cause.message;
    if (typeof e.details?.errorMessage === 'string') return e.details.errorMessage;
    // An Error serialized without its message (Mastra's `ToolNotFoundError`) still has its name.
    if (typeof e.name === 'string' && /^\w*(Error|Exception)$/.test(e.name)) return e.name;
    try {
      return JSON.stringify(error);
    } catch {
      return 'Unknown error';
    }
  }
  return error === undefined ? 'Unknown error' : String(error);
}

/**
 * The text of an `errorText`. @mastra/ai-sdk serializes error objects to JSON; their message is
 * what a person should read, exactly as the native stream's error gives it.
 */
export function errorMessage(text: string): string {
  if (!text.trimStart().startsWith('{')) return text;
  try {
    return errorText(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * Mastra's refusal of a value, sent as a tool's result: `{ error: true, message,
 * validationErrors }` (what its own `isValidationError` tells) when the arguments, the tool's
 * output, its suspension data or the request context fail their schema.
 */
export interface Refusal {
  readonly error: true;
  readonly message?: unknown;
  readonly validationErrors: unknown;
}

/** Whether a tool's result is Mastra's refusal of a value ({@link Refusal}): the call failed. */
export const isRefusal = (result: unknown): result is Refusal =>
  // Only an object has `error: true`.
  (result as Refusal | null)?.error === true && 'validationErrors' in (result as Refusal);
