// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  aptInstall,
  type ChromiumEnv,
  type Command,
  debianChromium,
  ensureChromium,
  planChromium,
  processEnv,
} from '../../scripts/ensure-chromium.ts';

/** A machine where the given paths are executable, and what was installed becomes executable. */
function machine(overrides: Partial<ChromiumEnv> & { executables?: string[] } = {}) {
  const executables = new Set(overrides.executables ?? []);
  const env: ChromiumEnv = {
    chromiumPath: undefined,
    isRoot: true,
    hasAptGet: true,
    ...overrides,
    isExecutable: (path) => executables.has(path),
  };
  const ran: string[] = [];
  const logs: string[] = [];
  const errors: string[] = [];
  const io = {
    installs: true,
    failing: undefined as string | undefined,
    run(command: Command) {
      const line = command.join(' ');
      ran.push(line);
      if (line === io.failing)
        return { status: 100, output: 'E: Unable to locate package chromium' };
      if (command.includes('install') && io.installs) executables.add(debianChromium);
      return { status: 0, output: 'lots of apt output' };
    },
    log: (line: string) => logs.push(line),
    error: (message: string) => errors.push(message),
  };
  return { env, io, ran, logs, errors };
}

describe('pnpm test finds or installs Chromium', () => {
  it("goes on with Debian's chromium when it is there, and runs nothing", () => {
    const m = machine({ executables: [debianChromium] });
    expect(planChromium(m.env)).toEqual({ action: 'found', path: debianChromium });
    expect(ensureChromium(m.env, m.io)).toBe(0);
    expect([m.ran, m.logs, m.errors]).toEqual([[], [], []]);
  });

  it('goes on with CHROMIUM_PATH when it is executable, even without /usr/bin/chromium', () => {
    const m = machine({ chromiumPath: '/opt/chrome/chrome', executables: ['/opt/chrome/chrome'] });
    expect(ensureChromium(m.env, m.io)).toBe(0);
    expect(m.ran).toEqual([]);
  });

  it('stops on a CHROMIUM_PATH that is not executable instead of installing another browser', () => {
    const m = machine({ chromiumPath: '/opt/none', executables: [debianChromium] });
    expect(ensureChromium(m.env, m.io)).toBe(1);
    expect(m.ran).toEqual([]);
    expect(m.errors).toEqual([expect.stringContaining('CHROMIUM_PATH is /opt/none')]);
  });

  it('as root with apt-get: updates, installs chromium, says so in one line and goes on', () => {
    const m = machine();
    expect(planChromium(m.env)).toEqual({
      action: 'install',
      path: debianChromium,
      commands: aptInstall,
    });
    expect(ensureChromium(m.env, m.io)).toBe(0);
    expect(m.ran).toEqual(['apt-get update', 'apt-get install -y chromium']);
    expect(m.logs).toHaveLength(1);
    expect(m.logs[0]).toMatch(
      /^Chromium not found at \/usr\/bin\/chromium: installing Debian's chromium \(apt-get update && apt-get install/,
    );
    expect(m.logs[0]).not.toContain('\n');
    expect(m.errors).toEqual([]);
  });

  it('stops with apt-get output and status when a command fails, and runs no further command', () => {
    const m = machine();
    m.io.failing = 'apt-get update';
    expect(ensureChromium(m.env, m.io)).toBe(100);
    expect(m.ran).toEqual(['apt-get update']);
    expect(m.errors[0]).toContain('E: Unable to locate package chromium');
    expect(m.errors[0]).toContain('`apt-get update` failed with status 100');
  });

  it('stops when the install succeeded but the browser is still not there', () => {
    const m = machine();
    m.io.installs = false;
    expect(ensureChromium(m.env, m.io)).toBe(1);
    expect(m.errors).toEqual([expect.stringContaining('/usr/bin/chromium is still missing')]);
  });

  it('not root: stops with the exact command to run, and runs nothing', () => {
    const m = machine({ isRoot: false });
    expect(ensureChromium(m.env, m.io)).toBe(1);
    expect(m.ran).toEqual([]);
    expect(m.errors[0]).toContain('sudo apt-get update && sudo apt-get install -y chromium');
  });

  it('no apt-get: stops and says how to point CHROMIUM_PATH at a browser', () => {
    for (const isRoot of [true, false]) {
      const m = machine({ isRoot, hasAptGet: false });
      expect(ensureChromium(m.env, m.io)).toBe(1);
      expect(m.ran).toEqual([]);
      expect(m.errors[0]).toContain('CHROMIUM_PATH=/path/to/chromium pnpm test');
    }
  });

  it('treats an empty CHROMIUM_PATH as unset', () => {
    const m = machine({ chromiumPath: '', executables: [debianChromium] });
    expect(planChromium(m.env)).toEqual({ action: 'found', path: debianChromium });
  });
});

describe('the script as pnpm test runs it', () => {
  const script = fileURLToPath(new URL('../../scripts/ensure-chromium.ts', import.meta.url));
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  it('exits 0 and prints nothing when CHROMIUM_PATH is executable', () => {
    const result = run({ CHROMIUM_PATH: process.execPath });
    expect([result.status, result.stdout, result.stderr]).toEqual([0, '', '']);
  });

  it('exits 1 with the reason when CHROMIUM_PATH is not', () => {
    const result = run({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CHROMIUM_PATH is /nonexistent/chromium');
  });

  it('finds apt-get on the PATH only when it is an executable there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolpane-path-'));
    const path = process.env.PATH;
    try {
      process.env.PATH = dir;
      expect(processEnv().hasAptGet).toBe(false);
      writeFileSync(join(dir, 'apt-get'), '#!/bin/sh\n');
      expect(processEnv().hasAptGet).toBe(false);
      chmodSync(join(dir, 'apt-get'), 0o755);
      expect(processEnv().hasAptGet).toBe(true);
    } finally {
      process.env.PATH = path;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('knows whether it runs as root', () => {
    const uid = Number(execFileSync('id', ['-u'], { encoding: 'utf8' }).trim());
    expect(processEnv().isRoot).toBe(uid === 0);
  });
});
