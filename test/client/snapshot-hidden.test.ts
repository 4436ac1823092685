// @vitest-environment node
import { type ReduceOptions, reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/** The bank account the payout workflow's caller hides (scripts/record/workflow-deep-agents.ts). */
const IBAN_SECRET = 'DE89-deep-payout-iban-secret-31';

/*
 * A snapshot is what a server hands to the browser (the Next.js pattern of the react README): what
 * a display transform hides must not travel in it, though the state keeps it in `raw` and in the
 * streamed `inputText`. Every recording with a transform, cut at every chunk, native and AI SDK.
 */

const AI: ReduceOptions = { formats: [aiSdk] };

/**
 * What a native recording hides: the strings of its calls' raw values that nothing shows. AI SDK
 * streams carry no raw values; their hidden strings are named.
 */
function hiddenOf(name: string, options: ReduceOptions, named: readonly string[]): string[] {
  if (named.length > 0) return [...named];
  const state = reduceAll(loadFixture(name), options);
  const shown = everythingShown(state);
  const out = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string' && value.length >= 6 && !shown.includes(value)) out.add(value);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  for (const call of state.toolCalls.values()) walk(call.raw);
  return [...out];
}

const RECORDINGS: readonly [string, ReduceOptions, readonly string[]][] = [
  ['transform-input-streamed', {}, []],
  ['transform-input-whole', {}, []],
  ['transform-agent-policy', {}, []],
  ['subagent-transform', {}, []],
  ['transform-input-streamed-aisdk', AI, ['sk-secret-123']],
  ['subagent-transform-aisdk', AI, ['sk-desk-secret-77', 'tok-internal-42']],
  ['workflow-deep-hidden', {}, []],
  ['workflow-deep-hidden-aisdk', AI, [IBAN_SECRET]],
  ['workflow-deep-hidden-aisdk-no-snapshots', AI, [IBAN_SECRET]],
];

const wire = (state: ToolpaneState, raw = false) =>
  JSON.stringify(serializeState(state, raw ? { raw } : {}));

describe.each(RECORDINGS)('a snapshot of %s', (name, options, named) => {
  const chunks = loadFixture(name);
  const secrets = hiddenOf(name, options, named);

  it('is of a recording that hides something (the test can fail)', () => {
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(JSON.stringify(chunks)).toContain(secret);
  });

  it('carries none of it, cut at any chunk, and reads back to what was shown', () => {
    for (let at = 1; at <= chunks.length; at++) {
      const state = reduceAll(chunks.slice(0, at), options);
      const snapshot = wire(state);
      for (const secret of secrets) {
        if (snapshot.includes(secret))
          throw new Error(`cut at ${at}: the snapshot holds ${secret}`);
      }
      // Against a snapshot that keeps everything (both leave out the live partial parse):
      // what it shows, and what going on from it shows.
      const back = deserializeState(JSON.parse(snapshot));
      const whole = deserializeState(JSON.parse(wire(state, true)));
      expect(everythingShown(back)).toEqual(everythingShown(whole));
      const rest = chunks.slice(at);
      expect(everythingShown(reduceAll(rest, options, back))).toEqual(
        everythingShown(reduceAll(rest, options, whole)),
      );
    }
  });
});

describe('a snapshot that stays on the server', () => {
  it('keeps the raw values with `{ raw: true }`', () => {
    const state = reduceAll(loadFixture('transform-input-whole'));
    expect(wire(state, true)).toContain('sk-secret-123');
    expect(wire(deserializeState(JSON.parse(wire(state, true))), true)).toEqual(wire(state, true));
  });
});
