/**
 * `pnpm test` starts here: story and end-to-end tests need a real Chromium. When none is found
 * and this process can install packages (root, apt-get present), it installs Debian's `chromium`
 * and goes on; otherwise it stops with the exact command to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian's `chromium` package puts the browser, and where tests look without CHROMIUM_PATH. */
export const debianChromium = '/usr/bin/chromium';

/** What the decision depends on, injected so that every branch can be tested. */
export interface ChromiumEnv {
  /** `CHROMIUM_PATH`, when set. */
  readonly chromiumPath: string | undefined;
  readonly isExecutable: (path: string) => boolean;
  /** Whether the process runs as root. */
  readonly isRoot: boolean;
  /** Whether `apt-get` is on the PATH. */
  readonly hasAptGet: boolean;
}

/** A command and its arguments, run without a shell. */
export type Command = readonly [string, ...string[]];

/** What to do: go on with a browser, install Debian's, or stop with a message. */
export type ChromiumPlan =
  | { readonly action: 'found'; readonly path: string }
  | { readonly action: 'install'; readonly path: string; readonly commands: readonly Command[] }
  | { readonly action: 'stop'; readonly message: string };

/** The commands that install Debian's Chromium, as root. */
export const aptInstall: readonly Command[] = [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', 'chromium'],
];

const manual = `sudo apt-get update && sudo apt-get install -y chromium`;

/** Decides what `pnpm test` does about Chromium. */
export function planChromium(env: ChromiumEnv): ChromiumPlan {
  if (env.chromiumPath !== undefined && env.chromiumPath !== '') {
    if (env.isExecutable(env.chromiumPath)) return { action: 'found', path: env.chromiumPath };
    return {
      action: 'stop',
      message:
        `CHROMIUM_PATH is ${env.chromiumPath}, which is not an executable file. ` +
        "Point it at a Chromium or Chrome binary, or unset it to use Debian's chromium.",
    };
  }
  if (env.isExecutable(debianChromium)) return { action: 'found', path: debianChromium };
  if (env.isRoot && env.hasAptGet) {
    return { action: 'install', path: debianChromium, commands: aptInstall };
  }
  const missing = `Chromium not found at ${debianChromium}; story and end-to-end tests need it.`;
  if (env.hasAptGet) {
    return { action: 'stop', message: `${missing} Install it with:\n  ${manual}` };
  }
  return {
    action: 'stop',
    message:
      `${missing} This machine has no apt-get: install Chromium or Chrome, then run\n` +
      '  CHROMIUM_PATH=/path/to/chromium pnpm test',
  };
}

/** How commands run and messages are printed, injected for tests. */
export interface ChromiumIo {
  /** Runs a command; resolves with its exit status and its output (shown only on failure). */
  readonly run: (command: Command) => { status: number; output: string };
  readonly log: (line: string) => void;
  readonly error: (message: string) => void;
}

/** Carries out the plan; returns the exit code (0: go on). */
export function ensureChromium(env: ChromiumEnv, io: ChromiumIo): number {
  const plan = planChromium(env);
  if (plan.action === 'found') return 0;
  if (plan.action === 'stop') {
    io.error(plan.message);
    return 1;
  }
  const shown = plan.commands.map((command) => command.join(' ')).join(' && ');
  io.log(`Chromium not found at ${plan.path}: installing Debian's chromium (${shown}).`);
  for (const command of plan.commands) {
    const { status, output } = io.run(command);
    if (status !== 0) {
      io.error(`${output}\n\`${command.join(' ')}\` failed with status ${status}.`);
      return status;
    }
  }
  if (!env.isExecutable(plan.path)) {
    io.error(`apt-get installed chromium, but ${plan.path} is still missing.`);
    return 1;
  }
  return 0;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** This process's environment. */
export function processEnv(): ChromiumEnv {
  const path = process.env.PATH ?? '';
  return {
    chromiumPath: process.env.CHROMIUM_PATH,
    isExecutable,
    isRoot: process.getuid?.() === 0,
    hasAptGet: path
      .split(delimiter)
      .some((dir) => dir !== '' && isExecutable(join(dir, 'apt-get'))),
  };
}

const processIo: ChromiumIo = {
  run: ([file, ...args]) => {
    const result = spawnSync(file, args, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
    return { status: result.status ?? 1, output };
  },
  log: (line) => console.log(line),
  error: (message) => console.error(message),
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = ensureChromium(processEnv(), processIo);
}
