import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { type Ref, useCallback, useState } from 'react';

/**
 * Radix's `useComposedRefs`, for every part that sets the caller's ref and its own: imported
 * from here, it is imported once in a bundle rather than once per part.
 */
export { useComposedRefs };

/** What a collapsible's trigger and body share: the body's id while it is in the document. */
export interface Controls {
  id?: string | undefined;
  show?: ((id: string | undefined) => void) | undefined;
}

/**
 * The id a collapsible's trigger names in `aria-controls`: its body's, while the body is in the
 * document. A closed body that is not mounted, or a layout without one, names none, since an
 * `aria-controls` that points at no element is an error to assistive technology. None on the
 * server and while hydrating: the body tells its id once it is in the browser's document.
 */
export function useControlsId(controls: Controls): string | undefined {
  const [id, setId] = useState(controls.id);
  controls.show = setId;
  return id;
}

/**
 * The ref of a collapsible's body: `ref`, composed with one that tells its trigger the body's id
 * (or that it is gone).
 */
export function useControlledRef<T extends HTMLElement>(
  ref: Ref<T>,
  controls: Controls,
): (element: T | null) => void {
  const own = useCallback(
    (element: T | null) => {
      controls.id = element?.id || undefined;
      controls.show?.(controls.id);
    },
    [controls],
  );
  return useComposedRefs(ref, own);
}
