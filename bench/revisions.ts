/**
 * `pnpm bench:revisions`: the adversarial shapes of `bench/shapes.ts` through the client as it is
 * at other commits and as it is in this checkout, side by side in one process. Each commit's
 * `packages/client/src` is extracted with `git archive` into a temporary folder and imported
 * from there, so all versions run against the same generated chunks, alternating round by round
 * (`compare`), which keeps a busy machine's noise out of the ratios.
 *
 * Cases per shape and size: `reduceAll` (reduce), a store with one global subscriber publishing
 * a snapshot after every chunk (publish), and, for versions that have `subscribeKey`, the same
 * with keyed subscribers on the run and on every tenth call as well (publish keyed). Each cell is
 * the median wall-clock time and, in parentheses, the median CPU time of the process.
 *
 * Options: `--revs=35f8573,main` (commits to compare with this checkout), `--sizes=10000,50000`,
 * `--shapes=3` (how many of the shapes, in order, `all`, `generated` for the realistic stream
 * of `pnpm bench` section 1 instead, or a part of their names, such as `chat:`), `--warmup=1`,
 * `--iterations=3`. Native shapes only: the compared versions read chunks with no options.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateLines } from './generate.ts';
import { compare, fmtMs, median, table, withCpuTime } from './measure.ts';
import { SHAPES, type Shape } from './shapes.ts';

/** The part of the client's API the cases use, as every compared version has it. */
interface Client {
  reduceAll(chunks: Iterable<unknown>): unknown;
  createToolpaneStore(): {
    getState(): unknown;
    dispatch(chunk: unknown): void;
    subscribe(listener: () => void): () => void;
    subscribeKey?: (key: string, listener: () => void) => () => void;
  };
}

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const revs = option('revs', '35f8573,main').split(',').filter(Boolean);
const sizes = option('sizes', '10000,50000').split(',').map(Number);
const shapeCount = option('shapes', '3');
const warmup = Number(option('warmup', '1'));
const iterations = Number(option('iterations', '3'));
const repo = fileURLToPath(new URL('..', import.meta.url));
const git = (...gitArgs: string[]) =>
  execFileSync('git', ['-C', repo, ...gitArgs], { encoding: 'utf8' }).trim();

/** Extracts the client at `rev` and imports its main entry. */
async function load(rev: string, root: string): Promise<Client> {
  const dir = join(root, rev.replace(/[^\w.-]/g, '_'));
  mkdirSync(dir, { recursive: true });
  // The sources are over the 1 MB a child's output may hold by default.
  const tar = execFileSync('git', ['-C', repo, 'archive', rev, 'packages/client/src'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(
    join(repo, 'packages/client/node_modules'),
    join(dir, 'packages/client/node_modules'),
  );
  return (await import(pathToFileURL(join(dir, 'packages/client/src/index.ts')).href)) as Client;
}

function publishEach(client: Client, chunks: readonly unknown[], keyed: boolean): number {
  const store = client.createToolpaneStore();
  let published = 0;
  store.subscribe(() => {
    store.getState();
    published++;
  });
  if (keyed && store.subscribeKey !== undefined) {
    const wake = () => published++;
    store.subscribeKey('run:run-shape', wake);
    store.subscribeKey('toolCalls', wake);
    for (let i = 0; i < 10_000; i += 10) store.subscribeKey(`call:c${i}`, wake);
  }
  for (const chunk of chunks) store.dispatch(chunk);
  return published;
}

const root = mkdtempSync(join(tmpdir(), 'toolpane-revisions-'));
try {
  const versions: { name: string; client: Client }[] = [];
  for (const rev of revs) {
    versions.push({
      name: `${rev} (${git('rev-parse', '--short', rev)})`,
      client: await load(rev, root),
    });
  }
  const head = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'packages/client/src') !== '';
  versions.push({
    name: `this checkout (${head}${dirty ? ' + changes' : ''})`,
    client: (await import('../packages/client/src/index.ts')) as unknown as Client,
  });

  /** The generated stream of section 1 (templated from the recordings), parsed. */
  const generated: Shape = {
    name: 'generated stream (section 1)',
    chunks: (n) => generateLines({ chunks: n }).map((line): unknown => JSON.parse(line)),
  };
  const shapes =
    shapeCount === 'all'
      ? SHAPES
      : shapeCount === 'generated'
        ? [generated]
        : /^\d+$/.test(shapeCount)
          ? SHAPES.slice(0, Number(shapeCount))
          : SHAPES.filter((s) => s.name.includes(shapeCount) && !s.format && !s.family);
  const load0 = loadavg().map((l) => l.toFixed(2));
  const rows: string[][] = [];
  for (const shape of shapes) {
    for (const size of sizes) {
      const chunks = shape.chunks(size);
      const cases = versions.flatMap(({ name, client }) => [
        { name: `${name} reduce`, run: () => client.reduceAll(chunks) },
        { name: `${name} publish`, run: () => publishEach(client, chunks, false) },
        ...(client.createToolpaneStore().subscribeKey === undefined
          ? []
          : [{ name: `${name} keyed`, run: () => publishEach(client, chunks, true) }]),
      ]);
      const cpu = withCpuTime(cases);
      const results = await compare(cpu.cases, { warmup, iterations });
      const cell = (name: string) => {
        const result = results.get(name);
        if (result === undefined) return '';
        return `${fmtMs(median(result.samples))} (${fmtMs(cpu.cpuMedian(name, iterations))})`;
      };
      for (const { name } of versions) {
        rows.push([
          shape.name,
          `${size / 1000}k`,
          name,
          cell(`${name} reduce`),
          cell(`${name} publish`),
          cell(`${name} keyed`),
        ]);
        process.stderr.write(`${rows.at(-1)!.join(' | ')}\n`);
      }
    }
  }
  const load1 = loadavg().map((l) => l.toFixed(2));
  process.stdout.write(
    `Median ms of ${iterations} alternating rounds after ${warmup} warm-up, wall clock (CPU time of the process in parentheses); load average ${load0.join(' ')} at start, ${load1.join(' ')} at end.\n\n`,
  );
  process.stdout.write(
    `${table(['shape', 'size', 'client', 'reduce', 'publish', 'publish keyed'], rows)}\n`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
