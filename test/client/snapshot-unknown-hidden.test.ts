// @vitest-environment node
import { type ReduceOptions, reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { everythingShown, hiddenTexts } from '../utils/shown';

/*
 * The chunks a state keeps uninterpreted (`unknownChunks`) are kept as they came, raw: an agent
 * network's stream read by a store without the network family, a chunk type this version does not
 * know (a later Mastra's). A snapshot is made to be sent to a browser, so it carries none of what
 * a display transform hides there either, unless `{ raw: true }` asks for a server-side one.
 */

const END = { type: 'toolpane/stream-end' };

type Chunk = Record<string, unknown> & { type: string };

const optionsOf = (name: string): ReduceOptions =>
  name.includes('aisdk') ? { formats: [aiSdk], families: [network] } : { families: [network] };

/** What a recording hides: the strings of the raw values of its calls that hide one. */
const secretsOf = (name: string): string[] =>
  hiddenTexts(reduceAll([...loadFixture(name), END], optionsOf(name)));

/** Every recording, native and AI SDK, whose display transforms hide something. */
const HIDING = fixtureNames().filter((name) => secretsOf(name).length > 0);

for (const name of ['network-transform-agent', 'subagent-transform', 'transform-input-whole']) {
  if (!HIDING.includes(name)) throw new Error(`${name} no longer hides a value`);
}

const wire = (state: ToolpaneState, raw = false) =>
  JSON.stringify(serializeState(state, raw ? { raw } : {}));

function expectNone(text: string, secrets: readonly string[], where: string): void {
  for (const secret of secrets) if (text.includes(secret)) throw new Error(`${where}: ${secret}`);
}

describe('a snapshot of an agent network read without the network family', () => {
  const NETWORKS = HIDING.filter((name) => name.startsWith('network'));

  it.each(NETWORKS)('%s, cut at any chunk: none of what it hides', (name) => {
    const secrets = secretsOf(name);
    const chunks = loadFixture(name);
    const kept = reduceAll([...chunks, END]);
    // Every chunk kept as it came: the state holds them raw, as it holds a call's raw values.
    expect(kept.unknownChunks).toHaveLength(chunks.length);
    expect(wire(kept, true)).toContain(secrets[0]);
    for (let cut = 1; cut <= chunks.length; cut++) {
      const state = reduceAll([...chunks.slice(0, cut), END]);
      expectNone(wire(state), secrets, `${name} cut at ${cut}`);
      expectNone(everythingShown(deserializeState(serializeState(state))), secrets, name);
    }
  });
});

/**
 * The chunk again under a type this version does not know (a later Mastra's; not a `data-` part,
 * which is a part of its run).
 */
const later = (chunk: unknown): Chunk => ({
  ...(chunk as Chunk),
  type: `later-${(chunk as Chunk).type}`,
});

describe('a snapshot of a stream with chunks of types this version does not know', () => {
  it.each(HIDING)('%s: none of what it hides', (name) => {
    const secrets = secretsOf(name);
    const chunks = loadFixture(name);
    // After every chunk that carries a hidden value, the same chunk under an unknown type.
    const mixed = chunks.flatMap((chunk) =>
      secrets.some((secret) => JSON.stringify(chunk).includes(secret))
        ? [chunk, later(chunk)]
        : [chunk],
    );
    expect(mixed.length).toBeGreaterThan(chunks.length);
    const state = reduceAll([...mixed, END], optionsOf(name));
    expect(state.unknownChunks.length).toBeGreaterThan(0);
    expectNone(wire(state), secrets, name);
    expectNone(everythingShown(deserializeState(serializeState(state))), secrets, name);
    // A snapshot that stays on the server keeps them.
    expect(deserializeState(serializeState(state, { raw: true })).unknownChunks).toEqual(
      state.unknownChunks,
    );
  });
});
