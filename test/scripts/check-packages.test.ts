// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContents, StepError } from '../../scripts/check-packages.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tarball laid out as npm packs one, with the given files. */
function tarball(files: Record<string, string>): { path: string; work: string } {
  const work = mkdtempSync(join(tmpdir(), 'toolpane-tarball-'));
  dirs.push(work);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(work, 'src', 'package', name, '..'), { recursive: true });
    writeFileSync(join(work, 'src', 'package', name), text);
  }
  const path = join(work, 'pkg.tgz');
  execFileSync('tar', ['-czf', path, '-C', join(work, 'src'), 'package']);
  return { path, work };
}

const manifest = {
  name: '@toolpane/client',
  license: 'MIT',
  keywords: ['mastra'],
  homepage: 'https://example.invalid/#readme',
  repository: { type: 'git', url: 'git+https://example.invalid.git' },
  engines: { node: '>=20' },
  dependencies: { 'eventsource-parser': '^3.1.1' },
};

describe('check:packages: tarball contents', () => {
  it('passes a package with its build, README, the LICENSE, ^ ranges and metadata', () => {
    const { path, work } = tarball({
      'package.json': JSON.stringify(manifest),
      'README.md': '# x',
      'dist/index.js': 'export {};',
    });
    cpSync(join(root, 'LICENSE'), join(work, 'src', 'package', 'LICENSE'));
    execFileSync('tar', ['-czf', path, '-C', join(work, 'src'), 'package']);
    expect(() => checkContents('client', path, join(work, 'out'))).not.toThrow();
  });

  it('names every problem: no LICENSE, exact pins, missing metadata, build bookkeeping', () => {
    const { path, work } = tarball({
      'package.json': JSON.stringify({
        name: '@toolpane/client',
        license: 'MIT',
        dependencies: { 'eventsource-parser': '4.1.3', zod: '^4.6.7' },
      }),
      LICENSE: 'Some other licence',
      'dist/index.js': 'export {};',
      'dist/index.test.js': '',
      'tsconfig.tsbuildinfo': '{}',
    });
    let message = '';
    try {
      checkContents('client', path, join(work, 'out'));
    } catch (error) {
      expect(error).toBeInstanceOf(StepError);
      message = (error as Error).message;
    }
    const [head, ...problems] = message.split('\n').map((line) => line.trim());
    expect(head).toBe('@toolpane/client:');
    expect(new Set(problems)).toEqual(
      new Set([
        'package/README.md is missing',
        'package/dist/index.test.js should not be published',
        'package/tsconfig.tsbuildinfo should not be published',
        "LICENSE differs from the repository's",
        'dependency eventsource-parser is 4.1.3, not a ^ range',
        'package.json has no repository',
        'package.json has no keywords',
        'package.json has no engines',
        'package.json has no homepage',
      ]),
    );
  });

  it('reports a missing LICENSE as a problem, not as a crash', () => {
    const { path, work } = tarball({
      'package.json': JSON.stringify(manifest),
      'README.md': '# x',
      'dist/index.js': 'export {};',
    });
    expect(() => checkContents('client', path, join(work, 'out'))).toThrow(
      new StepError('@toolpane/client:\n  package/LICENSE is missing'),
    );
  });
});
