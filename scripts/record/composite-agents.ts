/**
 * Scenarios of `pnpm record` that combine agent features: two approvals in sequence across the
 * steps of one top-level run; a tool that suspends, is resumed with data it refuses and suspends
 * again in the same call, then is resumed with good data; a subagent whose model stream fails
 * mid-text; a subagent with structured output; a top-level tool with a display transform hiding
 * an argument, streamed input and `requireApproval`, declined; and a subagent whose input
 * processor trips.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import type { ProcessInputArgs, Processor } from '@mastra/core/processors';
import { toStandardSchema } from '@mastra/core/schema';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { oneCallAgent } from './coverage-agents.ts';
import { fail, reactiveModel, scriptedModel, step, text, toolCall } from './models.ts';
import {
  at,
  type Chunk,
  collect,
  continuation,
  endsAwaiting,
  nested,
  ofType,
  problem,
  type Scenario,
} from './recording.ts';
import { bool, num, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The signing key the model passes to the approval tool; its display transform hides it. */
export const SIGNING_KEY_SECRET = 'sk-approval-decline-secret-3391';
/** The one code the verification tool accepts on resume. */
const GOOD_CODE = '246810';

/** Chunks of one toolCallId, of one type, at the top level. */
const callChunks = (chunks: Chunk[], type: string, id: string) =>
  ofType(chunks, type).filter((c) => at(c, 'payload', 'toolCallId') === id);

// ---------------------------------------------------------------------------------------------
// 1. Two approvals in sequence: release agent → freezeBranchTool (call-freeze-chain-1), then,
// after approval, publishReleaseTool (call-publish-chain-1), both requireApproval.

const freezeBranchTool = createTool({
  id: 'freeze-branch',
  description: 'Freeze a branch. Needs approval.',
  inputSchema: objectSchema<{ branch: string }>({ branch: str }, ['branch']),
  requireApproval: true,
  execute: async ({ branch }) => ({ frozen: true, branch }),
});

const publishReleaseTool = createTool({
  id: 'publish-release',
  description: 'Publish a release. Needs approval.',
  inputSchema: objectSchema<{ version: string }>({ version: str }, ['version']),
  requireApproval: true,
  execute: async ({ version }) => ({ published: true, version }),
});

export function createReleaseAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'release-chain-agent',
    name: 'release-chain-agent',
    tools: { freezeBranchTool, publishReleaseTool },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-freeze-chain-1',
            name: 'freezeBranchTool',
            input: { branch: 'release/4.2' },
            stream: false,
          }),
        ),
        step(
          toolCall({
            id: 'call-publish-chain-1',
            name: 'publishReleaseTool',
            input: { version: '4.2.0' },
            stream: false,
          }),
        ),
        step(text('txt-release-chain-1', 'Branch frozen and 4.2.0 published.')),
      ],
      { modelId: 'release-chain-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 2. Suspend, resume with a wrong code, suspend again in the same call, resume with the right
// one: identity agent → verifyIdentityTool (call-verify-again-1).

interface VerifySuspend {
  question: string;
  attempt: number;
}

const verifyIdentityTool = createTool({
  id: 'verify-identity',
  description: 'Verify a user with a one-time code. Asks the user for the code.',
  inputSchema: objectSchema<{ user: string }>({ user: str }, ['user']),
  suspendSchema: objectSchema<VerifySuspend>({ question: str, attempt: num }, [
    'question',
    'attempt',
  ]),
  resumeSchema: objectSchema<{ code: string }>({ code: str }, ['code']),
  execute: async ({ user }, context) => {
    const resumeData = (context.agent?.resumeData ?? context.resumeData) as
      | { code: string }
      | undefined;
    const suspend = context.agent?.suspend ?? context.suspend;
    if (!resumeData) {
      await suspend?.({ question: `Enter the code sent to ${user}.`, attempt: 1 });
      return undefined;
    }
    if (resumeData.code !== GOOD_CODE) {
      await suspend?.({
        question: `Code ${resumeData.code} is wrong; enter the code sent to ${user}.`,
        attempt: 2,
      });
      return undefined;
    }
    return { user, verified: true };
  },
});

function createIdentityAgent() {
  return oneCallAgent(
    'identity-again-agent',
    'Verifies users.',
    { id: 'call-verify-again-1', name: 'verifyIdentityTool', input: { user: 'grace' } },
    'Grace is verified.',
    { verifyIdentityTool },
  );
}

// ---------------------------------------------------------------------------------------------
// 3. A subagent whose model stream fails mid-text: forecast desk → agent-oracle
// (call-oracle-error-1).

function upstreamError(): Error {
  const error = new Error('Subagent model connection reset');
  error.stack =
    'Error: Subagent model connection reset\n    at MockProvider.doStream (mock-provider.js:1:1)';
  return error;
}

function createForecastDesk() {
  const oracle = new Agent({
    instructions: INSTRUCTIONS,
    id: 'oracle-error-agent',
    name: 'oracle-error-agent',
    description: 'Predicts things.',
    model: scriptedModel(
      [
        [
          { type: 'stream-start', warnings: [] },
          {
            type: 'response-metadata',
            id: 'resp-oracle-error-1',
            modelId: 'mock-model',
            timestamp: new Date(0),
          },
          ...text('txt-oracle-error-1', ['The ', 'market ', 'will ']).slice(0, -1),
          fail(upstreamError()),
        ],
      ],
      { modelId: 'oracle-error-agent-mock' },
    ),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'forecast-desk-agent',
    name: 'forecast-desk-agent',
    agents: { oracle },
    model: reactiveModel(
      ({ stepIndex }) =>
        stepIndex === 0
          ? step(
              toolCall({
                id: 'call-oracle-error-1',
                name: 'agent-oracle',
                input: { prompt: 'Where is the market going?' },
              }),
            )
          : step(text('txt-forecast-desk-1', 'The oracle could not answer right now.')),
      { modelId: 'forecast-desk-agent-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 4. A subagent with structured output: census desk → agent-profiler (call-profiler-so-1),
// whose default options ask for an object.

export const PROFILE = { name: 'Grace Hopper', born: 1906, navy: true };

const profileSchema = toStandardSchema(
  objectSchema<typeof PROFILE>({ name: str, born: num, navy: bool }, ['name', 'born', 'navy']),
);

function createCensusDesk() {
  const json = JSON.stringify(PROFILE);
  const pieces = json.match(/.{1,8}/g) ?? [json];
  const profiler = new Agent<'profiler-so-agent', Record<string, never>, typeof PROFILE>({
    instructions: INSTRUCTIONS,
    id: 'profiler-so-agent',
    name: 'profiler-so-agent',
    description: 'Writes profiles as JSON.',
    defaultOptions: { structuredOutput: { schema: profileSchema } },
    model: scriptedModel([step(text('txt-profiler-so-1', pieces))], {
      modelId: 'profiler-so-agent-mock',
    }),
  });
  return oneCallAgent(
    'census-desk-agent',
    'Answers questions about people.',
    {
      id: 'call-profiler-so-1',
      name: 'agent-profiler',
      input: { prompt: 'Profile Grace Hopper.' },
    },
    'Grace Hopper was born in 1906 and served in the Navy.',
    {},
    { profiler },
  );
}

// ---------------------------------------------------------------------------------------------
// 5. A top-level tool with a display transform hiding `signingKey`, streamed input and
// requireApproval: signer agent → signBuildTool (call-sign-decline-1), declined.

interface SignInput {
  build: string;
  signingKey: string;
}

const signBuildTool = createTool({
  id: 'sign-build',
  description: 'Sign a build with the release key. Needs approval.',
  inputSchema: objectSchema<SignInput>({ build: str, signingKey: str }, ['build', 'signingKey']),
  requireApproval: true,
  execute: async ({ build }) => ({ signed: true, build }),
  transform: {
    display: {
      input: ({ input }) =>
        input ? { build: (input as SignInput).build, signingKey: '••••' } : undefined,
      approval: ({ input }) =>
        input ? { build: (input as SignInput).build, signingKey: '[hidden key]' } : undefined,
      output: ({ output }) => output,
    },
  },
});

export function createSignerAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'signer-decline-agent',
    name: 'signer-decline-agent',
    tools: { signBuildTool },
    model: reactiveModel(
      ({ stepIndex }) =>
        stepIndex === 0
          ? step(
              toolCall({
                id: 'call-sign-decline-1',
                name: 'signBuildTool',
                input: { build: 'build-7781', signingKey: SIGNING_KEY_SECRET },
                stream: 4,
              }),
            )
          : step(text('txt-signer-decline-1', 'Build 7781 was not signed.')),
      { modelId: 'signer-decline-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 6. A subagent whose input processor trips: help desk → agent-vaultguard
// (call-vaultguard-trip-1); the prompt mentions a passphrase.

const passphraseGuard = {
  id: 'passphrase-guard',
  processInput({ messages, abort }: ProcessInputArgs) {
    if (JSON.stringify(messages).toLowerCase().includes('passphrase')) {
      abort('Messages must not contain passphrases.', { metadata: { rule: 'no-passphrases' } });
    }
    return messages;
  },
} satisfies Processor<'passphrase-guard'>;

function createHelpDesk() {
  const vaultguard = new Agent({
    instructions: INSTRUCTIONS,
    id: 'vaultguard-trip-agent',
    name: 'vaultguard-trip-agent',
    description: 'Stores things safely.',
    inputProcessors: [passphraseGuard],
    model: scriptedModel([step(text('txt-vaultguard-trip-1', 'This should never be sent.'))], {
      modelId: 'vaultguard-trip-agent-mock',
    }),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'help-desk-trip-agent',
    name: 'help-desk-trip-agent',
    agents: { vaultguard },
    model: reactiveModel(
      ({ stepIndex }) =>
        stepIndex === 0
          ? step(
              toolCall({
                id: 'call-vaultguard-trip-1',
                name: 'agent-vaultguard',
                input: { prompt: 'Store my passphrase "blue horse".' },
              }),
            )
          : step(text('txt-help-desk-trip-1', 'The vault refused to store that.')),
      { modelId: 'help-desk-trip-agent-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------

const mastra = new Mastra({
  agents: {
    release: createReleaseAgent(),
    identity: createIdentityAgent(),
    forecastDesk: createForecastDesk(),
    censusDesk: createCensusDesk(),
    signer: createSignerAgent(),
    helpDesk: createHelpDesk(),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'release');

/** The agent-combining scenarios, by name (`pnpm record <name>` runs one). */
export const compositeAgentScenarios: Record<string, Scenario> = {
  async approvalChain() {
    const release = agent('release');
    const first = await release.stream('Freeze release/4.2 and publish 4.2.0.');
    const request = await collect(first.fullStream);
    const approvedFirst = await release.approveToolCall({
      runId: first.runId,
      toolCallId: 'call-freeze-chain-1',
    });
    const afterFirst = await collect(approvedFirst.fullStream);
    const approvedSecond = await release.approveToolCall({
      runId: first.runId,
      toolCallId: 'call-publish-chain-1',
    });
    return [
      {
        file: 'approval-chain-request.jsonl',
        chunks: request,
        expect: ['tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(
            at(chunks.at(-1), 'payload', 'toolCallId') === 'call-freeze-chain-1',
            'first request is not for call-freeze-chain-1',
          ),
        ],
      },
      {
        file: 'approval-chain-approve-first.jsonl',
        chunks: afterFirst,
        expect: ['tool-result', 'tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(
            callChunks(chunks, 'tool-result', 'call-freeze-chain-1').length === 1,
            'no result for call-freeze-chain-1',
          ),
          ...problem(
            at(chunks.at(-1), 'payload', 'toolCallId') === 'call-publish-chain-1',
            'second request is not for call-publish-chain-1',
          ),
          ...problem(ofType(chunks, 'start').length === 0, 'continuation has a start chunk'),
          ...problem(
            chunks.every((c) => c.runId === first.runId),
            'continuation chunks carry another runId',
          ),
        ],
      },
      {
        file: 'approval-chain-approve-second.jsonl',
        chunks: await collect(approvedSecond.fullStream),
        expect: ['tool-result', 'text-delta', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            callChunks(chunks, 'tool-result', 'call-publish-chain-1').length === 1,
            'no result for call-publish-chain-1',
          ),
        ],
      },
    ];
  },

  async suspendAgain() {
    const identity = agent('identity');
    const first = await identity.stream('Verify grace.');
    const request = await collect(first.fullStream);
    const resumedBad = await identity.resumeStream(
      { code: '111111' },
      { runId: first.runId, toolCallId: 'call-verify-again-1' },
    );
    const again = await collect(resumedBad.fullStream);
    const resumedGood = await identity.resumeStream(
      { code: GOOD_CODE },
      { runId: first.runId, toolCallId: 'call-verify-again-1' },
    );
    return [
      {
        file: 'suspend-again-request.jsonl',
        chunks: request,
        expect: ['tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'suspend-again-resume-first.jsonl',
        chunks: again,
        expect: ['tool-call-suspended'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-suspended')(chunks),
          ...problem(
            at(chunks.at(-1), 'payload', 'suspendPayload', 'attempt') === 2,
            'second suspension is not attempt 2',
          ),
          ...problem(ofType(chunks, 'start').length === 0, 'continuation has a start chunk'),
        ],
      },
      {
        file: 'suspend-again-resume-second.jsonl',
        chunks: await collect(resumedGood.fullStream),
        expect: ['tool-result', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            at(
              callChunks(chunks, 'tool-result', 'call-verify-again-1')[0],
              'payload',
              'result',
              'verified',
            ) === true,
            'call-verify-again-1 not verified',
          ),
        ],
      },
    ];
  },

  async subagentModelError() {
    const out = await agent('forecastDesk').stream('Where is the market going?');
    return [
      {
        file: 'subagent-model-error.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'text-delta', 'finish'],
        check: (chunks) => [
          ...problem(
            nested(chunks).some(
              (c) =>
                c.type === 'error' &&
                at(c, 'payload', 'error', 'message') === 'Subagent model connection reset',
            ),
            'no nested error chunk',
          ),
          ...problem(
            callChunks(chunks, 'tool-error', 'call-oracle-error-1').length === 1,
            'no top-level tool-error for call-oracle-error-1',
          ),
          ...problem(
            callChunks(chunks, 'tool-result', 'call-oracle-error-1').length === 0,
            'call-oracle-error-1 has a tool-result',
          ),
        ],
      },
    ];
  },

  async subagentStructuredOutput() {
    const out = await agent('censusDesk').stream('Tell me about Grace Hopper.');
    return [
      {
        file: 'subagent-structured-output.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'object', 'object-result', 'tool-result', 'finish'],
        check: (chunks) => [
          ...problem(
            JSON.stringify(at(ofType(nested(chunks), 'object-result')[0], 'object')) ===
              JSON.stringify(PROFILE),
            'nested object-result is not the profile',
          ),
          ...problem(
            at(
              callChunks(chunks, 'tool-result', 'call-profiler-so-1')[0],
              'payload',
              'result',
              'text',
            ) === JSON.stringify(PROFILE),
            'supervisor result text is not the JSON of the profile',
          ),
        ],
      },
    ];
  },

  async transformApprovalDecline() {
    const signer = agent('signer');
    const first = await signer.stream('Sign build 7781.');
    const request = await collect(first.fullStream);
    const declined = await signer.declineToolCall({
      runId: first.runId,
      toolCallId: 'call-sign-decline-1',
      reason: 'Release manager is away; do not sign today',
    });
    return [
      {
        file: 'transform-approval-decline-request.jsonl',
        chunks: request,
        expect: ['tool-call-delta', 'tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(JSON.stringify(chunks).includes(SIGNING_KEY_SECRET), 'secret not in stream'),
          ...problem(
            JSON.stringify(chunks).includes('"approval":{"transformed"'),
            'no transformed approval value',
          ),
        ],
      },
      {
        file: 'transform-approval-decline.jsonl',
        chunks: await collect(declined.fullStream),
        expect: ['tool-output-denied', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            at(ofType(chunks, 'tool-output-denied')[0], 'payload', 'approval', 'reason') ===
              'Release manager is away; do not sign today',
            'decline reason missing',
          ),
        ],
      },
    ];
  },

  async subagentTripwire() {
    const out = await agent('helpDesk').stream('Store my passphrase.');
    return [
      {
        file: 'subagent-tripwire.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'tripwire', 'tool-result', 'finish'],
        check: (chunks) => {
          const trip = ofType(nested(chunks), 'tripwire')[0];
          return [
            ...problem(ofType(chunks, 'tripwire').length === 0, 'top-level tripwire'),
            ...problem(
              at(trip, 'payload', 'processorId') === 'passphrase-guard',
              'nested tripwire not from passphrase-guard',
            ),
            ...problem(
              !nested(chunks).some(
                (c) => c !== trip && at(c, 'runId') === at(trip, 'runId') && c.type !== 'tripwire',
              ),
              'the subagent run has chunks besides its tripwire',
            ),
            ...problem(
              at(
                callChunks(chunks, 'tool-result', 'call-vaultguard-trip-1')[0],
                'payload',
                'result',
                'text',
              ) === '',
              'supervisor result text is not empty',
            ),
          ];
        },
      },
    ];
  },
};
