/**
 * Joins class names, skipping empty and false values.
 *
 * @example
 * cx('card', isOpen && 'card-open', className);
 */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string | undefined {
  let out = '';
  for (const name of names) if (name) out = out === '' ? name : `${out} ${name}`;
  return out === '' ? undefined : out;
}
