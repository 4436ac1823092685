/**
 * A third set of `pnpm record` scenarios that combine features: two tools needing approval in one
 * step, one approved and one declined; a supervisor whose two subagents, called in one step, wait
 * for a person in two ways (an approval and a suspension); a tool whose progress and result quote
 * a value the agent's display policy hides; a background task whose tool throws; and a subagent
 * whose display policy hides an argument of a whole (not streamed) tool input.
 * Real @mastra/core agents on scripted mock models; every toolCallId is unique across
 * `pnpm record`.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool, type ToolPayloadTransformContext } from '@mastra/core/tools';
import { oneCallAgent } from './coverage-agents.ts';
import { reactiveModel, scriptedModel, step, text, toolCall } from './models.ts';
import {
  at,
  type Chunk,
  collect,
  continuation,
  displayOf,
  endsAwaiting,
  nested,
  ofType,
  problem,
  type Scenario,
} from './recording.ts';
import { bool, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The token the rotation tool reports in its progress and result; the display policy hides it. */
export const ROTATED_TOKEN_SECRET = 'tok-progress-hidden-secret-5521';
/** The passphrase the keyring subagent passes whole to its tool; its display policy hides it. */
export const KEYRING_PASSPHRASE_SECRET = 'pp-subagent-whole-secret-8804';
/** The reason the second parallel call is declined with. */
const DECLINE_REASON = 'Keep the audit log for the inspection';
/** What the background crawler throws. */
const CRAWL_ERROR = 'Crawler blocked by robots.txt at docs.acme.test';

/** Chunks of one toolCallId, of one type, at the top level. */
const callChunks = (chunks: Chunk[], type: string, id: string) =>
  ofType(chunks, type).filter((c) => at(c, 'payload', 'toolCallId') === id);

/** Whether `secret` rides somewhere in the recording (what must stay hidden). */
const carries = (secret: string) => (chunks: Chunk[]) =>
  problem(JSON.stringify(chunks).includes(secret), `${secret} is not in the stream`);

/** Replaces `secret` anywhere in a value (keys named `key`, and inside strings). */
function mask(value: unknown, secret: string, key: string, shown: string): unknown {
  if (typeof value === 'string') return value.split(secret).join(shown);
  if (Array.isArray(value)) return value.map((v) => mask(v, secret, key, shown));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === key ? shown : mask(v, secret, key, shown)]),
    );
  }
  return value;
}

/** A display policy masking `secret` in a tool's input, output and error. */
const hiding =
  (secret: string, key: string, shown: string) => (ctx: ToolPayloadTransformContext) => {
    if (ctx.phase === 'input-available') return mask(ctx.input, secret, key, shown);
    if (ctx.phase === 'output-available') return mask(ctx.output, secret, key, shown);
    if (ctx.phase === 'error') return mask(ctx.error, secret, key, shown);
    return undefined;
  };

// ---------------------------------------------------------------------------------------------
// 1. Two tools needing approval in one step: janitor agent → revokeKeyTool (call-pad-revoke-a)
// and wipeLogTool (call-pad-wipe-b); A approved, B declined with a reason.

const revokeKeyTool = createTool({
  id: 'revoke-key',
  description: 'Revoke an API key. Needs approval.',
  inputSchema: objectSchema<{ keyId: string }>({ keyId: str }, ['keyId']),
  requireApproval: true,
  execute: async ({ keyId }) => ({ revoked: true, keyId }),
});

const wipeLogTool = createTool({
  id: 'wipe-log',
  description: 'Wipe an audit log. Needs approval.',
  inputSchema: objectSchema<{ log: string }>({ log: str }, ['log']),
  requireApproval: true,
  execute: async ({ log }) => ({ wiped: true, log }),
});

function createJanitorAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'janitor-pad-agent',
    name: 'janitor-pad-agent',
    tools: { revokeKeyTool, wipeLogTool },
    model: reactiveModel(
      ({ stepIndex }) =>
        stepIndex === 0
          ? step([
              ...toolCall({
                id: 'call-pad-revoke-a',
                name: 'revokeKeyTool',
                input: { keyId: 'key-771' },
              }),
              ...toolCall({
                id: 'call-pad-wipe-b',
                name: 'wipeLogTool',
                input: { log: 'audit-q3' },
              }),
            ])
          : step(text('txt-janitor-pad-1', 'Key key-771 is revoked; audit-q3 was kept.')),
      { modelId: 'janitor-pad-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 2. Two subagents in one step, one needing approval, one suspending: facilities supervisor →
// agent-locks (call-mixreq-locks-1 → lockDoorTool call-mixreq-lock-1, requireApproval) and
// agent-rooms (call-mixreq-rooms-1 → reserveRoomTool call-mixreq-room-1, suspends).

const lockDoorTool = createTool({
  id: 'lock-door',
  description: 'Lock a door remotely. Needs approval.',
  inputSchema: objectSchema<{ door: string }>({ door: str }, ['door']),
  requireApproval: true,
  execute: async ({ door }) => ({ locked: true, door }),
});

const reserveRoomTool = createTool({
  id: 'reserve-room',
  description: 'Reserve a meeting room. Asks the organiser to confirm first.',
  inputSchema: objectSchema<{ room: string }>({ room: str }, ['room']),
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ confirmed: boolean }>({ confirmed: bool }, ['confirmed']),
  execute: async ({ room }, context) => {
    const resumeData = (context.agent?.resumeData ?? context.resumeData) as
      | { confirmed: boolean }
      | undefined;
    const suspend = context.agent?.suspend ?? context.suspend;
    if (!resumeData) {
      await suspend?.({ question: `Reserve ${room} for tomorrow 10:00?` });
      return undefined;
    }
    return { room, reserved: resumeData.confirmed };
  },
});

function createFacilitiesAgent() {
  const locks = oneCallAgent(
    'locks-mixreq-agent',
    'Locks doors (with approval).',
    { id: 'call-mixreq-lock-1', name: 'lockDoorTool', input: { door: 'server-room' } },
    'The server room door is locked.',
    { lockDoorTool },
  );
  const rooms = oneCallAgent(
    'rooms-mixreq-agent',
    'Reserves meeting rooms (asks to confirm).',
    { id: 'call-mixreq-room-1', name: 'reserveRoomTool', input: { room: 'Ada' } },
    'Room Ada is reserved.',
    { reserveRoomTool },
  );
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'facilities-mixreq-agent',
    name: 'facilities-mixreq-agent',
    agents: { locks, rooms },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-mixreq-locks-1',
            name: 'agent-locks',
            input: { prompt: 'Lock the server room.' },
          }),
          ...toolCall({
            id: 'call-mixreq-rooms-1',
            name: 'agent-rooms',
            input: { prompt: 'Reserve room Ada.' },
          }),
        ]),
        step(text('txt-facilities-mixreq-1', 'The server room is locked and Ada is reserved.')),
      ],
      { modelId: 'facilities-mixreq-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 3. Progress and a result quoting a hidden value: keymaster agent → rotateTokenTool
// (call-rotate-hidden-1, input not streamed), display policy masking the token.

const rotateTokenTool = createTool({
  id: 'rotate-token',
  description: 'Rotate the API token of a service.',
  inputSchema: objectSchema<{ service: string }>({ service: str }, ['service']),
  execute: async ({ service }, context) => {
    await context.writer?.write({ stage: 'revoking old token', service });
    await context.writer?.write({ stage: 'issued', service, token: ROTATED_TOKEN_SECRET });
    return {
      service,
      token: ROTATED_TOKEN_SECRET,
      note: `New token ${ROTATED_TOKEN_SECRET} is live for ${service}.`,
    };
  },
});

function createKeymasterAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'keymaster-hidden-agent',
    name: 'keymaster-hidden-agent',
    tools: { rotateTokenTool },
    transform: {
      transformToolPayload: hiding(ROTATED_TOKEN_SECRET, 'token', '•••• 5521'),
      targets: ['display'],
    },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-rotate-hidden-1',
            name: 'rotateTokenTool',
            input: { service: 'billing' },
            stream: false,
          }),
        ),
        step(text('txt-keymaster-hidden-1', 'The billing token was rotated.')),
      ],
      { modelId: 'keymaster-hidden-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 4. A background task whose tool throws: crawler agent → crawlSiteTool (call-crawl-bg-1,
// `background: { enabled: true }`).

const crawlSiteTool = createTool({
  id: 'crawl-site',
  description: 'Crawl a documentation site. Slow, so it runs in the background.',
  inputSchema: objectSchema<{ site: string }>({ site: str }, ['site']),
  background: { enabled: true },
  execute: async ({ site }, context) => {
    await context.writer?.write({ site, phase: 'fetching sitemap', percent: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    throw new Error(CRAWL_ERROR);
  },
});

function createCrawlerAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'crawler-bg-agent',
    name: 'crawler-bg-agent',
    tools: { crawlSiteTool },
    memory: new MockMemory(),
    model: reactiveModel(
      ({ stepIndex, prompt }) => {
        // The continuation turn sees the failed task in place of the placeholder.
        if (JSON.stringify(prompt).includes('robots.txt')) {
          return step(text('txt-crawler-bg-2', 'The crawl of docs.acme.test failed: robots.txt.'));
        }
        if (stepIndex === 0) {
          return step(
            toolCall({
              id: 'call-crawl-bg-1',
              name: 'crawlSiteTool',
              input: { site: 'docs.acme.test' },
            }),
          );
        }
        return step(text('txt-crawler-bg-1', "I'm crawling docs.acme.test in the background."));
      },
      { modelId: 'crawler-bg-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 5. A subagent whose display policy hides an argument of a whole tool input: keyring desk →
// agent-keyring (call-keyring-whole-1) → unlockKeyringTool (call-unlock-whole-1, not streamed).

const unlockKeyringTool = createTool({
  id: 'unlock-keyring',
  description: 'Unlock a keyring with its passphrase.',
  inputSchema: objectSchema<{ keyring: string; passphrase: string }>(
    { keyring: str, passphrase: str },
    ['keyring', 'passphrase'],
  ),
  execute: async ({ keyring }) => ({ keyring, unlocked: true }),
});

function createKeyringDesk() {
  const keyring = new Agent({
    instructions: INSTRUCTIONS,
    id: 'keyring-whole-agent',
    name: 'keyring-whole-agent',
    description: 'Unlocks keyrings.',
    tools: { unlockKeyringTool },
    transform: {
      transformToolPayload: hiding(KEYRING_PASSPHRASE_SECRET, 'passphrase', '••••'),
      targets: ['display'],
    },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-unlock-whole-1',
            name: 'unlockKeyringTool',
            input: { keyring: 'ops', passphrase: KEYRING_PASSPHRASE_SECRET },
            stream: false,
          }),
        ),
        step(text('txt-keyring-whole-1', 'Keyring ops is unlocked.')),
      ],
      { modelId: 'keyring-whole-mock' },
    ),
  });
  return oneCallAgent(
    'keyring-desk-agent',
    'Handles keyrings.',
    {
      id: 'call-keyring-whole-1',
      name: 'agent-keyring',
      input: { prompt: 'Unlock keyring ops.' },
    },
    'The ops keyring is open.',
    {},
    { keyring },
  );
}

// ---------------------------------------------------------------------------------------------

const mastra = new Mastra({
  agents: {
    janitor: createJanitorAgent(),
    facilities: createFacilitiesAgent(),
    keymaster: createKeymasterAgent(),
    crawler: createCrawlerAgent(),
    keyringDesk: createKeyringDesk(),
  },
  storage: new InMemoryStore(),
  backgroundTasks: { enabled: true },
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'janitor');

/** The third set of combined scenarios, by name (`pnpm record <name>` runs one). */
export const compositeThirdScenarios: Record<string, Scenario> = {
  async parallelApproveDecline() {
    const janitor = agent('janitor');
    const first = await janitor.stream('Revoke key-771 and wipe audit-q3.');
    const request = await collect(first.fullStream);
    const a = await janitor.approveToolCall({
      runId: first.runId,
      toolCallId: 'call-pad-revoke-a',
    });
    const afterA = await collect(a.fullStream);
    const b = await janitor.declineToolCall({
      runId: first.runId,
      toolCallId: 'call-pad-wipe-b',
      reason: DECLINE_REASON,
    });
    return [
      {
        file: 'parallel-approve-decline-request.jsonl',
        chunks: request,
        expect: ['tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(ofType(chunks, 'tool-call').length === 2, 'has not two tool calls'),
          ...problem(
            ofType(chunks, 'tool-call-approval').length === 1 &&
              callChunks(chunks, 'tool-call-approval', 'call-pad-revoke-a').length === 1,
            'does not ask for call-pad-revoke-a alone',
          ),
        ],
      },
      {
        file: 'parallel-approve-decline-approve-first.jsonl',
        chunks: afterA,
        expect: ['tool-call-approval'],
        check: (chunks) => [
          ...problem(
            chunks.length === 1 &&
              callChunks(chunks, 'tool-call-approval', 'call-pad-wipe-b').length === 1,
            'is not one tool-call-approval for call-pad-wipe-b',
          ),
          ...problem(chunks[0]?.runId === first.runId, 'another runId'),
        ],
      },
      {
        file: 'parallel-approve-decline-decline-second.jsonl',
        chunks: await collect(b.fullStream),
        expect: ['tool-result', 'tool-output-denied', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            at(callChunks(chunks, 'tool-result', 'call-pad-revoke-a')[0], 'payload', 'result') !==
              undefined,
            'no result for call-pad-revoke-a',
          ),
          ...problem(
            at(
              callChunks(chunks, 'tool-output-denied', 'call-pad-wipe-b')[0],
              'payload',
              'approval',
              'reason',
            ) === DECLINE_REASON,
            'call-pad-wipe-b not denied with the reason',
          ),
          ...problem(
            callChunks(chunks, 'tool-result', 'call-pad-wipe-b').length === 0,
            'call-pad-wipe-b has a result',
          ),
        ],
      },
    ];
  },

  async subagentsMixedRequests() {
    const facilities = agent('facilities');
    const prompt = 'Lock the server room and reserve room Ada.';
    // Approve the subagent that asked for approval first, then resume the one that suspended.
    const first = await facilities.stream(prompt);
    const request = await collect(first.fullStream);
    const locks = { runId: first.runId, toolCallId: 'call-mixreq-locks-1' };
    const rooms = { runId: first.runId, toolCallId: 'call-mixreq-rooms-1' };
    const approveFirst = await collect((await facilities.approveToolCall(locks)).fullStream);
    const resumeSecond = await collect(
      (await facilities.resumeStream({ confirmed: true }, rooms)).fullStream,
    );
    // Once the run has finished, Mastra refuses another decision for it (it throws).
    const refused = await facilities.approveToolCall(locks).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    // The other order, in a run of its own: resume first, then approve.
    const other = await facilities.stream(prompt);
    const reversed = await collect(other.fullStream);
    const resumeFirst = await collect(
      (
        await facilities.resumeStream(
          { confirmed: true },
          { runId: other.runId, toolCallId: 'call-mixreq-rooms-1' },
        )
      ).fullStream,
    );
    const approveSecond = await collect(
      (await facilities.approveToolCall({ runId: other.runId, toolCallId: 'call-mixreq-locks-1' }))
        .fullStream,
    );
    /** Both requests, each nested and at the top level naming the outer call. */
    const bothRequests = (chunks: Chunk[]) => [
      ...endsAwaiting('tool-call-suspended')(chunks),
      ...problem(
        callChunks(chunks, 'tool-call-approval', 'call-mixreq-locks-1').length === 1,
        'no top-level approval for call-mixreq-locks-1',
      ),
      ...problem(
        callChunks(chunks, 'tool-call-suspended', 'call-mixreq-rooms-1').length === 1,
        'no top-level suspension for call-mixreq-rooms-1',
      ),
      ...problem(
        ofType(nested(chunks), 'tool-call-approval').some(
          (c) => at(c, 'payload', 'toolCallId') === 'call-mixreq-lock-1',
        ),
        'no nested approval for call-mixreq-lock-1',
      ),
      ...problem(
        ofType(nested(chunks), 'tool-call-suspended').some(
          (c) => at(c, 'payload', 'toolCallId') === 'call-mixreq-room-1',
        ),
        'no nested suspension for call-mixreq-room-1',
      ),
    ];
    /** The answer to the first request: that subagent runs to its end, nothing at the top. */
    const oneSubagentEnds = (outer: string, inner: string) => (chunks: Chunk[]) => [
      ...problem(
        chunks.every((c) => c.type === 'tool-output' && at(c, 'payload', 'toolCallId') === outer),
        `not only tool-output of ${outer}`,
      ),
      ...problem(
        ofType(nested(chunks), 'tool-result').some((c) => at(c, 'payload', 'toolCallId') === inner),
        `no nested result for ${inner}`,
      ),
      ...problem(ofType(nested(chunks), 'finish').length === 1, 'the subagent did not finish'),
    ];
    const bothResults = (chunks: Chunk[]) => [
      ...continuation(chunks),
      ...problem(
        callChunks(chunks, 'tool-result', 'call-mixreq-locks-1').length === 1 &&
          callChunks(chunks, 'tool-result', 'call-mixreq-rooms-1').length === 1,
        'has not both results',
      ),
    ];
    return [
      {
        file: 'subagents-mixed-requests-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-approval', 'tool-call-suspended'],
        check: bothRequests,
      },
      {
        file: 'subagents-mixed-requests-approve-first.jsonl',
        chunks: approveFirst,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: oneSubagentEnds('call-mixreq-locks-1', 'call-mixreq-lock-1'),
      },
      {
        file: 'subagents-mixed-requests-resume-second.jsonl',
        chunks: resumeSecond,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (chunks) => [
          ...bothResults(chunks),
          ...problem(
            refused?.includes('could not find a suspended run') === true,
            `a decision after the end was not refused (${String(refused)})`,
          ),
        ],
      },
      {
        file: 'subagents-mixed-requests-reversed-request.jsonl',
        chunks: reversed,
        expect: ['tool-output', 'tool-call-approval', 'tool-call-suspended'],
        check: bothRequests,
      },
      {
        file: 'subagents-mixed-requests-resume-first.jsonl',
        chunks: resumeFirst,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: oneSubagentEnds('call-mixreq-rooms-1', 'call-mixreq-room-1'),
      },
      {
        file: 'subagents-mixed-requests-approve-second.jsonl',
        chunks: approveSecond,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: bothResults,
      },
    ];
  },

  async transformProgressHidden() {
    const out = await agent('keymaster').stream('Rotate the billing token.');
    return [
      {
        file: 'transform-progress-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-output', 'tool-result', 'finish'],
        check: (chunks) => {
          const progress = callChunks(chunks, 'tool-output', 'call-rotate-hidden-1');
          const result = callChunks(chunks, 'tool-result', 'call-rotate-hidden-1')[0];
          const shown = at(displayOf(result, 'output-available'), 'transformed');
          return [
            ...carries(ROTATED_TOKEN_SECRET)(chunks),
            ...problem(
              ofType(chunks, 'tool-call-input-streaming-start').length === 0,
              'the input was streamed',
            ),
            ...problem(
              progress.length === 2 &&
                at(progress[1], 'payload', 'output', 'token') === ROTATED_TOKEN_SECRET &&
                progress.every((c) => c.metadata === undefined),
              'the progress is not two raw tool-outputs, the second with the token',
            ),
            ...problem(
              at(result, 'payload', 'result', 'token') === ROTATED_TOKEN_SECRET,
              'the result does not quote the token',
            ),
            ...problem(
              shown !== undefined && !JSON.stringify(shown).includes(ROTATED_TOKEN_SECRET),
              'the displayed output is not masked',
            ),
          ];
        },
      },
    ];
  },

  async backgroundTaskFailed() {
    const out = await agent('crawler').stream('Crawl docs.acme.test.', {
      untilIdle: true,
      memory: { thread: 'thread-crawler-bg-1', resource: 'user-1' },
    });
    const chunks = await collect(out.fullStream);
    // The error's stack lists files of this machine (Mastra wraps the tool's error in a
    // MastraError of its own): keep its first line and one fixed frame.
    for (const chunk of ofType(chunks, 'background-task-failed')) {
      const error = at(chunk, 'payload', 'error') as { stack?: string } | undefined;
      if (error?.stack) {
        error.stack = `${error.stack.split('\n')[0]}\n    at Object.execute (mastra-core.js:1:1)`;
      }
    }
    const failed = ofType(chunks, 'background-task-failed')[0];
    const starts = ofType(chunks, 'start');
    return [
      {
        file: 'background-task-failed.jsonl',
        chunks,
        expect: [
          'background-task-started',
          'background-task-running',
          'background-task-output',
          'background-task-failed',
          'tool-result',
          'finish',
        ],
        check: (all) => [
          ...problem(
            at(failed, 'payload', 'error', 'message') === CRAWL_ERROR,
            'background-task-failed has not the error',
          ),
          ...problem(at(failed, 'payload', 'toolCallId') === 'call-crawl-bg-1', 'wrong toolCallId'),
          ...problem(ofType(all, 'tool-error').length === 0, 'has a tool-error'),
          ...problem(
            starts.length === 2 && starts[0]?.runId !== starts[1]?.runId,
            'no second run after the failure',
          ),
          ...problem(all.at(-1)?.type === 'finish', 'last chunk is not finish'),
          ...problem(!JSON.stringify(all).includes('node_modules'), 'a machine path is left'),
        ],
      },
    ];
  },

  async subagentHiddenWholeInput() {
    const out = await agent('keyringDesk').stream('Unlock keyring ops.');
    return [
      {
        file: 'subagent-hidden-whole-input.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'tool-call', 'tool-result', 'finish'],
        check: (chunks) => [
          ...carries(KEYRING_PASSPHRASE_SECRET)(chunks),
          ...problem(
            at(
              displayOf(
                ofType(nested(chunks), 'tool-call').find(
                  (c) => at(c, 'payload', 'toolCallId') === 'call-unlock-whole-1',
                ),
                'input-available',
              ),
              'transformed',
              'passphrase',
            ) === '••••',
            'the inner tool-call input is not masked',
          ),
          ...problem(
            !ofType(nested(chunks), 'text-delta').some((c) =>
              JSON.stringify(c).includes(KEYRING_PASSPHRASE_SECRET),
            ),
            'a text quotes the passphrase',
          ),
          ...problem(
            JSON.stringify(
              at(callChunks(chunks, 'tool-result', 'call-keyring-whole-1')[0], 'payload', 'result'),
            ).includes(KEYRING_PASSPHRASE_SECRET),
            'the supervisor result does not carry the passphrase (subAgentToolResults)',
          ),
          ...problem(
            !nested(chunks).some(
              (c) =>
                c.type === 'tool-call-input-streaming-start' &&
                at(c, 'payload', 'toolCallId') === 'call-unlock-whole-1',
            ),
            'the inner input was streamed',
          ),
        ],
      },
    ];
  },
};
