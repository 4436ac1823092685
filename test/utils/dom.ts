import { act, fireEvent } from '@testing-library/react';

/** Opens every closed disclosure on the page, including ones that opening others reveals. */
export function openEverything(): void {
  // Opening a disclosure can render closed ones inside it (JSON branches); the cap stops a loop.
  for (let round = 0; round < 20; round++) {
    const closed = document.body.querySelectorAll('button[aria-expanded="false"]');
    if (closed.length === 0) return;
    act(() => {
      for (const button of closed) fireEvent.click(button);
    });
  }
}
