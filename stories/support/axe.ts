import axe from 'axe-core';
import { expect } from 'storybook/test';

/** Runs axe on a story's root element and expects no violations, listing any it finds. */
export async function expectNoAxeViolations(root: Element): Promise<void> {
  const results = await axe.run(root, { resultTypes: ['violations'] });
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(found).toEqual([]);
}
