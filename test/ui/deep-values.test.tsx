import { createToolpaneStore, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { logChunks } from '@toolpane/client/inspect';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { renderEveryViewOpen } from '../utils/every-view';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * Every recording with every value it carries (arguments, results, errors, payloads, data parts,
 * progress) holding one more value nested 20,000 levels deep, as `JSON.parse` reads it from a stream
 * without complaint, and every resume schema given a default and a choice that deep. Functions
 * that walk a value by recursion (`String()` of an array, `JSON.stringify`, a deep comparison)
 * overflow the call stack there. Nothing of the stream may be lost to it, no view may throw, and a
 * snapshot must still go through `JSON.stringify`.
 */

const LEVELS = 10_000;
/** `{"a":[{"a":[…"deep"…]}]}`: 20,000 levels, written as text without recursion. */
const DEEP_TEXT = `${'{"a":['.repeat(LEVELS)}"deep"${']}'.repeat(LEVELS)}`;
const deep = () => JSON.parse(DEEP_TEXT) as unknown;

/** Where chunks carry values, in Mastra's and the AI SDK's vocabulary. */
const VALUES = new Set([
  'args',
  'input',
  'result',
  'output',
  'error',
  'suspendPayload',
  'data',
  'value',
  'object',
]);

/** A resume schema's properties gain a default and a choice nested 20,000 levels deep. */
function deepSchema(schema: unknown): unknown {
  const extra = `"deepDefault":{"default":${DEEP_TEXT}},"deepChoice":{"enum":[${DEEP_TEXT},"plain"]},`;
  if (typeof schema === 'string') return schema.replace('"properties":{', `"properties":{${extra}`);
  if (typeof schema !== 'object' || schema === null) return schema;
  const properties = (schema as { properties?: object }).properties;
  return {
    ...schema,
    properties: { ...JSON.parse(`{${extra.slice(0, -1)}}`), ...properties },
  };
}

/** Data parts whose `data` is Mastra's structure (a subagent's, workflow's or network's state). */
const STRUCTURE = /^data-(tool-|workflow|network)/;

/** Whether a value is structure to walk into rather than a value: a chunk wrapped in another. */
const isStructure = (value: unknown, key: string, parentType: unknown) =>
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string') ||
  (key === 'data' && typeof parentType === 'string' && STRUCTURE.test(parentType));

/**
 * `value` with every value it carries made deep (walked to the depth of a chunk's envelope; chunks
 * nest a few levels): an object value gains a key `deep`, an array value an item, each nested
 * 20,000 levels deep. What it held stays, so the stream means what it meant.
 */
function deepened(value: unknown, key = '', depth = 0, parentType?: unknown): unknown {
  if (key === 'resumeSchema') return deepSchema(value);
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  const carries = depth > 0 && VALUES.has(key) && !isStructure(value, key, parentType);
  if (Array.isArray(value)) {
    const items = value.map((item) => deepened(item, key, depth + 1, parentType));
    return carries ? [...items, deep()] : items;
  }
  const type = (value as { type?: unknown }).type;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = deepened(v, k, depth + 1, type);
  if (carries) out.deep = deep();
  return out;
}

const options = () => ({ formats: [aiSdk], families: [network] });

/** What must survive: every call by its key, with its status, and every run's status. */
const outline = (state: ToolpaneState) => ({
  calls: [...state.toolCalls.values()].map((call) => [call.key, call.toolName, call.status]),
  runs: [...state.runs.values()].map((run) => [run.runId, run.status]),
});

describe('values nested deeper than the call stack allows', () => {
  let deepened_ = 0;

  it.each(fixtureNames())('%s: nothing is lost, no view throws', { timeout: 60_000 }, (name) => {
    const plain = createToolpaneStore(options());
    plain.dispatchMany(loadFixture(name));
    plain.dispatch({ type: 'toolpane/stream-end' });

    const { store, log } = logChunks(createToolpaneStore(options()));
    // One chunk at a time, as a live stream brings them.
    for (const chunk of loadFixture(name)) store.dispatch(deepened(chunk));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    expect(state.issues.filter((issue) => /could not be applied/.test(issue.message))).toEqual([]);
    expect(outline(state)).toEqual(outline(plain.getState()));

    renderEveryViewOpen(store, log);

    for (const raw of [false, true]) {
      const text = JSON.stringify(serializeState(state, { raw }));
      if (text.includes('[nested deeper than 1000 levels]')) deepened_++;
      const restored = deserializeState(JSON.parse(text));
      expect(restored.issues).toEqual(state.issues);
      expect(outline(restored)).toEqual(outline(state));
    }
  });

  it('cut some value in a snapshot, so the check saw deep values', () => {
    expect(deepened_).toBeGreaterThan(0);
  });
});
