import { useRef, useState } from 'react';
import { useHydrated } from './hydrated.js';

/**
 * Whether a control that just appeared may take focus: only when focus is not busy elsewhere,
 * that is when it sits on the page body or inside the same tool-call card.
 */
export function shouldTakeFocus(element: HTMLElement | null): boolean {
  if (element === null) return false;
  const active = element.ownerDocument.activeElement;
  if (active === null || active === element.ownerDocument.body) return true;
  const card = element.closest('[data-slot="tool-call"]');
  return card?.contains(active) === true;
}

/** Moves focus to the header button of the tool-call card around `element`, if there is one. */
export function focusCardTrigger(element: HTMLElement | null): void {
  const trigger = element
    ?.closest('[data-slot="tool-call"]')
    ?.querySelector<HTMLElement>('[data-slot="tool-call-trigger"]');
  trigger?.focus();
}

/**
 * Whether a component's focus effect runs for the first time on what the server rendered: a
 * request already on the page when it loaded does not take focus; one that appears later does.
 * Call once per component.
 */
export function useLoadedWithPage(): () => boolean {
  const fromServer = useRef(!useHydrated());
  // One function for the component's life, so that effects may depend on it.
  const [loadedWithPage] = useState(() => () => {
    const first = fromServer.current;
    fromServer.current = false;
    return first;
  });
  return loadedWithPage;
}
