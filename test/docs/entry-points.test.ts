// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './snippets.ts';

/** The `@toolpane/...` specifiers a text names, with the line of each. */
function namedSpecifiers(text: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/@toolpane\/[a-z-]+(?:\/[\w.-]*[\w-])*/g)) {
      found.push({ specifier: match[0], line: index + 1 });
    }
  });
  return found;
}

/** Every specifier an app can import: each package and the keys of its `exports`. */
function exportedSpecifiers(): Set<string> {
  const specifiers = new Set<string>();
  for (const name of ['client', 'react', 'ui']) {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'packages', name, 'package.json'), 'utf8'),
    ) as { name: string; exports: Record<string, unknown> };
    for (const key of Object.keys(manifest.exports)) {
      specifiers.add(key === '.' ? manifest.name : `${manifest.name}${key.slice(1)}`);
    }
  }
  return specifiers;
}

/** `file:line: specifier` for each named specifier that is not an export. */
function unknownSpecifiers(file: string, text: string, exported: Set<string>): string[] {
  return namedSpecifiers(text)
    .filter(({ specifier }) => !exported.has(specifier))
    .map(({ specifier, line }) => `${file}:${line}: ${specifier}`);
}

describe('entry points named in the repository', () => {
  it('every @toolpane/... specifier in docs, sources, tests, stories and examples is an export', () => {
    const exported = exportedSpecifiers();
    const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(md|ts|tsx|mts|mjs|js|json)$/.test(file));
    expect(files.length).toBeGreaterThan(50);
    const unknown = files.flatMap((file) =>
      unknownSpecifiers(file, readFileSync(join(repoRoot, file), 'utf8'), exported),
    );
    expect(unknown).toEqual([]);
  });

  it('names the file and line of an entry point that does not exist', () => {
    // Built from parts so that this file itself names no missing entry point.
    const missing = ['@toolpane', 'client', 'resume'].join('/');
    const text = `Resume schemas live in\n\`${missing}\` and \`@toolpane/ui/styles.css\`.`;
    expect(unknownSpecifiers('docs/x.md', text, exportedSpecifiers())).toEqual([
      `docs/x.md:2: ${missing}`,
    ]);
  });
});
