import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { logChunks } from '@toolpane/client/inspect';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { renderEveryViewOpen } from '../utils/every-view';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * Every recording with a direction override after every string the stream sends, and an extra
 * key ending in one in every plain object, rendered by every component and the stream inspector
 * with every disclosure open. A direction override reorders what follows it on screen
 * (`invoice\u202efdp.exe` reads as `invoiceexe.pdf`): it may show as written only in prose, never
 * in a name, an id, a label, an address, a file name or a browsed value.
 */

const OVERRIDE = '\u202e';
const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;
/** Protocol words and enumerations keep their value so the streams stay meaningful. */
const KEEP = new Set([
  'type',
  'from',
  'status',
  'workflowStatus',
  'rawReason',
  'sourceType',
  'format',
  'pattern',
  '$schema',
]);

/**
 * Where an override may show as written: what the model or a person wrote, read as sentences
 * (text, reasoning, a subagent's task and answer, messages of errors and stops), and the
 * announcer's sentences, which are heard, not seen.
 */
const PROSE = new Set([
  'transcript-text',
  'transcript-reasoning-content',
  'subagent-run-task',
  'subagent-run-answer',
  'transcript-error',
  'transcript-tripwire',
  'workflow-step-error',
  'display-value-placeholder',
  'tool-call-error',
  'network-step-reason',
  'announcer',
]);

function spoofed(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (KEEP.has(key) || (key === 'reason' && value === 'tool-calls')) return value;
    if (key === 'resumeSchema') return JSON.stringify(spoofed(JSON.parse(value) as unknown));
    return `${value}${OVERRIDE}`;
  }
  if (Array.isArray(value)) return value.map((item) => spoofed(item, key));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = spoofed(v, k);
  // Typed objects are chunks or schema nodes; every other object gets a key with an override.
  if (typeof (value as { type?: unknown }).type !== 'string') out[`note${OVERRIDE}`] = 'extra';
  return out;
}

/** The slot (else the tag) of each element whose own text shows a direction override. */
function overridesShown(): Map<string, string> {
  const shown = new Map<string, string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!DIRECTION.test(text)) continue;
    const element = node.parentElement!;
    const slot = element.closest('[data-slot]')?.getAttribute('data-slot');
    shown.set(slot ?? element.tagName.toLowerCase(), text);
  }
  return shown;
}

describe('direction overrides in every string of a recording', () => {
  const slots = new Set<string>();

  it.each(fixtureNames())('%s shows them as written in prose only', { timeout: 60_000 }, (name) => {
    const { store, log } = logChunks(
      createToolpaneStore({ formats: [aiSdk], families: [network] }),
    );
    const chunks = loadFixture(name).map((chunk) => spoofed(chunk));
    store.dispatchMany(chunks);
    store.dispatch({ type: 'toolpane/stream-end' });
    renderEveryViewOpen(store, log);
    const shown = overridesShown();
    for (const slot of shown.keys()) slots.add(slot);
    const outside = [...shown].filter(([slot]) => !PROSE.has(slot));
    expect(outside).toEqual([]);
    // Names and values did reach the page, escaped (a recording of bare chunks has none).
    if (JSON.stringify(chunks).includes(OVERRIDE)) {
      expect(document.body.textContent).toContain('\\u202e');
    }
  });

  it('reached prose somewhere, so the check saw the overrides', () => {
    expect(slots).toContain('transcript-text');
  });
});
