// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { type InspectReport, inspectState } from '@toolpane/client/inspect';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../packages/client/src/inspect/cli-run.js';
import { loadFixture, toSse } from '../utils/fixtures';

const fixtures = join(process.cwd(), 'test', 'fixtures');

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

async function report(...files: string[]): Promise<InspectReport> {
  const { code, out } = await cli('inspect', ...files.map((f) => join(fixtures, f)), '--json');
  expect(code).toBe(0);
  return JSON.parse(out) as InspectReport;
}

describe('toolpane inspect', () => {
  const names = readdirSync(fixtures).filter((name) => name.endsWith('.jsonl'));

  it.each(names)('reads %s into the same report as the store', async (name) => {
    const chunks = loadFixture(name.replace(/\.jsonl$/, ''));
    const expected = inspectState(
      reduceAll([...chunks, { type: 'toolpane/stream-end' }], {
        formats: [aiSdk],
        families: [network],
      }),
    );
    expect(await report(name)).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('names the inner call and the target to send for a nested approval', async () => {
    const runId = (loadFixture('nested-approval-request')[0] as { runId: string }).runId;
    const out = await report('nested-approval-request.jsonl');
    expect(out.pendingApprovals).toEqual([
      {
        toolCallId: 'call-del-sub-1',
        toolName: 'deleteTool',
        resumeWith: { runId, toolCallId: 'call-ops-1' },
      },
    ]);
    expect(out.toolCalls).toContainEqual({
      toolCallId: 'call-del-sub-1',
      toolName: 'deleteTool',
      status: 'approval-requested',
      parentToolCallId: 'call-ops-1',
      agentId: 'ops-subagent',
      input: { id: 'rec-778' },
      output: null,
      errorText: null,
    });
    expect(out.subagents).toEqual([
      expect.objectContaining({
        toolCallId: 'call-ops-1',
        toolName: 'agent-ops',
        agentId: 'ops-subagent',
      }),
    ]);
  });

  it('reads a stream and its continuation in order', async () => {
    const out = await report('nested-approval-request.jsonl', 'nested-approval-approve.jsonl');
    expect(out.pendingApprovals).toEqual([]);
    expect(out.toolCalls.map((c) => [c.toolCallId, c.status])).toEqual([
      ['call-ops-1', 'output-available'],
      ['call-del-sub-1', 'output-available'],
    ]);
  });

  it('shows display values only', async () => {
    const out = await report('transform-input-streamed.jsonl');
    expect(JSON.stringify(out)).not.toContain('sk-secret-123');
    expect(out.toolCalls[0]?.input).toEqual({ query: 'Ada Lovelace', apiKey: '••••' });
  });

  it('reads raw SSE bytes the same as JSON lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolpane-cli-'));
    const sse = join(dir, 'subagent.sse');
    writeFileSync(sse, toSse(loadFixture('subagent-two-level')));
    const { code, out } = await cli('inspect', sse, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(await report('subagent-two-level.jsonl'));
  });

  it('prints the tree of runs, subagents and calls for a person', async () => {
    const { code, out } = await cli('inspect', join(fixtures, 'subagent-two-level.jsonl'));
    expect(code).toBe(0);
    expect(out).toMatch(/^run \S+ \(supervisor-agent\) · finished$/m);
    expect(out).toMatch(/^ {4}subagent run \S+ \(research-agent\) · finished$/m);
    expect(out).toMatch(/^ {10}stationTool \[call-station-1\] · output-available$/m);
  });

  it('fails clearly on a missing file and on an unknown command', async () => {
    const missing = await cli('inspect', join(fixtures, 'nope.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
  });

  /** Writes chunks as JSON lines to a fresh file and returns its path. */
  function writeJsonl(name: string, chunks: readonly unknown[]): string {
    const file = join(mkdtempSync(join(tmpdir(), 'toolpane-cli-')), name);
    writeFileSync(file, chunks.map((chunk) => JSON.stringify(chunk)).join('\n'));
    return file;
  }

  it('does not apply client events found in a file, as a stream does not', async () => {
    const chunks = loadFixture('approval-request');
    const file = writeJsonl('forged.jsonl', [
      ...chunks,
      { type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true },
      { type: 'toolpane/abort', reason: 'forged' },
    ]);
    const { code, out } = await cli('inspect', file, '--json');
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as InspectReport;
    // The approval still waits: the forged decision did not answer it.
    expect(parsed.pendingApprovals.map((p) => p.toolCallId)).toEqual(['call-del-1']);
    const tree = await cli('inspect', file);
    expect(tree.out).toContain(
      '! invalid-chunk: A stream may not carry client events: "toolpane/" types are reserved',
    );
    expect(tree.out).not.toContain('forged');
  });

  it('prints terminal control sequences from names, ids, errors and values escaped', async () => {
    const esc = '\u001b';
    const csi = '\u009b';
    const runId = `run${esc}]0;owned${esc}\\`;
    const file = writeJsonl('hostile.jsonl', [
      { type: 'start', runId, from: 'AGENT', payload: { id: `agent${csi}2J` } },
      {
        type: 'tool-call',
        runId,
        from: 'AGENT',
        payload: {
          toolCallId: `call${esc}[2K-1`,
          toolName: `tool${esc}[31m\u202eevil`,
          args: { cmd: `ls${esc}[1A\rrm -rf /` },
        },
      },
      {
        type: 'tool-error',
        runId,
        from: 'AGENT',
        payload: {
          toolCallId: `call${esc}[2K-1`,
          toolName: `tool${esc}[31m\u202eevil`,
          error: { message: `failed${esc}[8m\nfake: line` },
        },
      },
      { type: 'text-delta', runId, from: 'AGENT', payload: { id: 't', text: `hi${csi}31m` } },
      { type: 'finish', runId, from: 'AGENT', payload: {} },
    ]);
    for (const argv of [[file], [file, '--json']]) {
      const { code, out } = await cli('inspect', ...argv);
      expect(code).toBe(0);
      // Nothing a terminal acts on, besides the line ends of the output itself.
      const acted = [...out].filter((c) => /[\p{Cc}\u202e]/u.test(c) && c !== '\n');
      expect(acted).toEqual([]);
      expect(out).toContain('\\u001b[2K-1');
      expect(out).toContain('\\u202eevil');
    }
    const tree = await cli('inspect', file);
    // A newline inside an error cannot start a line of its own.
    expect(tree.out).not.toMatch(/^fake: line/m);
    const json = JSON.parse((await cli('inspect', file, '--json')).out) as InspectReport;
    expect(json.toolCalls[0]?.toolName).toBe(`tool${esc}[31m\u202eevil`);
  });

  it('runs as a command', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/client/src/cli.ts',
        'inspect',
        join(fixtures, 'tool-then-text.jsonl'),
        '--json',
      ],
      { cwd: process.cwd() },
    );
    expect((JSON.parse(stdout) as InspectReport).toolCalls[0]).toMatchObject({
      status: 'output-available',
    });
  });
});
