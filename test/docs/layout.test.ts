// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

/*
 * The layout docs/architecture.md describes: no import cycles (type imports count), no source
 * file over 350 lines, no module-level mutable state in the reducer; and tests whose property
 * tests run from a printed seed.
 */

const root = process.cwd();
const packages = ['client', 'react', 'ui'];
const MAX_LINES = 350;

/**
 * Known breaches still to be fixed, each with what it is. The test fails when one is fixed and
 * still listed, so the list can only shrink.
 */
const KNOWN_CYCLES: readonly string[] = [];
const KNOWN_LONG_FILES: readonly string[] = [];

const sources = (pkg: string) =>
  readdirSync(join(root, 'packages', pkg, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `packages/${pkg}/src/${name.split('\\').join('/')}`);

describe('the source layout', () => {
  it('has no import cycle in any package, type imports included', async () => {
    const graph = await madge(
      packages.map((pkg) => join(root, 'packages', pkg, 'src')),
      {
        baseDir: root,
        fileExtensions: ['ts', 'tsx'],
        tsConfig: join(root, 'tsconfig.test.json'),
        detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
      },
    );
    // The check itself must see the files and their imports, or finding no cycle means nothing.
    const files = Object.keys(graph.obj());
    expect(files.length).toBeGreaterThan(80);
    expect(graph.obj()['packages/client/src/reducer/reduce.ts']).toContain(
      'packages/client/src/mastra/handlers.ts',
    );
    // A cycle is written from its first file in sorted order, whichever file madge met first.
    const canonical = (cycle: readonly string[]) => {
      const first = cycle.indexOf([...cycle].sort()[0]!);
      return [...cycle.slice(first), ...cycle.slice(0, first)].join(' -> ');
    };
    const cycles = graph.circular().map(canonical).sort();
    expect(cycles).toEqual(KNOWN_CYCLES.map((cycle) => canonical(cycle.split(' -> '))).sort());
  }, 60_000);

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = packages
      .flatMap(sources)
      .filter((file) => readFileSync(join(root, file), 'utf8').split('\n').length - 1 > MAX_LINES);
    expect(long).toEqual(KNOWN_LONG_FILES);
  });

  it('keeps no mutable state at module level in the client reducer', () => {
    const folders = ['reducer', 'mastra', 'ai-sdk', 'chunks', 'state', 'store'];
    const found = sources('client')
      .filter((file) => folders.some((folder) => file.includes(`/src/${folder}/`)))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line, index }))
          .filter(({ line }) => /^(export )?(let|var) /.test(line))
          .map(({ file: name, index }) => `${name}:${index + 1}`),
      );
    expect(found).toEqual([]);
  });
});

describe('the tests', () => {
  it('give every property test a printed seed that FC_SEED replays (test/utils/property)', () => {
    const tests = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => `test/${name.split('\\').join('/')}`);
    const unseeded = tests.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return (
        /^import .+ from 'fast-check';$/m.test(text) && !/^import .*utils\/property';$/m.test(text)
      );
    });
    expect(tests.length).toBeGreaterThan(50);
    expect(unseeded).toEqual(['test/utils/property.ts']);
  });
});
