import { type Context, useContext } from 'react';

/**
 * The value a part reads from its family's Root (`ToolCall.Root` for `ToolCall.Title`); throws a
 * clear error when the part is used outside it.
 *
 * @example
 * const value = useInside(ToolCallContext, 'ToolCall', 'Title');
 */
export function useInside<T>(context: Context<T | null>, family: string, part: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`<${family}.${part}> must be inside <${family}.Root>.`);
  return value;
}
