import {
  type ContinuedAt,
  type Cursor,
  REPLAY_LIMITS,
  type ReplayCursor,
  type RunMark,
} from './state-root.js';

/*
 * Reading a snapshot's cursor (see `serialize.ts`): where the stream stood, and the replays under
 * way, checked field by field; what does not check out is left out, as the rest of a snapshot is.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The cursor a snapshot wrote (the runs it names), or undefined when it wrote none. */
export function cursorFromJson(json: unknown): Cursor | undefined {
  const cursor = isRecord(json) ? json.cursor : undefined;
  if (!isRecord(cursor)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of [
    'currentRunId',
    'lastNestedRunId',
    'lastRequest',
    'aiSdkRunId',
    'aiSdkReplayRunId',
  ] as const) {
    if (typeof cursor[key] === 'string') out[key] = cursor[key];
  }
  const replays = Array.isArray(cursor.replays)
    ? cursor.replays.slice(0, REPLAY_LIMITS.nested + 1).map(replayFromJson)
    : [];
  if (replays.length > 0 && replays.every((replay) => replay !== undefined)) out.replays = replays;
  const { answered, broken } = cursor;
  if (Array.isArray(answered) && answered.every((id) => typeof id === 'string')) {
    out.answered = answered.slice(-REPLAY_LIMITS.answered);
  }
  if (Array.isArray(broken) && broken.every((id) => typeof id === 'string')) {
    out.broken = broken.slice(-REPLAY_LIMITS.broken);
  }
  const { reopening } = cursor;
  if (
    Array.isArray(reopening) &&
    reopening.every(
      (mark) => Array.isArray(mark) && typeof mark[0] === 'string' && typeof mark[1] === 'boolean',
    )
  ) {
    out.reopening = reopening
      .slice(-REPLAY_LIMITS.broken)
      .map((mark) => [mark[0], mark[1]] as const);
  }
  const { continued } = cursor;
  if (Array.isArray(continued)) {
    const marks = continued.slice(-REPLAY_LIMITS.continued).map(continuedFromJson);
    if (marks.every((mark) => mark !== undefined)) out.continued = marks;
  }
  if (cursor.inStream === true) out.inStream = true;
  const { counted } = cursor;
  if (
    isRecord(counted) &&
    typeof counted.runId === 'string' &&
    isIndex(counted.read) &&
    isIndex(counted.skip)
  ) {
    out.counted = { runId: counted.runId, read: counted.read, skip: counted.skip };
  }
  return out as Cursor;
}

const isIndex = (value: unknown, min = 0): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/** A snapshot's replay under way, or undefined when it wrote none it can be read from. */
function replayFromJson(value: unknown): ReplayCursor | undefined {
  if (!isRecord(value)) return undefined;
  const { runId, steps, parts, textAt, offset, pending, progress, continuation } = value;
  const pairs = Array.isArray(pending) ? pending : [];
  const counts = Array.isArray(progress) ? progress : [];
  const valid =
    typeof runId === 'string' &&
    isIndex(steps) &&
    isIndex(parts) &&
    isIndex(textAt, -1) &&
    isIndex(offset) &&
    Array.isArray(pending) &&
    pairs.length <= REPLAY_LIMITS.pending &&
    pairs.every((pair) => Array.isArray(pair) && isIndex(pair[0]) && isIndex(pair[1])) &&
    (progress === undefined || Array.isArray(progress)) &&
    counts.length <= REPLAY_LIMITS.pending &&
    counts.every((pair) => Array.isArray(pair) && typeof pair[0] === 'string' && isIndex(pair[1]));
  if (!valid) return undefined;
  const kept = pairs.map((pair) => [pair[0], pair[1]] as const);
  const replay: ReplayCursor = {
    runId,
    steps,
    parts,
    textAt,
    offset,
    pending: kept,
    ...(continuation === true ? { continuation } : {}),
  };
  if (counts.length === 0) return replay;
  return { ...replay, progress: counts.map((pair) => [pair[0], pair[1]] as const) };
}

/** A run and where it stood, or undefined. */
const markFromJson = (value: unknown): RunMark | undefined =>
  Array.isArray(value) &&
  value.length === 3 &&
  typeof value[0] === 'string' &&
  isIndex(value[1]) &&
  isIndex(value[2])
    ? [value[0], value[1], value[2]]
    : undefined;

/** A snapshot's note of where a continuation began, or undefined. */
function continuedFromJson(value: unknown): ContinuedAt | undefined {
  if (!isRecord(value) || typeof value.first !== 'string' || !Array.isArray(value.inside)) {
    return undefined;
  }
  const at = markFromJson(value.at);
  const inside = value.inside.slice(0, REPLAY_LIMITS.nested).map(markFromJson);
  if (at === undefined || !inside.every((mark) => mark !== undefined)) return undefined;
  return { at, first: value.first, inside, ...(isIndex(value.read) ? { read: value.read } : {}) };
}
