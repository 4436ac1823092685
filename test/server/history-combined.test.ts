/**
 * History from Mastra memory for agents that combine features (the composite recorders): a
 * display transform inside a subagent's tool call, a workflow tool under a display transform, a
 * transformed approval declined, approvals and suspensions still waiting at reload, and an agent
 * step inside a workflow. Each runs live against a real Mastra server whose agents have memory
 * (core's `MockMemory` over an `InMemoryStore`); the thread's messages then come back from
 * `GET /api/memory/threads/:threadId/messages`, and the state rebuilt from them (natively, and
 * through `@mastra/ai-sdk/ui`'s `toAISdkMessages`) must show what the live stream showed and
 * nothing the live stream hid.
 */
import { toAISdkMessages } from '@mastra/ai-sdk/ui';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { type SessionThread, selectPendingApprovals, type ToolpaneState } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { stateFromMastraMessages } from '@toolpane/client/history';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_TOKEN_SECRET,
  createOnboardingAgent,
  createSecurityDesk,
  MASTER_KEY_SECRET,
} from '../../scripts/record/composite.ts';
import {
  createReleaseAgent,
  createSignerAgent,
  SIGNING_KEY_SECRET,
} from '../../scripts/record/composite-agents.ts';
import {
  createBankDesk,
  createEmbassy,
  SAFE_PIN_SECRETS,
} from '../../scripts/record/composite-more.ts';
import {
  CARD_ERROR_SECRET,
  createChargeWorkflow,
  createQuoteWorkflow,
  hideCard,
  workflowAgent,
} from '../../scripts/record/composite-workflows.ts';
import {
  agentOutputsAside,
  asShown,
  type Conversation,
  conversation,
  fromMemory,
  memoryMessages,
} from '../utils/history.ts';
import { everythingShown } from '../utils/shown.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let threads = 0;
const newThread = (): SessionThread => ({
  threadId: `combined-${++threads}`,
  resourceId: 'user-1',
});

/** A server for one agent with memory; `memoryStore` outlives it when given. */
async function boot(
  make: () => Agent,
  memoryStore: InMemoryStore = new InMemoryStore(),
): Promise<{ server: TestServer; agentId: string }> {
  const agent = make();
  const agentId = agent.id;
  agent.__setMemory(new MockMemory({ storage: memoryStore }));
  const mastra = new Mastra({
    agents: { [agentId]: agent },
    storage: new InMemoryStore(),
    logger: false,
  });
  return { server: await startMastraServer(mastra), agentId };
}

/** Each top-level run's status and its calls' ids, names and statuses. */
const runsOf = (c: Conversation) =>
  c.runs.map((run) => ({
    status: run.status,
    calls: run.calls.map(({ toolCallId, toolName, status }) => ({ toolCallId, toolName, status })),
  }));

/** Every top-level call's id, name and status, whatever run it is in. */
const callsOf = (c: Conversation) => runsOf(c).flatMap((run) => run.calls);

/** Every call of a state, nested ones included: id, status and the call it runs under. */
const everyCallOf = (state: ToolpaneState) =>
  [...state.toolCalls.values()].map((c) => ({
    toolCallId: c.toolCallId,
    status: c.status,
    parentToolCallId: c.parentToolCallId,
  }));

/**
 * A subagent's inner calls: live shows them; memory keeps them only inside the `agent-*` call's
 * result (`subAgentToolResults`), with no display transform metadata, so the state rebuilt from it
 * has the top-level calls, each as live, and none of the inner ones.
 */
function innerCallChecks(get: () => Recorded) {
  const topLevel = (state: ToolpaneState) =>
    everyCallOf(state).filter((call) => call.parentToolCallId === null);
  it('live: the subagents ran inner calls', () => {
    expect(everyCallOf(get().live).length).toBeGreaterThan(topLevel(get().live).length);
  });
  it('native history: the top-level calls as live, and no inner call', () => {
    expect(everyCallOf(get().native)).toEqual(topLevel(get().live));
  });
  it.each(['v5', 'v6'] as const)(
    'AI SDK %s: the top-level calls as live, and no inner call',
    (v) => {
      expect(everyCallOf(get().ui[v])).toEqual(topLevel(get().live));
    },
  );
}

/** Where in a state a secret shows: `toolCalls.<id>.<field>`, `runs.<id>`, `issues`. */
function whereShown(state: ToolpaneState, secret: string): string[] {
  const out: string[] = [];
  for (const [id, call] of state.toolCalls) {
    const fields = {
      input: call.input,
      output: call.output,
      error: call.error,
      progress: call.progress,
      modelOutput: call.modelOutput,
      approval: call.approval?.args,
      suspension: call.suspension?.payload,
      'workflow.result': call.workflow?.result,
      'workflow.steps': call.workflow && [...call.workflow.steps.values()],
      partialInput: call.partialInput?.value,
      inputError: call.inputError,
    };
    for (const [field, value] of Object.entries(fields)) {
      if (JSON.stringify(value ?? null).includes(secret)) out.push(`toolCalls.${id}.${field}`);
    }
  }
  for (const [id, run] of state.runs) {
    if (JSON.stringify([run.parts, run.object, run.network]).includes(secret)) {
      out.push(`runs.${id}`);
    }
  }
  if (JSON.stringify(state.issues).includes(secret)) out.push('issues');
  if (out.length === 0 && everythingShown(state).includes(secret)) out.push('inspect/formatTree');
  return out;
}

interface Recorded {
  live: ToolpaneState;
  messages: unknown[];
  native: ToolpaneState;
  ui: { v5: ToolpaneState; v6: ToolpaneState };
  server: TestServer;
  agentId: string;
  thread: SessionThread;
  memoryStore: InMemoryStore;
}

/**
 * Runs `drive` live through a session on a fresh thread, then reads the thread back from memory
 * and rebuilds it natively and through the AI SDK (v5 and v6).
 */
async function record(
  make: () => Agent,
  drive: (session: ReturnType<typeof createAgentSession>) => Promise<void>,
): Promise<Recorded> {
  const memoryStore = new InMemoryStore();
  const { server, agentId } = await boot(make, memoryStore);
  const thread = newThread();
  const session = createAgentSession({ baseUrl: server.baseUrl, agentId, thread });
  await drive(session);
  const live = session.store.getState();
  const messages = await memoryMessages(server, agentId, thread);
  const native = stateFromMastraMessages(messages);
  const ui = {
    v5: stateFromUIMessages(toAISdkMessages(messages as never, { version: 'v5' } as never)),
    v6: stateFromUIMessages(toAISdkMessages(messages as never, { version: 'v6' } as never)),
  };
  return { live, messages, native, ui, server, agentId, thread, memoryStore };
}

/** What a scenario's reload shows otherwise than live, for a reason outside Toolpane. */
interface Differs {
  /** The AI SDK versions whose messages read as live did (default both). */
  readonly versions?: readonly ('v5' | 'v6')[];
  /** The tool a waiting request names after reload, when memory keeps another one. */
  readonly pendingToolName?: string;
}

/** The shared checks of one scenario: the secret never shows, and reload shows what live did. */
function checksOf(
  get: () => Recorded,
  secrets: readonly string[],
  inMemory = true,
  differs: Differs = {},
) {
  const versions = differs.versions ?? (['v5', 'v6'] as const);
  if (secrets.length > 0) {
    // Whether the thread's messages hold the secret at all: where they do not, the checks below
    // hold whatever Toolpane does.
    it(`memory: ${inMemory ? 'holds' : 'does not hold'} the secret`, () => {
      const wire = JSON.stringify(get().messages);
      for (const secret of secrets) expect(wire.includes(secret)).toBe(inMemory);
    });
    it('live: shows no secret (baseline)', () => {
      for (const secret of secrets) expect(whereShown(get().live, secret)).toEqual([]);
    });
    it('native history: shows no secret', () => {
      for (const secret of secrets) expect(whereShown(get().native, secret)).toEqual([]);
    });
    it.each(['v5', 'v6'] as const)('AI SDK %s messages: show no secret', (version) => {
      for (const secret of secrets) expect(whereShown(get().ui[version], secret)).toEqual([]);
    });
  }
  const expected = () => {
    const live = fromMemory(conversation(get().live));
    const { pendingToolName } = differs;
    if (pendingToolName === undefined) return live;
    return { ...live, pending: live.pending.map((p) => ({ ...p, toolName: pendingToolName })) };
  };
  it('native history: the same calls with the same statuses', () => {
    expect(callsOf(conversation(get().native))).toEqual(callsOf(expected()));
    expect(get().native.issues).toEqual([]);
  });
  it.each(versions)('AI SDK %s: the same calls with the same statuses', (version) => {
    expect(callsOf(conversation(get().ui[version]))).toEqual(callsOf(expected()));
  });
  it('native history: the same runs, holding the same calls', () => {
    expect(runsOf(conversation(get().native))).toEqual(runsOf(expected()));
  });
  it.each(versions)('AI SDK %s: the same runs, holding the same calls', (version) => {
    expect(runsOf(conversation(get().ui[version]))).toEqual(runsOf(expected()));
  });
  it('native history: the conversation as live showed it', () => {
    expect(agentOutputsAside(conversation(get().native))).toEqual(agentOutputsAside(expected()));
  });
  it.each(versions)('AI SDK %s: the conversation as live showed it', (version) => {
    expect(agentOutputsAside(conversation(get().ui[version]))).toEqual(
      agentOutputsAside(asShown(expected())),
    );
  });
}

/** One scenario's describe block: records once, closes its server after. */
function scenario(
  name: string,
  make: () => Agent,
  drive: (session: ReturnType<typeof createAgentSession>) => Promise<void>,
  body: (get: () => Recorded) => void,
) {
  describe(name, () => {
    let recorded: Recorded | undefined;
    beforeAll(async () => {
      recorded = await record(make, drive);
    }, 30_000);
    afterAll(async () => {
      await recorded?.server.close();
    });
    body(() => {
      if (recorded === undefined) throw new Error('not recorded');
      return recorded;
    });
  });
}

/** Sends `prompt`; the conversation then has `status` (`idle` once it ended, `waiting` for a person). */
const sent =
  (prompt: string, status: string) => async (s: ReturnType<typeof createAgentSession>) => {
    expect((await s.send(prompt)).status).toBe('done');
    expect(s.getStatus()).toBe(status);
  };

const checkoutDesk = () =>
  workflowAgent(
    'checkout-desk-agent',
    'charge',
    createChargeWorkflow(),
    { id: 'call-charge-wf-1', inputData: { cart: 'cart-881', card: CARD_ERROR_SECRET } },
    'The card was declined.',
    { transformToolPayload: hideCard, targets: ['display'] },
  );
const quoteDesk = () =>
  workflowAgent(
    'quote-desk-agent',
    'quote',
    createQuoteWorkflow(),
    { id: 'call-quote-wf-1', inputData: { cart: 'cart-882', card: CARD_ERROR_SECRET } },
    'The cart costs 89 EUR.',
    { transformToolPayload: hideCard, targets: ['display'] },
    false,
  );

/** A workflow call's status, error and workflow status. */
const workflowOf = (state: ToolpaneState, id: string) => {
  const call = state.toolCalls.get(id);
  return {
    status: call?.status,
    error: call?.error,
    workflowStatus: call?.workflow?.status,
  };
};

describe('history of combined features from Mastra memory', () => {
  // 1. A display transform hiding a value inside a subagent's inner tool call.
  scenario(
    'subagent-parallel-hidden: agent-locksmith ×2 → openSafeTool hides the pin',
    createBankDesk,
    sent('Open safes S-1 and S-2.', 'idle'),
    (get) => {
      checksOf(get, SAFE_PIN_SECRETS);
      innerCallChecks(get);
      it('live: both locksmith calls and both inner calls ran', () => {
        const { live } = get();
        for (const id of ['call-locksmith-1', 'call-locksmith-2', 'call-open-1', 'call-open-2']) {
          expect(live.toolCalls.get(id)?.status).toBe('output-available');
        }
      });
    },
  );

  scenario(
    'subagent-error-echoed: agent-keysmith → rotateKeyTool hides the master key its error quotes',
    createSecurityDesk,
    sent('Rotate the vault-9 key.', 'idle'),
    (get) => {
      checksOf(get, [MASTER_KEY_SECRET], false);
      innerCallChecks(get);
      it('live: the inner call failed and the outer call ended', () => {
        const { live } = get();
        expect(live.toolCalls.get('call-rotate-1')?.status).toBe('output-error');
        expect(live.toolCalls.get('call-keysmith-1')?.status).toBe('output-available');
      });
    },
  );

  // 2. A workflow tool under a display transform.
  scenario(
    'workflow-error-hidden: the checkout desk’s workflow fails quoting the card',
    checkoutDesk,
    sent('Pay for cart-881.', 'idle'),
    (get) => {
      checksOf(get, [CARD_ERROR_SECRET]);
      it('native history: the workflow’s status and error match live', () => {
        const { live, native } = get();
        expect(workflowOf(native, 'call-charge-wf-1')).toEqual(
          workflowOf(live, 'call-charge-wf-1'),
        );
      });
      it.each(['v5', 'v6'] as const)(
        'AI SDK %s: the workflow’s status and error match live',
        (version) => {
          const { live, ui } = get();
          expect(workflowOf(ui[version], 'call-charge-wf-1')).toEqual(
            asShown(workflowOf(live, 'call-charge-wf-1')),
          );
        },
      );
    },
  );

  scenario(
    'workflow-hidden-whole-input: the quote desk’s input is not streamed',
    quoteDesk,
    sent('Price cart-882.', 'idle'),
    (get) => {
      checksOf(get, [CARD_ERROR_SECRET]);
      it('native history: the workflow’s status and error match live', () => {
        const { live, native } = get();
        expect(workflowOf(native, 'call-quote-wf-1')).toEqual(workflowOf(live, 'call-quote-wf-1'));
      });
      it.each(['v5', 'v6'] as const)(
        'AI SDK %s: the workflow’s status and error match live',
        (version) => {
          const { live, ui } = get();
          expect(workflowOf(ui[version], 'call-quote-wf-1')).toEqual(
            asShown(workflowOf(live, 'call-quote-wf-1')),
          );
        },
      );
    },
  );

  // 3. A transformed approval declined.
  scenario(
    'transform-approval-decline: signBuildTool hides the signing key, declined',
    createSignerAgent,
    async (session) => {
      await sent('Sign build 7781.', 'waiting')(session);
      const declined = await session.decline(
        'call-sign-decline-1',
        'Release manager is away; do not sign today',
      );
      expect(declined.status).toBe('done');
      expect(session.getStatus()).toBe('idle');
    },
    (get) => {
      // Mastra's v5 messages give the denial as an output: the reason, `output-available`.
      checksOf(get, [SIGNING_KEY_SECRET], true, { versions: ['v6'] });
      const masked = { build: 'build-7781', signingKey: '••••' };
      it('AI SDK v5: the denial as Mastra converts it, an output, and the masked input', () => {
        const call = get().ui.v5.toolCalls.get('call-sign-decline-1');
        expect(call?.status).toBe('output-available');
        expect(call?.output).toEqual({
          kind: 'raw',
          value: 'Release manager is away; do not sign today',
        });
        expect(call?.input).toMatchObject({ value: masked });
      });
      it('live: the call is output-denied with the masked input', () => {
        const call = get().live.toolCalls.get('call-sign-decline-1');
        expect(call?.status).toBe('output-denied');
        expect(call?.input).toMatchObject({ value: masked });
      });
      it('native history: the call is output-denied with the masked input', () => {
        const call = get().native.toolCalls.get('call-sign-decline-1');
        expect(call?.status).toBe('output-denied');
        expect(call?.input).toMatchObject({ value: masked });
      });
      it.each(['v6'] as const)(
        'AI SDK %s: the call is output-denied with the masked input',
        (version) => {
          const call = get().ui[version].toolCalls.get('call-sign-decline-1');
          expect(call?.status).toBe('output-denied');
          expect(call?.input).toMatchObject({ value: masked });
        },
      );
    },
  );

  // 4. Decisions still waiting at reload.
  /** The requests that wait: what a session answers (kind and target). */
  const requestsOf = (state: ToolpaneState) =>
    selectPendingApprovals(state).map((p) => ({ kind: p.kind, resumeWith: p.resumeWith }));
  /** The calls the requests that wait are shown on, and the tool each names. */
  const askersOf = (state: ToolpaneState) =>
    selectPendingApprovals(state).map((p) => ({ toolCallId: p.toolCallId, toolName: p.toolName }));

  /** What a waiting call shows of its request. */
  const askedOf = (state: ToolpaneState) =>
    selectPendingApprovals(state).map(({ call }) => ({
      approval: call.approval && { args: call.approval.args, target: call.approval.target },
      suspension: call.suspension && {
        payload: call.suspension.payload,
        target: call.suspension.target,
        resumeSchema: call.suspension.resumeSchema,
      },
    }));

  function pendingChecks(
    get: () => Recorded,
    answer: (
      session: ReturnType<typeof createAgentSession>,
      toolCallId: string,
    ) => Promise<{ status: string }>,
    topCallId: string,
    finalText: string,
    restoredAsker?: { toolCallId: string; toolName: string },
  ) {
    // Memory keeps a suspension raised inside subagents on the top-level call only, with its name.
    const askers = () => (restoredAsker === undefined ? askersOf(get().live) : [restoredAsker]);
    it('native history: lists the same request (kind, target)', () => {
      expect(requestsOf(get().native)).toEqual(requestsOf(get().live));
    });
    it.each(['v5', 'v6'] as const)('AI SDK %s: lists the same request (kind, target)', (v) => {
      expect(requestsOf(get().ui[v])).toEqual(requestsOf(get().live));
    });
    it('native history: the request is on the call memory names', () => {
      expect(askersOf(get().native)).toEqual(askers());
    });
    it.each(['v5', 'v6'] as const)('AI SDK %s: the request is on the call memory names', (v) => {
      expect(askersOf(get().ui[v])).toEqual(askers());
    });
    it('native history: the request shows the same arguments or payload', () => {
      // A request raised inside a subagent comes from memory with the inner tool's values and
      // nothing that tells whether its display transform hides them: they show hidden.
      const hidden = { kind: 'hidden', reason: 'suppressed' };
      const expected = askedOf(get().live).map((asked) =>
        restoredAsker === undefined
          ? asked
          : {
              approval: asked.approval && { ...asked.approval, args: hidden },
              suspension: asked.suspension && { ...asked.suspension, payload: hidden },
            },
      );
      expect(askedOf(get().native)).toEqual(expected);
    });
    it('a session restored from the thread answers it and the conversation completes', async () => {
      const { server, agentId, thread, live } = get();
      const session = createAgentSession({ baseUrl: server.baseUrl, agentId, thread });
      await vi.waitFor(() => expect(session.store.getState().runOrder).not.toHaveLength(0));
      const restored = session.store.getState();
      expect(requestsOf(restored)).toEqual(requestsOf(live));
      expect(session.getStatus()).toBe('waiting');
      const [pending] = selectPendingApprovals(restored);
      expect((await answer(session, pending!.toolCallId)).status).toBe('done');
      const after = session.store.getState();
      expect(session.getStatus()).toBe('idle');
      expect(after.toolCalls.get(topCallId)?.status).toBe('output-available');
      expect(selectPendingApprovals(after)).toEqual([]);
      expect(after.runs.get(after.runOrder.at(-1)!)?.status).toBe('finished');
      const reloaded = stateFromMastraMessages(await memoryMessages(server, agentId, thread));
      expect(reloaded.toolCalls.get(topCallId)?.status).toBe('output-available');
      expect(selectPendingApprovals(reloaded)).toEqual([]);
      expect(conversation(reloaded).runs.at(-1)?.text).toBe(finalText);
    });
  }

  scenario(
    'approval-chain: the second approval waits at reload',
    createReleaseAgent,
    async (session) => {
      await sent('Freeze release/4.2 and publish 4.2.0.', 'waiting')(session);
      expect((await session.approve('call-freeze-chain-1')).status).toBe('done');
      expect(session.getStatus()).toBe('waiting');
    },
    (get) => {
      checksOf(get, []);
      it('live: the publish call waits', () => {
        expect(askersOf(get().live)).toEqual([
          { toolCallId: 'call-publish-chain-1', toolName: 'publishReleaseTool' },
        ]);
      });
      pendingChecks(
        get,
        (session, id) => session.approve(id),
        'call-publish-chain-1',
        'Branch frozen and 4.2.0 published.',
      );
    },
  );

  scenario(
    'deep-subagent-suspend: stampVisaTool two subagents down waits at reload',
    createEmbassy,
    sent('Get P-88231 a visa.', 'waiting'),
    (get) => {
      checksOf(get, [], true, { pendingToolName: 'agent-consulate' });
      it('live: the stamp waits, answered through the top-level call', () => {
        expect(askersOf(get().live)).toEqual([
          { toolCallId: 'call-stamp-1', toolName: 'stampVisaTool' },
        ]);
        expect(requestsOf(get().live)).toMatchObject([
          { kind: 'suspension', resumeWith: { toolCallId: 'call-consulate-1' } },
        ]);
      });
      pendingChecks(
        get,
        (session, id) => session.resume(id, { granted: true, days: 90 }),
        'call-consulate-1',
        'P-88231 has its visa.',
        { toolCallId: 'call-consulate-1', toolName: 'agent-consulate' },
      );
    },
  );

  // 5. An agent step inside a workflow, whose tool hides the admin token.
  scenario(
    'workflow-agent-step: provision-agent as a step, grantAccessTool hides the admin token',
    createOnboardingAgent,
    sent('Onboard E-311.', 'idle'),
    (get) => {
      checksOf(get, [ADMIN_TOKEN_SECRET], false);
      it('live: the workflow succeeded', () => {
        expect(workflowOf(get().live, 'call-onboard-1')).toMatchObject({
          status: 'output-available',
          workflowStatus: 'success',
        });
      });
      it('native history: the workflow’s status and error match live', () => {
        const { live, native } = get();
        expect(workflowOf(native, 'call-onboard-1')).toEqual(workflowOf(live, 'call-onboard-1'));
      });
      it.each(['v5', 'v6'] as const)(
        'AI SDK %s: the workflow’s status and error match live',
        (version) => {
          const { live, ui } = get();
          expect(workflowOf(ui[version], 'call-onboard-1')).toEqual(
            asShown(workflowOf(live, 'call-onboard-1')),
          );
        },
      );
    },
  );
});
