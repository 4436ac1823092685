/**
 * Each benchmark section runs in its own Node process (with `--expose-gc` and a large heap), so the
 * garbage and JIT state of one section never affect another. A child reads its options from
 * argv and prints one `RESULT <json>` line; progress goes to stderr.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MARK = 'RESULT ';

/** Runs `bench/<script>` in a fresh process and returns what it reported. */
export function runChild<T>(script: string, options: unknown, heapMb = 16_384): Promise<T> {
  const file = fileURLToPath(new URL(`./${script}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...process.execArgv,
        '--expose-gc',
        `--max-old-space-size=${heapMb}`,
        file,
        JSON.stringify(options),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      out += text;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(MARK));
      if (code !== 0 || line === undefined) {
        reject(new Error(`bench/${script} exited with ${code}${out ? `:\n${out}` : ''}`));
        return;
      }
      resolve(JSON.parse(line.slice(MARK.length)) as T);
    });
  });
}

/** The options a child was started with. */
export function childOptions<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}

/** Sends a child's result to the parent. */
export function report(result: unknown): void {
  process.stdout.write(`${MARK}${JSON.stringify(result)}\n`);
}

/** Progress output of a child (stderr, so it does not mix with the result). */
export function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Whether this module is the process's entry point. */
export function isMain(url: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(url) === process.argv[1];
}
