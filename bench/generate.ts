/**
 * Generates long Mastra streams by templating the recordings in test/fixtures: every chunk keeps
 * the exact shape Mastra produced, while ids are rewritten per episode, text parts are stretched to
 * the many small deltas a real model sends, and streamed tool arguments are re-split into
 * token-sized pieces (their concatenation still equals the recorded arguments).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures');

type Json = Record<string, unknown>;

/** One recorded conversation (a stream, or a stream and its continuation) and how often it recurs. */
interface EpisodeSource {
  readonly files: readonly string[];
  readonly weight: number;
}

/** The mix of a generated stream: text, tool calls, nested subagents, approvals, workflows. */
export const EPISODES: readonly EpisodeSource[] = [
  { files: ['tool-then-text'], weight: 3 },
  { files: ['parallel-tools-error'], weight: 1 },
  { files: ['subagent-two-level'], weight: 2 },
  { files: ['subagents-parallel'], weight: 1 },
  { files: ['approval-request', 'approval-approve'], weight: 1 },
  { files: ['nested-approval-request', 'nested-approval-approve'], weight: 1 },
  { files: ['workflow-tool'], weight: 1 },
  { files: ['tool-progress'], weight: 1 },
];

/** A small deterministic PRNG (mulberry32), so every run generates the same stream. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of to and in is it that for on with as was at by be this from or an are not but ' +
  'weather report forecast station runway wind visibility record deleted tool agent result ' +
  'temperature humidity pressure conditions summary update flight delay gate terminal ' +
  'Paris Tokyo Berlin today tomorrow morning evening clear cloudy light rain 21°C 14°C'
).split(' ');

function loadLines(name: string): Json[] {
  return readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
}

/** The innermost chunk of a `tool-output` wrapper chain (the chunk itself when not wrapped). */
function leafOf(chunk: Json): Json {
  let current = chunk;
  for (;;) {
    if (current.type !== 'tool-output') return current;
    const output = (current.payload as Json | undefined)?.output as Json | undefined;
    if (output === undefined || typeof output !== 'object' || typeof output.type !== 'string')
      return current;
    current = output;
  }
}

/** A copy of `chunk` whose innermost chunk's payload has `patch` applied. */
function withLeafPayload(chunk: Json, patch: Json): Json {
  if (chunk.type === 'tool-output') {
    const payload = chunk.payload as Json;
    const output = payload.output as Json | undefined;
    if (output !== undefined && typeof output === 'object' && typeof output.type === 'string') {
      return { ...chunk, payload: { ...payload, output: withLeafPayload(output, patch) } };
    }
  }
  return { ...chunk, payload: { ...(chunk.payload as Json), ...patch } };
}

const TEXT_SLOT = '\u0001';
const TEXT_SLOT_JSON = JSON.stringify(TEXT_SLOT);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every id in a recording that must differ between episodes. */
function collectIds(chunks: readonly Json[]): Set<string> {
  const ids = new Set<string>();
  const visit = (value: unknown, key: string | undefined) => {
    if (typeof value === 'string') {
      if (key === 'runId' || key === 'toolCallId' || key === 'messageId' || UUID.test(value))
        ids.add(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, undefined);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Json)) visit(v, k);
    }
  };
  for (const chunk of chunks) {
    visit(chunk, undefined);
    const leaf = leafOf(chunk);
    // Text part ids are per run; other `id`s (agent ids, workflow step ids) are names and stay.
    if (typeof leaf.type === 'string' && /^(text|reasoning)-/.test(leaf.type)) {
      const id = (leaf.payload as Json | undefined)?.id;
      if (typeof id === 'string' && id !== '') ids.add(id);
    }
  }
  return ids;
}

/**
 * One template line: literal text alternating with slots. A slot is an id index (number) or the
 * text of a text delta (-1).
 */
type Piece = string | number;
const TEXT = -1;

interface Template {
  readonly ids: readonly string[];
  readonly lines: readonly (readonly Piece[])[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Stretches text parts and re-splits tool arguments, then compiles the lines into pieces. */
function buildTemplate(files: readonly string[], random: () => number): Template {
  const recorded = files.flatMap(loadLines);
  const chunks: Json[] = [];
  const seenText = new Set<string>();
  const seenArgs = new Set<string>();
  for (const chunk of recorded) {
    const leaf = leafOf(chunk);
    const payload = (leaf.payload ?? {}) as Json;
    if (leaf.type === 'text-delta') {
      const key = `${String(leaf.runId)}/${String(payload.id)}`;
      if (seenText.has(key)) continue;
      seenText.add(key);
      const deltas = 20 + Math.floor(random() * 60);
      for (let i = 0; i < deltas; i++) chunks.push(withLeafPayload(chunk, { text: TEXT_SLOT }));
      continue;
    }
    if (leaf.type === 'tool-call-delta') {
      const callId = String(payload.toolCallId);
      if (seenArgs.has(callId)) continue;
      seenArgs.add(callId);
      const full = recorded
        .map(leafOf)
        .filter(
          (c) =>
            c.type === 'tool-call-delta' && (c.payload as Json | undefined)?.toolCallId === callId,
        )
        .map((c) => String((c.payload as Json).argsTextDelta))
        .join('');
      for (let at = 0; at < full.length; ) {
        const size = 2 + Math.floor(random() * 5);
        chunks.push(withLeafPayload(chunk, { argsTextDelta: full.slice(at, at + size) }));
        at += size;
      }
      continue;
    }
    chunks.push(chunk);
  }
  const ids = [...collectIds(chunks)].sort((a, b) => b.length - a.length);
  const index = new Map(ids.map((id, i) => [id, i]));
  const pattern = new RegExp(
    `(${[escapeRegExp(TEXT_SLOT_JSON), ...ids.map(escapeRegExp)].join('|')})`,
    'g',
  );
  const lines = chunks.map((chunk) =>
    JSON.stringify(chunk)
      .split(pattern)
      .map((part, i): Piece => {
        if (i % 2 === 0) return part;
        return part === TEXT_SLOT_JSON ? TEXT : index.get(part)!;
      }),
  );
  return { ids, lines };
}

/** A fresh id of the same kind: UUIDs stay UUIDs, names get an episode suffix. */
function rewriteId(id: string, episode: number): string {
  if (UUID.test(id)) return `${id.slice(0, 24)}${episode.toString(16).padStart(12, '0')}`;
  return `${id}-e${episode}`;
}

function pickWeighted<T extends { weight: number }>(items: readonly T[], at: number): T {
  let rest = at;
  for (const item of items) {
    rest -= item.weight;
    if (rest < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Options of {@link generateLines}. */
export interface GenerateOptions {
  /** Exact number of chunks. */
  readonly chunks: number;
  /** PRNG seed; the same seed gives the same stream. */
  readonly seed?: number;
}

/**
 * The JSON text of `chunks` generated Mastra chunks, one chunk per string, exactly as the SSE route
 * carries them. The stream stops at the requested count, possibly in the middle of an episode.
 */
export function generateLines({ chunks, seed = 42 }: GenerateOptions): string[] {
  const random = createRandom(seed);
  const templates = EPISODES.map((source) => ({
    template: buildTemplate(source.files, random),
    weight: source.weight,
  }));
  const totalWeight = templates.reduce((sum, t) => sum + t.weight, 0);
  const out: string[] = [];
  for (let episode = 1; out.length < chunks; episode++) {
    const { template } = pickWeighted(templates, random() * totalWeight);
    const ids = template.ids.map((id) => JSON.stringify(rewriteId(id, episode)).slice(1, -1));
    for (const line of template.lines) {
      if (out.length >= chunks) break;
      let text = '';
      for (const piece of line) {
        if (typeof piece === 'string') text += piece;
        else if (piece === TEXT)
          text += JSON.stringify(`${WORDS[Math.floor(random() * WORDS.length)]!} `);
        else text += ids[piece]!;
      }
      out.push(text);
    }
  }
  return out;
}

/** The SSE text of these lines, cut at frame boundaries into segments of about `segmentBytes`. */
export function toSseSegments(lines: readonly string[], segmentBytes = 1 << 20): string[] {
  const segments: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    const frame = `data: ${line}\n\n`;
    current.push(frame);
    size += frame.length;
    if (size >= segmentBytes) {
      segments.push(current.join(''));
      current = [];
      size = 0;
    }
  }
  current.push('data: [DONE]\n\n');
  segments.push(current.join(''));
  return segments;
}

/** UTF-8 size of some strings. */
export function byteSize(texts: readonly string[]): number {
  let total = 0;
  for (const text of texts) total += Buffer.byteLength(text, 'utf8');
  return total;
}

/** The bytes of SSE segments in reads of `readBytes`, as a network stream delivers them. */
export function toByteReads(segments: readonly string[], readBytes = 64 * 1024): Uint8Array[] {
  const encoder = new TextEncoder();
  const reads: Uint8Array[] = [];
  for (const segment of segments) {
    const bytes = encoder.encode(segment);
    for (let at = 0; at < bytes.length; at += readBytes)
      reads.push(bytes.subarray(at, at + readBytes));
  }
  return reads;
}
