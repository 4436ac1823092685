/**
 * `pnpm check:packages`: packs @toolpane/client, @toolpane/react and @toolpane/ui as they would be
 * published and checks them the way an app gets them:
 *
 * 1. each tarball holds its build, README and the repository's LICENSE, and nothing of the build's
 *    bookkeeping;
 * 2. `publint --strict` and `attw --profile esm-only` (style sheets excluded) pass on each tarball;
 * 3. the three tarballs install together into an empty app with `npm install --engine-strict` on
 *    this Node, with React 19 and again with React 18;
 * 4. plain Node ESM imports every entry of every package, renders a card on the server, and runs
 *    the `toolpane` bin on a recording.
 *
 * Exits 1 with the failing step's output. Needs the npm registry for the app's dependencies.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = ['client', 'react', 'ui'] as const;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** A check that failed; its message says what and where. */
export class StepError extends Error {}

/** Runs a command; throws with its output when it fails. */
function run(file: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(file, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new StepError(
      `\`${[file, ...args].join(' ')}\` failed in ${cwd}:\n${e.stdout ?? ''}${e.stderr ?? ''}${
        e.stdout || e.stderr ? '' : e.message
      }`,
    );
  }
}

function step<T>(name: string, body: () => T): T {
  const start = Date.now();
  const result = body();
  console.log(`ok  ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  return result;
}

/** Packs each package (its prepack script builds it from a clean dist) and returns the tarballs. */
function pack(into: string): Record<(typeof packages)[number], string> {
  mkdirSync(into, { recursive: true });
  const tarballs = {} as Record<(typeof packages)[number], string>;
  for (const name of packages) {
    const before = new Set(readdirSync(into));
    run('pnpm', ['pack', '--pack-destination', into], join(root, 'packages', name));
    const added = readdirSync(into).filter((file) => !before.has(file) && file.endsWith('.tgz'));
    if (added.length !== 1) throw new StepError(`pnpm pack of ${name} made ${added.join(', ')}`);
    tarballs[name] = join(into, added[0] as string);
  }
  return tarballs;
}

/** What a tarball must hold, and must not; throws a StepError listing every problem. */
export function checkContents(name: string, tarball: string, unpackInto: string): void {
  const files = run('tar', ['-tzf', tarball], root).split('\n').filter(Boolean);
  const problems: string[] = [];
  for (const required of ['package/LICENSE', 'package/README.md', 'package/dist/index.js']) {
    if (!files.includes(required)) problems.push(`${required} is missing`);
  }
  for (const file of files) {
    if (/\.tsbuildinfo$|\.test\.|\.stories\.|\/node_modules\//.test(file)) {
      problems.push(`${file} should not be published`);
    }
  }
  mkdirSync(unpackInto, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', unpackInto], root);
  const license = join(unpackInto, 'package', 'LICENSE');
  if (
    existsSync(license) &&
    readFileSync(license, 'utf8') !== readFileSync(join(root, 'LICENSE'), 'utf8')
  ) {
    problems.push("LICENSE differs from the repository's");
  }
  const manifest = JSON.parse(readFileSync(join(unpackInto, 'package', 'package.json'), 'utf8'));
  for (const [dep, range] of Object.entries<string>(manifest.dependencies ?? {})) {
    if (!range.startsWith('^')) problems.push(`dependency ${dep} is ${range}, not a ^ range`);
  }
  for (const field of ['repository', 'keywords', 'engines', 'homepage', 'license']) {
    if (manifest[field] === undefined) problems.push(`package.json has no ${field}`);
  }
  if (problems.length > 0) throw new StepError(`@toolpane/${name}:\n  ${problems.join('\n  ')}`);
}

/** The script an app runs: imports every entry, renders a card, and reports what it found. */
const appCheck = `
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const names = ['@toolpane/client', '@toolpane/react', '@toolpane/ui'];
const report = {};
for (const name of names) {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve(name + '/package.json')), 'utf8'),
  );
  for (const key of Object.keys(manifest.exports)) {
    const specifier = name + key.slice(1);
    if (key === './package.json') continue;
    if (key.endsWith('.css')) {
      if (!existsSync(fileURLToPath(import.meta.resolve(specifier)))) {
        throw new Error(specifier + ' does not resolve to a file');
      }
      report[specifier] = 'file';
      continue;
    }
    const module = await import(specifier);
    const exported = Object.keys(module);
    if (exported.length === 0) throw new Error(specifier + ' exports nothing');
    report[specifier] = exported.length;
  }
}

const { createElement: h } = await import('react');
const { renderToString } = await import('react-dom/server');
const { createToolpaneStore } = await import('@toolpane/client');
const { ToolpaneProvider } = await import('@toolpane/react');
const { ToolCall } = await import('@toolpane/ui');
// A recorded stream (the path is the first argument) through the store, rendered on the server.
const store = createToolpaneStore();
const lines = readFileSync(process.argv[2], 'utf8').split('\\n').filter(Boolean);
store.dispatchMany(lines.map((line) => JSON.parse(line)));
const html = renderToString(
  h(ToolpaneProvider, { store }, h(ToolCall.Root, { toolCallId: 'call-weather-1', defaultOpen: true })),
);
if (!html.includes('weatherTool') || !html.includes('Paris')) {
  throw new Error('the server-rendered card does not show the call: ' + html);
}
const react = createRequire(import.meta.url)('react/package.json').version;
console.log(JSON.stringify({ react, entries: report }));
`;

function installAndImport(app: string, tarballs: readonly string[], react: string): string {
  run(
    'npm',
    [
      'install',
      '--engine-strict',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...tarballs,
      `react@${react}`,
      `react-dom@${react}`,
    ],
    app,
  );
  const recording = join(root, 'test', 'fixtures', 'tool-then-text.jsonl');
  return run(process.execPath, ['check.mjs', recording], app).trim();
}

function main(): void {
  const work = mkdtempSync(join(tmpdir(), 'toolpane-packages-'));
  try {
    const tarballs = step('pack @toolpane/client, react and ui (clean builds)', () =>
      pack(join(work, 'tarballs')),
    );
    step('tarball contents: LICENSE, README, build, ^ ranges, metadata', () => {
      for (const name of packages)
        checkContents(name, tarballs[name], join(work, 'unpacked', name));
    });
    step('publint --strict', () => {
      for (const name of packages) run(bin('publint'), ['run', '--strict', tarballs[name]], root);
    });
    step('attw --profile esm-only', () => {
      for (const name of packages) {
        // Style sheets are exports with no types to check (styles.css, inspector.css, …).
        const manifest = JSON.parse(
          readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'),
        ) as { exports: Record<string, unknown> };
        const css = Object.keys(manifest.exports)
          .filter((key) => key.endsWith('.css'))
          .map((key) => key.slice(2));
        const exclude = css.length === 0 ? [] : ['--exclude-entrypoints', ...css];
        run(bin('attw'), [tarballs[name], '--profile', 'esm-only', ...exclude], root);
      }
    });
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2)}\n`,
    );
    writeFileSync(join(app, 'check.mjs'), appCheck);
    const all = packages.map((name) => tarballs[name]);
    for (const react of ['19', '18']) {
      const report = step(
        `npm install --engine-strict on Node ${process.versions.node} with React ${react}; import every entry`,
        () => installAndImport(app, all, react),
      );
      console.log(`    ${report}`);
    }
    step('the toolpane bin inspects a recording', () => {
      const out = run(
        join(app, 'node_modules', '.bin', 'toolpane'),
        ['inspect', join(root, 'test', 'fixtures', 'approval-request.jsonl')],
        app,
      );
      if (!out.includes('approval-requested')) throw new StepError(`unexpected output:\n${out}`);
    });
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    console.error(`FAIL ${error.message}`);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
