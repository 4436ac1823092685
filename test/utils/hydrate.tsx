import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { vi } from 'vitest';

/** Unmounts what {@link hydrateIn} hydrated, newest first. */
const mounted: (() => void)[] = [];

/**
 * Hydrates the server's markup `html` with `element` in a container of the document. Returns
 * the container and every complaint React made (console errors, recoverable errors).
 */
export async function hydrateIn(html: string, element: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const complaints: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => complaints.push(args));
  const root = await act(async () =>
    hydrateRoot(container, element, { onRecoverableError: (error) => complaints.push(error) }),
  );
  mounted.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return { container, complaints };
}

/** Unmounts and removes what {@link hydrateIn} hydrated, and restores the console. */
export function unmountHydrated(): void {
  for (let unmount = mounted.pop(); unmount !== undefined; unmount = mounted.pop()) unmount();
  vi.restoreAllMocks();
}
