// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { type InspectReport, inspectState } from '@toolpane/client/inspect';
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
      reduceAll([...chunks, { type: 'toolpane/stream-end' }], { formats: [aiSdk] }),
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
