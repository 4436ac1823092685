import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEveryViewOpen } from '../utils/every-view';
import { loadFixture } from '../utils/fixtures';

/**
 * Recordings whose every text carries markup, scripts, `javascript:` URLs and SVG: tool input,
 * output, errors, progress, approval arguments, suspension payloads, resume schemas, workflow
 * steps and subagent text. Rendered by every UI component with every disclosure open, all of it
 * must stay inert text, and no link may point anywhere but http(s).
 */

const PAYLOADS = [
  '<img src=x onerror="globalThis.__xss=1">',
  '<script>globalThis.__xss=1</script>',
  'javascript:globalThis.__xss=1',
  '<svg onload="globalThis.__xss=1"><script>globalThis.__xss=1</script></svg>',
  '"><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<a href="javascript:globalThis.__xss=1">link</a>',
];

// Protocol words, enumerations and streamed JSON keep their value so the streams stay meaningful.
const KEEP = new Set([
  'type',
  'from',
  'argsTextDelta',
  'status',
  'workflowStatus',
  'rawReason',
  'required',
  '$schema',
  'pattern',
  'format',
  'approvalId',
]);

function payloadFor(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return PAYLOADS[hash % PAYLOADS.length]!;
}

/**
 * The chunk with a payload after every string and a hostile key in every plain object. Equal
 * strings stay equal (ids still match), and prefixes survive (`agent-…` stays a subagent).
 */
function hostile(value: unknown, key = '', parent = ''): unknown {
  if (typeof value === 'string') {
    if (KEEP.has(key) || (key === 'reason' && parent === 'stepResult')) return value;
    if (key === 'resumeSchema') {
      return JSON.stringify(hostile(JSON.parse(value) as unknown, '', key));
    }
    return `${value}${payloadFor(value)}`;
  }
  if (Array.isArray(value)) return value.map((item) => hostile(item, key, parent));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = hostile(v, k, key);
  // Typed objects are chunks or schema nodes; every other object gets a key that is markup.
  if (typeof (value as { type?: unknown }).type !== 'string') {
    out['<b onmouseover="globalThis.__xss=1">key</b>'] = PAYLOADS[0];
  }
  return out;
}

function renderAll(chunks: readonly unknown[]) {
  const store = createToolpaneStore({ formats: [aiSdk] });
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  renderEveryViewOpen(store);
  return store.getState();
}

const ACTIVE = 'script, img, iframe, frame, svg, math, object, embed, link, style, base, meta';
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);

/** Nothing in the page can run code or navigate anywhere but http(s). */
function expectInert(): void {
  expect(document.body.querySelectorAll(ACTIVE)).toHaveLength(0);
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.name).not.toBe('srcdoc');
      if (URL_ATTRIBUTES.has(attribute.name)) {
        expect(attribute.value).toMatch(/^https?:\/\//i);
      }
    }
  }
  expect((globalThis as { __xss?: unknown }).__xss).toBeUndefined();
}

afterEach(() => {
  delete (globalThis as { __xss?: unknown }).__xss;
});

const RECORDINGS = [
  'tool-call-then-text',
  'parallel-tools-error',
  'model-error',
  'tool-progress',
  'tripwire',
  'subagent-two-level',
  'approval-request',
  'nested-approval-request',
  'suspend-request',
  'workflow-tool',
  'background-task',
  'aisdk-v6',
];

describe('markup in every value of a recording', () => {
  const seen = new Set<string>();

  // Every chunk of a recording is rendered: seconds on a busy machine, so no 5 s limit.
  it.each(RECORDINGS)('renders %s as inert text', { timeout: 60_000 }, (name) => {
    const state = renderAll(loadFixture(name).map((chunk) => hostile(chunk)));
    expect(state.issues.filter((issue) => issue.kind === 'invalid-chunk')).toEqual([]);
    expectInert();
    const text = document.body.textContent ?? '';
    const shown = PAYLOADS.filter((payload) => text.includes(payload));
    // The markup reached the page, as the characters it is made of.
    expect(shown.length).toBeGreaterThan(0);
    for (const payload of shown) seen.add(payload);
  });

  it('showed every kind of markup as text somewhere', () => {
    expect([...seen].sort()).toEqual([...PAYLOADS].sort());
  });
});

describe('links', () => {
  const chunks = loadFixture('tool-call-then-text');
  const runId = (chunks[0] as { runId: string }).runId;
  const urls = [
    'javascript:globalThis.__xss=1',
    'JaVaScRiPt:globalThis.__xss=1',
    ' javascript:globalThis.__xss=1',
    'java\tscript:globalThis.__xss=1',
    'data:text/html,<script>globalThis.__xss=1</script>',
    'vbscript:msgbox(1)',
    'https://example.com/report',
  ];
  // No recording carries sources, so these few are written out.
  const sources = urls.map((url, index) => ({
    type: 'source',
    runId,
    from: 'AGENT',
    payload: { id: `source-${index}`, sourceType: 'url', url, title: `<b>Source ${index}</b>` },
  }));

  it('never makes a link of a URL that is not http(s), and shows each as text', () => {
    const state = renderAll([...chunks.slice(0, -1), ...sources, chunks[chunks.length - 1]]);
    expect(state.runs.get(runId)?.parts.filter((part) => part.type === 'source')).toHaveLength(
      urls.length,
    );
    expectInert();
    for (const link of document.body.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').toMatch(/^https?:\/\//i);
    }
    const text = document.body.textContent ?? '';
    // An address shows as a line: its tab as \u0009.
    for (const url of urls) expect(text).toContain(url.replace('\t', '\\u0009'));
    expect(text).toContain('<b>Source 0</b>');
  });
});
