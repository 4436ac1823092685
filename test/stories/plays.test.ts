// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Every story checks its behaviour in a play function (the storybook project runs them in
 * Chromium, then axe), and every Replay story waits for the replayed end state first.
 */

const STORIES = join(process.cwd(), 'stories');

interface StoryExport {
  readonly name: string;
  /** The source of its `play` property, when the story object has one. */
  readonly play?: string;
}

/** The stories a file exports: every exported `const` except the default meta. */
function storiesOf(file: string): StoryExport[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(STORIES, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: StoryExport[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name)) continue;
      const init = declaration.initializer;
      const object = init !== undefined && ts.isSatisfiesExpression(init) ? init.expression : init;
      const play =
        object !== undefined && ts.isObjectLiteralExpression(object)
          ? object.properties.find(
              (p) =>
                (ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) &&
                p.name.getText() === 'play',
            )
          : undefined;
      found.push({ name: declaration.name.text, ...(play ? { play: play.getText() } : {}) });
    }
  }
  return found;
}

const files = readdirSync(STORIES).filter((file) => file.endsWith('.stories.tsx'));

describe('the stories', () => {
  it('are found, with their play functions', () => {
    expect(files.length).toBeGreaterThan(5);
    const replay = storiesOf('replay.stories.tsx');
    expect(replay.map((story) => story.name)).toContain('ToolThenText');
    expect(replay.find((story) => story.name === 'SpeedControl')?.play).toMatch(/^play:/);
  });

  it.each(files)('%s: every story has a play function', (file) => {
    const missing = storiesOf(file)
      .filter((story) => story.play === undefined)
      .map((story) => story.name);
    expect(missing).toEqual([]);
  });

  it('Replay: every story plays to the end before it checks anything', () => {
    const early = storiesOf('replay.stories.tsx')
      // The speed control story drives the player itself.
      .filter((story) => story.name !== 'SpeedControl')
      .filter((story) => {
        const play = story.play ?? '';
        const at = play.indexOf('await playToEnd(canvasElement)');
        return at === -1 || play.slice(0, at).includes('expect(');
      })
      .map((story) => story.name);
    expect(early).toEqual([]);
  });
});
