import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** A fenced ts/tsx block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the repository root. */
  readonly file: string;
  /** 1-based line in `file` of the snippet's first code line. */
  readonly line: number;
  readonly lang: 'ts' | 'tsx';
  readonly code: string;
}

/**
 * The marker that exempts the next block from the check, for a block that cannot compile on its
 * own (a shape written as prose, an excerpt). Keep it rare: a snippet readers copy should compile.
 */
export const skipMarker = '<!-- snippet: not checked -->';

const langs: Record<string, 'ts' | 'tsx'> = { ts: 'ts', typescript: 'ts', tsx: 'tsx' };

/** The ts/tsx blocks of a Markdown text, with the line each starts at. */
export function extractSnippets(markdown: string, file: string): Snippet[] {
  const lines = markdown.split(/\r?\n/);
  const snippets: Snippet[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i] ?? '');
    if (open === null) {
      i++;
      continue;
    }
    const [, indent = '', fence = '', info = ''] = open;
    const skipped = previousNonBlank(lines, i) === skipMarker;
    const start = i + 1;
    i++;
    while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence)) i++;
    const lang = langs[info.toLowerCase()];
    if (lang !== undefined && !skipped) {
      const code = lines
        .slice(start, i)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
        .join('\n');
      snippets.push({ file, line: start + 1, lang, code });
    }
    i++;
  }
  return snippets;
}

function previousNonBlank(lines: readonly string[], index: number): string | undefined {
  for (let j = index - 1; j >= 0; j--) {
    const line = (lines[j] ?? '').trim();
    if (line !== '') return line;
  }
  return undefined;
}

/** The Markdown files whose snippets are checked: READMEs of the repository, packages and examples, and docs/. */
export function markdownFiles(root: string): string[] {
  const files = ['README.md'];
  for (const dir of ['packages', 'examples']) {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) files.push(`${dir}/${entry.name}/README.md`);
    }
  }
  files.push(...mdUnder(root, 'docs'));
  return files.filter((file) => {
    try {
      readFileSync(join(root, file));
      return true;
    } catch {
      return false;
    }
  });
}

function mdUnder(root: string, dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return mdUnder(root, path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/**
 * Names the READMEs use for what an app already has (its chunks, its token, its render function).
 * Snippets see them as declared globals; everything else they use they must import.
 */
export const placeholders = `
declare const chunks: readonly unknown[];
declare const recordedChunks: readonly unknown[];
declare const body: string;
declare const mastra: import('@mastra/core').Mastra;
declare function getToken(): Promise<string>;
declare function render(state: import('@toolpane/client').ToolpaneState): void;
`;

const parsedFiles = new Map<string, ts.SourceFile>();

/**
 * Typechecks every snippet as a module of an app that depends on the three packages, with the
 * compiler options of tsconfig.test.json. Returns one message per error, each starting with the
 * Markdown file and line it comes from.
 */
export function checkSnippets(root: string, snippets: readonly Snippet[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.test.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (config === undefined) throw new Error('tsconfig.test.json could not be read');
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, noUnusedLocals: false };
  // Virtual files: nothing is written. Under test/ so that modules resolve as for the tests.
  const dir = join(root, 'test', 'docs', '.snippets');
  const virtual = new Map<string, { snippet?: Snippet; text: string }>();
  virtual.set(join(dir, 'placeholders.d.ts'), { text: placeholders });
  snippets.forEach((snippet, n) => {
    // The blocks of one Markdown file form one app. A block that starts with a `// path/file.ts`
    // comment is that file of the app, so the others can import it by its path.
    const app = join(dir, snippet.file.replace(/[^\w]+/g, '_'));
    const named = /^\/\/ ((?:[\w.-]+\/)*[\w.-]+\.tsx?)\s*$/.exec(snippet.code.split('\n')[0] ?? '');
    const path = join(app, named?.[1] ?? `snippet-${snippet.line}-${n}.${snippet.lang}`);
    if (virtual.has(path))
      throw new Error(`${snippet.file}:${snippet.line}: ${path} is named twice`);
    // `export {}` makes each block a module: its names stay its own, top-level await works.
    virtual.set(path, { snippet, text: `${snippet.code}\nexport {};\n` });
  });
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const entry = virtual.get(fileName);
    if (entry !== undefined)
      return ts.createSourceFile(fileName, entry.text, languageVersion, true);
    // Library and package files are parsed once per test run, however many checks run.
    let parsed = parsedFiles.get(fileName);
    if (parsed === undefined) {
      parsed = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (parsed !== undefined) parsedFiles.set(fileName, parsed);
    }
    return parsed;
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists(fileName);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) =>
    [...virtual.keys()].some((fileName) => fileName.startsWith(`${name}/`)) ||
    (directoryExists?.(name) ?? true);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtual.get(fileName)?.text ?? readFile(fileName);
  const program = ts.createProgram([...virtual.keys()], options, host);
  // Only the snippets' own diagnostics: the packages are checked by `pnpm typecheck`.
  const diagnostics = [...virtual.keys()].flatMap((fileName) => {
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) return [];
    return [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
  });
  return [...program.getOptionsDiagnostics(), ...diagnostics].map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const file = diagnostic.file;
    const entry = file === undefined ? undefined : virtual.get(file.fileName);
    if (file === undefined || entry === undefined || diagnostic.start === undefined) {
      const where = file === undefined ? 'snippets' : relative(root, file.fileName);
      return `${where}: TS${diagnostic.code}: ${text}`;
    }
    const { line } = file.getLineAndCharacterOfPosition(diagnostic.start);
    const where = entry.snippet
      ? `${entry.snippet.file}:${entry.snippet.line + line}`
      : 'placeholders';
    return `${where}: TS${diagnostic.code}: ${text}`;
  });
}

/** The repository root, from this file. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
