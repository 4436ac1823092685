/**
 * Measures card headers as a browser lays them out: every header of a tool call, subagent,
 * workflow or network run in view keeps its status and duration on its name's first line, shows
 * its whole name, and has nothing past its card's edges.
 */

/** The header of each kind of card. */
const HEADERS = [
  '[data-slot="tool-call-trigger"]',
  '[data-slot="subagent-run-trigger"]',
  '[data-slot="workflow-run-header"]',
  '[data-slot="network-run-header"]',
].join(',');

/** The elements that draw a card's edge. */
const CARDS = '[data-slot="tool-call"],[data-slot="subagent-run"],[data-slot="network-run"]';

/** What sits beside the name and must stay on its first line. */
const BESIDE_NAME = /-(status|duration|activity)$/;

/** One header that was measured: its kind, how deep its card nests, and what was wrong. */
export interface HeaderBoxes {
  readonly slot: string;
  readonly name: string;
  /** 1 for a card inside no other card. */
  readonly depth: number;
  readonly problems: readonly string[];
}

const shown = (element: Element) => element.getClientRects().length > 0;

/** The box of the first line of an element's text. */
function firstLine(element: Element): DOMRect | undefined {
  const range = document.createRange();
  range.selectNodeContents(element);
  return [...range.getClientRects()].find((rect) => rect.width > 0 && rect.height > 0);
}

function depthOf(element: Element): number {
  let depth = 0;
  for (
    let card = element.closest(CARDS);
    card !== null;
    card = card.parentElement?.closest(CARDS) ?? null
  )
    depth += 1;
  return depth;
}

/** Measures one header against its card. */
function measure(header: HTMLElement): HeaderBoxes {
  const slot = header.dataset.slot ?? '';
  const title = [...header.children].find((child) =>
    (child as HTMLElement).dataset.slot?.endsWith('-title'),
  ) as HTMLElement | undefined;
  const name = title?.textContent?.trim() ?? '';
  const problems: string[] = [];
  const card = header.closest(CARDS);
  const line = title === undefined ? undefined : firstLine(title);
  if (title === undefined || line === undefined) problems.push('no name shown');
  else if (title.scrollWidth > title.clientWidth + 1)
    problems.push(`name cut: ${title.clientWidth}px of ${title.scrollWidth}px shown`);
  if (card === null) return { slot, name, depth: 0, problems: [...problems, 'no card'] };
  const edge = card.getBoundingClientRect();
  for (const element of [header, ...header.querySelectorAll('*')]) {
    if (!shown(element)) continue;
    const box = element.getBoundingClientRect();
    const what = (element as HTMLElement).dataset.slot ?? element.tagName.toLowerCase();
    if (box.right > edge.right + 0.5)
      problems.push(
        `${what} ends ${Math.round(box.right - edge.right)}px past the card's right edge`,
      );
    if (box.left < edge.left - 0.5)
      problems.push(
        `${what} starts ${Math.round(edge.left - box.left)}px before the card's left edge`,
      );
  }
  for (const child of header.children) {
    const what = (child as HTMLElement).dataset.slot ?? '';
    if (!BESIDE_NAME.test(what) || !shown(child) || line === undefined) continue;
    const box = child.getBoundingClientRect();
    const middle = (box.top + box.bottom) / 2;
    if (middle < line.top || middle > line.bottom)
      problems.push(
        `${what} is not on the name's line (${Math.round(box.top - line.top)}px below)`,
      );
    if (child.scrollWidth > child.clientWidth + 1) problems.push(`${what} is cut off`);
  }
  return { slot, name, depth: depthOf(header), problems };
}

/** Every card header shown inside `root`, measured. */
export function measureHeaders(root: Element): HeaderBoxes[] {
  return [...root.querySelectorAll<HTMLElement>(HEADERS)].filter(shown).map(measure);
}

/** The problems of every header shown inside `root`, one line each, for a readable failure. */
export function headerProblems(headers: readonly HeaderBoxes[]): string[] {
  return headers.flatMap((header) =>
    header.problems.map(
      (problem) => `${header.slot} "${header.name}" (depth ${header.depth}): ${problem}`,
    ),
  );
}

/** Whether the page scrolls sideways (something is wider than the viewport). */
export function overflowsPage(): boolean {
  return document.documentElement.scrollWidth > document.documentElement.clientWidth;
}
