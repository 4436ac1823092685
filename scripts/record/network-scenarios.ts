/**
 * Agent network scenarios of `pnpm record` beyond ./coverage.ts: a suspension inside the chosen
 * agent and its resume, a tool execution that needs approval (approved and declined), a tool
 * execution and a workflow execution that suspend, and runs aborted while an agent executes and
 * while the router decides.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createCleanupNetwork, createPlannerNetwork } from './network-agents.ts';
import { createDeskNetwork } from './network-desk.ts';
import { at, type Chunk, collect, type Scenario } from './recording.ts';

const mastra = new Mastra({
  agents: {
    desk: createDeskNetwork(),
    planner: createPlannerNetwork(),
    cleanup: createCleanupNetwork(),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const desk = (): Agent => mastra.getAgent('desk');

let threads = 0;
/** A memory thread of its own for each network run (a network needs memory). */
const memory = () => {
  threads += 1;
  return { thread: `thread-desk-${threads}`, resource: 'user-1' };
};

/** Starts a network run on `task` and reads it to its end (a request for a person ends it). */
async function start(task: string) {
  const mem = memory();
  const out = await desk().network(task, { memory: mem, maxSteps: 3 });
  return { runId: out.runId, memory: mem, chunks: await collect(out) };
}

/** Whether some chunk, or the chunk an execution event wraps, has this type. */
const hasType = (chunks: Chunk[], type: string) =>
  chunks.some((c) => c.type === type || at(c, 'payload', 'type') === type);

/** Aborts a network run `delayMs` after the first chunk that `when` matches. */
async function abortWhen(task: string, when: (chunk: Chunk) => boolean, delayMs: number) {
  const controller = new AbortController();
  const out = await desk().network(task, {
    memory: memory(),
    maxSteps: 3,
    abortSignal: controller.signal,
  });
  let armed = false;
  return collect(out, (chunk) => {
    if (armed || !when(chunk)) return;
    armed = true;
    setTimeout(() => controller.abort(), delayMs);
  });
}

/** The network scenarios, by name (`pnpm record <name>`). */
export const networkScenarios: Record<string, Scenario> = {
  async networkSuspend() {
    const first = await start('[booker] Book a table at Da Enzo.');
    const resumed = await desk().resumeNetwork(
      { confirmed: true, note: 'Window seat' },
      { runId: first.runId, memory: first.memory },
    );
    return [
      {
        file: 'network-suspend-request.jsonl',
        chunks: first.chunks,
        expect: ['agent-execution-event-tool-call-suspended', 'agent-execution-suspended'],
      },
      {
        file: 'network-suspend-resume.jsonl',
        chunks: await collect(resumed),
        expect: ['agent-execution-event-tool-result', 'network-execution-event-finish'],
      },
    ];
  },

  async networkToolApproval() {
    const approved = await start('[delete] Delete record rec-512.');
    const approve = await desk().approveNetworkToolCall({
      runId: approved.runId,
      memory: approved.memory,
    });
    const declined = await start('[delete] Delete record rec-512.');
    const decline = await desk().declineNetworkToolCall({
      runId: declined.runId,
      memory: declined.memory,
      reason: 'Keep it for the audit',
    });
    return [
      {
        file: 'network-tool-approval-request.jsonl',
        chunks: approved.chunks,
        expect: ['tool-execution-start', 'tool-execution-approval'],
      },
      {
        file: 'network-tool-approval-approve.jsonl',
        chunks: await collect(approve),
        expect: ['tool-execution-end', 'network-execution-event-finish'],
      },
      {
        file: 'network-tool-approval-decline-request.jsonl',
        chunks: declined.chunks,
        expect: ['tool-execution-approval'],
      },
      {
        file: 'network-tool-approval-decline.jsonl',
        chunks: await collect(decline),
        expect: ['network-execution-event-finish'],
      },
    ];
  },

  async networkToolSuspend() {
    const first = await start('[book] Book a table at Da Enzo.');
    const resumed = await desk().resumeNetwork(
      { confirmed: true },
      { runId: first.runId, memory: first.memory },
    );
    return [
      {
        file: 'network-tool-suspend-request.jsonl',
        chunks: first.chunks,
        expect: ['tool-execution-suspended'],
      },
      {
        file: 'network-tool-suspend-resume.jsonl',
        chunks: await collect(resumed),
        expect: ['tool-execution-end', 'network-execution-event-finish'],
      },
    ];
  },

  async networkWorkflowSuspend() {
    const first = await start('[expense] File the train tickets.');
    const resumed = await desk().resumeNetwork(
      { approved: true },
      { runId: first.runId, memory: first.memory },
    );
    return [
      {
        file: 'network-workflow-suspend-request.jsonl',
        chunks: first.chunks,
        expect: ['workflow-execution-suspended'],
      },
      {
        file: 'network-workflow-suspend-resume.jsonl',
        chunks: await collect(resumed),
        expect: ['workflow-execution-end', 'network-execution-event-finish'],
      },
    ];
  },

  async networkAbort() {
    const during = await abortWhen(
      '[crawl] Crawl example.com.',
      (chunk) =>
        chunk.type === 'agent-execution-event-tool-call' &&
        at(chunk, 'payload', 'payload', 'toolCallId') === 'call-net-crawl-1',
      50,
    );
    const routing = await abortWhen(
      '[slow-route] [crawl] Crawl example.com.',
      (chunk) => chunk.type === 'routing-agent-start',
      50,
    );
    const ignored = await abortWhen(
      '[archive] Export my mailbox.',
      (chunk) =>
        chunk.type === 'agent-execution-event-tool-call' &&
        at(chunk, 'payload', 'payload', 'toolCallId') === 'call-net-archive-1',
      50,
    );
    const tool = await abortWhen(
      '[export] Export my mailbox.',
      (chunk) => chunk.type === 'tool-execution-start',
      50,
    );
    const aborted = (type: string) => (chunks: Chunk[]) =>
      hasType(chunks, type) ? [] : [`no ${type}`];
    return [
      {
        // The crawler's tool honours the signal: its run ends with reason tool-calls, then the
        // router's next step is aborted.
        file: 'network-abort-execution.jsonl',
        chunks: during,
        expect: ['agent-execution-start', 'agent-execution-end'],
        check: aborted('routing-agent-abort'),
      },
      {
        file: 'network-abort-routing.jsonl',
        chunks: routing,
        expect: ['routing-agent-start'],
        check: aborted('routing-agent-abort'),
      },
      {
        // The archivist's tool ignores the signal: its run has an `abort` chunk.
        file: 'network-abort-agent.jsonl',
        chunks: ignored,
        expect: ['agent-execution-start'],
        check: aborted('agent-execution-abort'),
      },
      {
        file: 'network-abort-tool.jsonl',
        chunks: tool,
        expect: ['tool-execution-start'],
        check: aborted('tool-execution-abort'),
      },
    ];
  },

  async aisdkNetwork() {
    // What `networkRoute` streams: `toAISdkStream(network, { from: 'network' })`.
    const ui = (out: unknown) =>
      toAISdkStream(out as never, { from: 'network', version: 'v6' }) as unknown as ReadableStream;
    const planned = await mastra
      .getAgent('planner')
      .network('Weather in Rome, a trip report, and Milan.', { memory: memory(), maxSteps: 6 });
    const cleanupMemory = memory();
    const cleanup = await mastra
      .getAgent('cleanup')
      .network('Delete record rec-314.', { memory: cleanupMemory, maxSteps: 4 });
    const request = await collect(ui(cleanup));
    // The continuation a `networkRoute` app streams once the ops agent's call is approved.
    const approved = await mastra
      .getAgent('cleanup')
      .approveNetworkToolCall({ runId: cleanup.runId, memory: cleanupMemory });
    return [
      {
        file: 'aisdk-network.jsonl',
        chunks: await collect(ui(planned)),
        expect: ['start', 'data-network', 'text-delta', 'finish'],
      },
      {
        file: 'aisdk-network-approval-request.jsonl',
        chunks: request,
        expect: ['data-network'],
      },
      {
        file: 'aisdk-network-approval-approve.jsonl',
        chunks: await collect(ui(approved)),
        expect: ['start', 'finish'],
      },
    ];
  },
};
