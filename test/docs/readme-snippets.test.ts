// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSnippets, extractSnippets, markdownFiles, repoRoot, skipMarker } from './snippets.ts';

describe('README snippets', () => {
  it('every ts/tsx block of the READMEs and docs compiles against the packages', () => {
    const files = markdownFiles(repoRoot);
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'packages/client/README.md',
        'packages/react/README.md',
        'packages/ui/README.md',
      ]),
    );
    const snippets = files.flatMap((file) =>
      extractSnippets(readFileSync(join(repoRoot, file), 'utf8'), file),
    );
    expect(snippets.length).toBeGreaterThan(10);
    expect(checkSnippets(repoRoot, snippets)).toEqual([]);
  }, 120_000);

  it('names the file and line of a snippet that does not compile', () => {
    const markdown = [
      '# Example',
      '',
      '```ts',
      "import { createToolpaneStore } from '@toolpane/client';",
      '',
      'const store = createToolpaneStore();',
      'store.dispatch(1, 2, 3);',
      '```',
      '',
      '```tsx',
      // Built from parts so that this file itself names no missing entry point.
      `import { formatTree } from '${['@toolpane', 'client', 'resume'].join('/')}';`,
      '```',
    ].join('\n');
    const snippets = extractSnippets(markdown, 'docs/example.md');
    expect(snippets.map((s) => [s.line, s.lang])).toEqual([
      [4, 'ts'],
      [11, 'tsx'],
    ]);
    const errors = checkSnippets(repoRoot, snippets);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^docs\/example\.md:7: TS2554: Expected 1 arguments, but got 3/);
    expect(errors[1]).toMatch(
      /^docs\/example\.md:11: TS2307: Cannot find module '@toolpane\/client\/resume'/,
    );
  }, 120_000);

  it('skips only the block right after the marker, and only ts/tsx blocks', () => {
    const markdown = [
      skipMarker,
      '',
      '```ts',
      'this is not TypeScript',
      '```',
      '```tsx',
      'const x = 1;',
      '```',
      '```sh',
      'pnpm test',
      '```',
      '   ```typescript',
      '   const y = 2;',
      '   ```',
    ].join('\n');
    expect(extractSnippets(markdown, 'a.md')).toEqual([
      { file: 'a.md', line: 7, lang: 'tsx', code: 'const x = 1;' },
      { file: 'a.md', line: 13, lang: 'ts', code: 'const y = 2;' },
    ]);
  });
});
