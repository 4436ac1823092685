// @vitest-environment node
import { join } from 'node:path';
import type { InspectReport } from '@toolpane/client/inspect';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../packages/client/src/inspect/cli-run.js';
import { loadFixture } from '../utils/fixtures';

const fixtures = join(process.cwd(), 'test', 'fixtures');
const runIdOf = (name: string) => (loadFixture(name)[0] as { runId: string }).runId;

async function inspect(...names: string[]) {
  let out = '';
  const files = names.map((name) => join(fixtures, `${name}.jsonl`));
  const code = await runCli(['inspect', ...files, '--json'], {
    out: (t) => (out += t),
    err: () => {},
  });
  expect(code).toBe(0);
  return JSON.parse(out) as InspectReport;
}

async function tree(...names: string[]) {
  let out = '';
  const files = names.map((name) => join(fixtures, `${name}.jsonl`));
  await runCli(['inspect', ...files], { out: (t) => (out += t), err: () => {} });
  return out;
}

const callOf = (report: InspectReport, id: string) =>
  report.toolCalls.find((call) => call.toolCallId === id);

describe('toolpane inspect reads the protocol-coverage recordings', () => {
  it('a nested suspension: one pending entry, on the inner call, aimed at the top call', async () => {
    const report = await inspect('nested-suspend-request');
    expect(report.pendingApprovals).toEqual([
      {
        toolCallId: 'call-book-sub-1',
        toolName: 'bookTableTool',
        resumeWith: { runId: runIdOf('nested-suspend-request'), toolCallId: 'call-booking-1' },
      },
    ]);
    expect(callOf(report, 'call-booking-1')?.status).toBe('input-available');
  });

  it('an approval two levels down: one pending entry', async () => {
    const report = await inspect('approval-two-level-request');
    expect(report.pendingApprovals).toEqual([
      {
        toolCallId: 'call-del-deep-1',
        toolName: 'deleteTool',
        resumeWith: { runId: runIdOf('approval-two-level-request'), toolCallId: 'call-lead-1' },
      },
    ]);
    expect(report.subagents.map((s) => [s.toolCallId, s.agentId])).toEqual([
      ['call-lead-1', 'lead-agent'],
      ['call-ops-deep-1', 'ops-deep-agent'],
    ]);
  });

  it('a workflow suspension and its resume', async () => {
    const waiting = await inspect('workflow-suspend-request');
    expect(waiting.pendingApprovals.map((p) => p.toolCallId)).toEqual(['call-expense-1']);
    const done = await inspect('workflow-suspend-request', 'workflow-suspend-resume');
    expect(done.pendingApprovals).toEqual([]);
    expect(callOf(done, 'call-expense-1')).toMatchObject({
      status: 'output-available',
      output: { result: { paid: true, reference: 'EXP-2041' } },
    });
  });

  it('both aborts', async () => {
    // Identical to a client-side tool on the wire: the call waits for the app.
    expect(callOf(await inspect('abort-tool-honours'), 'call-crawl-1')).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
    });
    expect(callOf(await inspect('abort-tool-ignores'), 'call-archive-1')).toMatchObject({
      status: 'output-available',
      output: { mailbox: 'ada@example.com', messages: 1820 },
    });
  });

  it('a three-deep chain', async () => {
    const report = await inspect('subagent-three-deep');
    expect(report.subagents.map((s) => s.agentId)).toEqual([
      'manager-agent',
      'analyst-agent',
      'clerk-agent',
    ]);
    expect(callOf(report, 'call-headlines-deep-1')).toMatchObject({
      parentToolCallId: 'call-clerk-1',
      agentId: 'clerk-agent',
      status: 'output-available',
    });
  });

  it('a network: executions as calls, the chosen agent as a subagent, its approval', async () => {
    const report = await inspect('network');
    expect(report.toolCalls.map((c) => [c.toolName, c.status])).toEqual([
      ['agent-researcher', 'output-available'],
      ['weatherTool', 'output-available'],
      ['workflow-report', 'output-available'],
      ['weatherTool', 'output-available'],
    ]);
    expect(report.subagents.map((s) => s.agentId)).toEqual(['net-researcher-agent']);
    const waiting = await inspect('network-approval-request');
    expect(waiting.pendingApprovals).toEqual([
      {
        toolCallId: 'call-net-del-1',
        toolName: 'deleteTool',
        resumeWith: {
          runId: runIdOf('network-approval-request'),
          toolCallId: 'ops',
          network: true,
        },
      },
    ]);
    expect(await tree('network')).toContain('(planner-network) · finished');
  });

  it('client-side tools: the call awaits the client, natively and through the AI SDK', async () => {
    for (const name of ['client-tool', 'client-tool-aisdk']) {
      expect(callOf(await inspect(name), 'call-ask-1')).toMatchObject({
        toolName: 'askUserTool',
        status: 'input-available',
        awaitingClient: true,
        input: { question: 'Which city?' },
        errorText: null,
      });
    }
    expect(await tree('client-tool')).toContain(
      'askUserTool [call-ask-1] · input-available (awaiting the client)',
    );
    expect((await inspect('client-tool')).pendingApprovals).toEqual([]);
  });

  it('network requests for a person: a tool execution, a member agent, a workflow', async () => {
    const tool = await inspect('network-tool-approval-request');
    const [toolPending] = tool.pendingApprovals;
    expect(toolPending).toMatchObject({
      toolName: 'deleteTool',
      resumeWith: { runId: runIdOf('network-tool-approval-request'), network: true },
    });
    expect(callOf(tool, toolPending!.toolCallId)?.input).toEqual({ id: 'rec-512' });
    expect((await inspect('network-suspend-request')).pendingApprovals).toEqual([
      {
        toolCallId: 'call-net-book-1',
        toolName: 'bookTableTool',
        resumeWith: {
          runId: runIdOf('network-suspend-request'),
          toolCallId: 'booker',
          network: true,
        },
      },
    ]);
    const approved = await inspect(
      'network-tool-approval-request',
      'network-tool-approval-approve',
    );
    expect(approved.toolCalls.map((c) => [c.toolName, c.status, c.output])).toEqual([
      ['deleteTool', 'output-available', { deleted: true, id: 'rec-512' }],
    ]);
    const workflow = await inspect(
      'network-workflow-suspend-request',
      'network-workflow-suspend-resume',
    );
    expect(workflow.toolCalls.map((c) => [c.toolName, c.status, c.output])).toEqual([
      ['workflow-expense', 'output-available', { paid: true, reference: 'EXP-2041' }],
    ]);
  });

  it('aborted networks: the stopped call, and the run aborted', async () => {
    const report = await inspect('network-abort-execution');
    expect(callOf(report, 'call-net-crawl-1')?.status).toBe('output-aborted');
    expect(await tree('network-abort-execution')).toContain('(desk-network) · aborted');
    expect((await inspect('network-abort-tool')).toolCalls.map((c) => c.status)).toEqual([
      'output-aborted',
    ]);
  });
});

describe('toolpane inspect --json on values deeper than JSON can be written', () => {
  it('prints the report with such a value cut, as a snapshot cuts it', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    // A real call whose result is nested 20,000 levels deep.
    const chunks = loadFixture('tool-call-then-text') as { type: string; payload: object }[];
    // Written as text: a value this deep is more than JSON.stringify can write.
    const deep = `${'{"d":'.repeat(20_000)}"leaf"${'}'.repeat(20_000)}`;
    const text = chunks
      .map((chunk) =>
        chunk.type === 'tool-result'
          ? JSON.stringify({ ...chunk, payload: { ...chunk.payload, result: 'DEEP' } }).replace(
              '"DEEP"',
              deep,
            )
          : JSON.stringify(chunk),
      )
      .join('\n');
    const dir = await mkdtemp(join(tmpdir(), 'toolpane-inspect-'));
    try {
      const file = join(dir, 'deep.jsonl');
      await writeFile(file, text);
      let out = '';
      const code = await runCli(['inspect', file, '--json'], {
        out: (t) => (out += t),
        err: () => {},
      });
      expect(code).toBe(0);
      const report = JSON.parse(out) as InspectReport;
      expect(report.toolCalls).toHaveLength(1);
      expect(out).toContain('nested deeper than');
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
