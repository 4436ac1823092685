// @vitest-environment node
import { type ReduceOptions, reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * "Hidden stays hidden" on agent networks (`agent.network()`), recorded with `crmLookupTool`,
 * whose display transform hides `apiKey` and `sessionToken` (scripts/record/network-transform.ts).
 * What @mastra/core 1.71.0 sends:
 *
 * - A tool the router runs itself is run without its display transform. `routing-agent-end`
 *   carries its input as the prompt (JSON text), `tool-execution-start` carries it in `args.args`,
 *   `tool-execution-end` carries the raw result, and `network-execution-event-finish` carries that
 *   result again when the completion check wrote no final result. No chunk has transform metadata
 *   (not even with a transform policy on the network agent), and the `data-network` snapshots of
 *   `toAISdkStream(…, { from: 'network' })` have none either. So nothing in the stream says that a
 *   transform hides these values, and the client cannot hide them by itself. The tool's name is
 *   no evidence: a network and each of its member agents key their tools separately. Only a
 *   client transform for the tool (`transforms: { crmLookupTool }`) hides them, and then the
 *   routing prompt and the final result that carry them must follow the call.
 * - A member agent's own chunks, wrapped in `agent-execution-event-*`, carry the transform
 *   metadata as `agent.stream()` does, and `agent-execution-end` carries the agent's text alone.
 *   The AI SDK snapshots hold the agent's tool calls and results raw in the step's `task`, which
 *   the client does not read.
 */

const TOOL_SECRETS = ['sk-net-tool-secret-31', 'tok-internal-42'];
const AGENT_SECRETS = ['sk-net-agent-secret-64', 'tok-internal-42'];

/** The client-side twin of the tool's display transform, for streams that carry no metadata. */
const crmTransform = {
  crmLookupTool: {
    input: (input: unknown) => ({ ...(input as object), apiKey: '••••' }),
    output: (output: unknown) => ({ customer: (output as { customer: unknown }).customer }),
  },
};

const NATIVE: ReduceOptions = { families: [network] };
const AI: ReduceOptions = { formats: [aiSdk] };
const end = { type: 'toolpane/stream-end' };

/** A recording and the end of its stream. */
const played = (name: string) => [...loadFixture(name), end];

/** The network run's routing prompt, final result and the call of the tool it ran. */
function networkOf(state: ToolpaneState) {
  const run = state.runs.get(state.runOrder[0]!)!;
  const steps = run.network!.steps;
  const routing = steps.find((s) => s.kind === 'routing');
  const execution = steps.find((s) => s.kind === 'execution');
  return {
    prompt: routing?.kind === 'routing' ? routing.prompt : undefined,
    result: run.network!.result,
    call: execution?.kind === 'execution' ? state.toolCalls.get(execution.toolCallId) : undefined,
  };
}

describe('a network that runs a display-transformed tool itself', () => {
  const recordings = [
    ['native', 'network-transform-tool', NATIVE],
    ['AI SDK', 'aisdk-network-transform-tool', AI],
  ] as const;

  it.each(recordings)('carries nothing that says the tool is transformed (%s)', (_, name, opts) => {
    const chunks = loadFixture(name);
    const text = JSON.stringify(chunks);
    for (const secret of TOOL_SECRETS) expect(text).toContain(secret);
    expect(text).not.toContain('toolPayloadTransform');
    // So without a client transform the call shows what came, as a tool with none would.
    const { call } = networkOf(reduceAll(chunks, opts));
    expect(call?.toolName).toBe('crmLookupTool');
    expect(call?.displayTransform).not.toBe('display');
  });

  it.each(recordings)(
    'hides the tool values with a client transform, in the call, the routing prompt and the final result (%s)',
    (_, name, opts) => {
      const state = neverShows(played(name), TOOL_SECRETS, { ...opts, transforms: crmTransform });
      const { prompt, result, call } = networkOf(state);
      const customer = { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'enterprise' };
      expect(call?.input).toEqual({
        kind: 'transformed',
        value: { query: 'Ada Lovelace', apiKey: '••••' },
      });
      expect(call?.output).toEqual({ kind: 'transformed', value: { customer } });
      // The routing prompt is the tool's input; the check wrote no final result, so the network's
      // result is the tool's: both show as the call shows them.
      expect(JSON.parse(prompt ?? 'null')).toEqual({ query: 'Ada Lovelace', apiKey: '••••' });
      expect(result).toEqual({ customer });
    },
  );
});

describe('a network whose member agent calls a display-transformed tool', () => {
  it.each([
    ['native', 'network-transform-agent', NATIVE],
    ['AI SDK', 'aisdk-network-transform-agent', AI],
  ] as const)('never shows the hidden input or output (%s)', (_, name, opts) => {
    const state = neverShows(played(name), AGENT_SECRETS, opts);
    const { result, call } = networkOf(state);
    expect(call?.toolName).toBe('agent-crm');
    expect(call?.output).toEqual({ kind: 'raw', value: 'Grace Hopper is on the enterprise plan.' });
    expect(result).toBe('The customer is on the enterprise plan.');
  });

  it("hides the agent's own call as its metadata says (native)", () => {
    const state = reduceAll(loadFixture('network-transform-agent'), NATIVE);
    const inner = state.toolCalls.get('call-net-crm-1');
    expect(inner?.parentToolCallId).toBe(networkOf(state).call?.key);
    expect(inner?.displayTransform).toBe('display');
    expect(inner?.input).toEqual({
      kind: 'transformed',
      value: { query: 'Grace Hopper', apiKey: '••••' },
    });
  });

  it('keeps both networks hidden when they stream one after another, with a client transform', () => {
    const chunks = [...played('network-transform-agent'), ...played('network-transform-tool')];
    const state = neverShows(chunks, [...AGENT_SECRETS, TOOL_SECRETS[0]!], {
      ...NATIVE,
      transforms: crmTransform,
    });
    expect(state.issues).toEqual([]);
    expect(everythingShown(state)).toContain('Grace Hopper');
  });
});
