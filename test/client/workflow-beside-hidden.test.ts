// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenOnceTold, neverShows } from '../utils/shown';

/*
 * A workflow run beside a call that hides a value: its steps' values (a step handed the key the
 * model got, a step that looked it up) show none of what that call hides, as what a tool beside
 * it got back shows none of it. Natively and on an AI SDK stream, the recorded workflow of
 * `workflow-tool` / `workflow-branch-aisdk` run in the same run as the recorded call of
 * `transform-input-whole` / `transform-input-streamed-aisdk`, its step values made to quote the
 * hidden key: after that call (the key is hidden by then, and never shows), and before it (the
 * values are searched again once it hides the key, which shows at the end nowhere).
 */

const SECRET = 'sk-secret-123';
type Json = Record<string, unknown>;

/** `value` with every object that `change` returns another for replaced, at any depth. */
function mapDeep(value: unknown, change: (object: Json) => Json | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, change));
  if (typeof value !== 'object' || value === null) return value;
  const changed = change(value as Json) ?? (value as Json);
  return Object.fromEntries(
    Object.entries(changed).map(([key, child]) => [key, mapDeep(child, change)]),
  );
}

/** The native workflow call's chunks in run `runId`, each step's output and input quoting the key. */
function nativeWorkflow(runId: unknown): unknown[] {
  const chunks = loadFixture('workflow-tool') as Json[];
  const call = chunks.filter((c) => c.type !== 'start' && c.type !== 'step-start');
  const body = call.slice(
    0,
    call.findIndex((c) => c.type === 'step-finish'),
  );
  return mapDeep(
    body.map((c) => ({ ...c, runId })),
    (object) =>
      object.type === 'workflow-step-result'
        ? {
            ...object,
            payload: {
              ...(object.payload as Json),
              output: { used: `key ${SECRET}` },
              payload: { handed: SECRET },
            },
          }
        : undefined,
  ) as unknown[];
}

/** The AI SDK workflow call's parts, each step's output quoting the key. */
function aiSdkWorkflow(): unknown[] {
  const parts = loadFixture('workflow-branch-aisdk') as Json[];
  const body = parts.filter(
    (p) =>
      ![
        'start',
        'start-step',
        'finish-step',
        'finish',
        'text-start',
        'text-delta',
        'text-end',
      ].includes(p.type as string),
  );
  return mapDeep(body, (object) =>
    typeof object.status === 'string' && 'output' in object && object.output !== null
      ? { ...object, output: { used: `key ${SECRET}` } }
      : undefined,
  ) as unknown[];
}

describe.each([
  ['after it', neverShows],
  ['before it', hiddenOnceTold],
] as const)('a workflow beside a call that hides, %s', (when, check) => {
  it('shows none of it in its steps, natively', () => {
    const hider = loadFixture('transform-input-whole') as Json[];
    const runId = hider[0]!.runId;
    const at =
      when === 'after it'
        ? hider.findIndex((c) => c.type === 'tool-result') + 1
        : hider.findIndex((c) => c.type === 'step-start') + 1;
    const read = [...hider.slice(0, at), ...nativeWorkflow(runId), ...hider.slice(at), END];
    const state = check(read, [SECRET], recordingOptions('transform-input-whole'));
    const workflow = [...state.toolCalls.values()].find((c) => c.workflow !== undefined)!;
    const steps = JSON.stringify([...workflow.workflow!.steps.values()]);
    expect(steps).toContain('key [hidden]');
    expect(everythingShown(state)).toContain('[hidden]');
  });

  it('shows none of it in its steps, on an AI SDK stream', () => {
    const name = 'transform-input-streamed-aisdk';
    const hider = loadFixture(name) as Json[];
    const at =
      when === 'after it'
        ? hider.findIndex((c) => c.type === 'tool-output-available') + 1
        : hider.findIndex((c) => c.type === 'start-step') + 1;
    const read = [...hider.slice(0, at), ...aiSdkWorkflow(), ...hider.slice(at), END];
    const state = check(read, [SECRET], recordingOptions(name));
    const workflow = [...state.toolCalls.values()].find((c) => c.workflow !== undefined)!;
    expect(workflow.workflow!.steps.size).toBeGreaterThan(0);
    const steps = JSON.stringify([...workflow.workflow!.steps.values()]);
    expect(steps).toContain('key [hidden]');
  });
});

/*
 * The other ways a workflow call shows what its run made: its tool's result alone (a thread
 * restored from memory), its failure (the workflow's error and its failed step's), and a result
 * its `workflow-finish` brought with no step before it, natively and on an AI SDK stream, each
 * quoting the key the recorded call beside it hides.
 */
describe('what a workflow call shows beside a call that hides, without its steps', () => {
  const native = loadFixture('transform-input-whole') as Json[];
  const runId = native[0]!.runId;
  const afterHider = native.findIndex((c) => c.type === 'tool-result') + 1;
  const beforeHider = native.findIndex((c) => c.type === 'step-start') + 1;
  const ARGS = { inputData: { topic: 'x' } };
  const payload = (id: string) => ({ toolCallId: id, toolName: 'workflow-report', args: ARGS });
  const call = (id: string) => ({ type: 'tool-call', runId, from: 'AGENT', payload: payload(id) });
  const result = (id: string, value: unknown) => ({
    type: 'tool-result',
    runId,
    from: 'AGENT',
    payload: { ...payload(id), result: value },
  });
  const event = (id: string, output: Json) => ({
    type: 'tool-output',
    runId,
    from: 'USER',
    payload: { ...payload(id), output: { ...output, runId: 'run-wf', from: 'WORKFLOW' } },
  });
  const workflowOf = (state: ReturnType<typeof neverShows>, id: string) =>
    JSON.stringify([...state.toolCalls.values()].find((c) => c.toolCallId === id)?.workflow);
  const options = recordingOptions('transform-input-whole');

  it('natively, a result with no event before it', () => {
    const made = [call('wf'), result('wf', { result: { passed: `key ${SECRET}` }, runId: 'r' })];
    const read = [...native.slice(0, afterHider), ...made, ...native.slice(afterHider), END];
    const state = neverShows(read, [SECRET], options);
    expect(workflowOf(state, 'wf')).toContain('"result":{"passed":"key [hidden]"}');
  });

  it("natively, a failure: the workflow's error and its failed step's", () => {
    const made = [
      call('wf'),
      event('wf', { type: 'workflow-start', payload: { workflowId: 'w' } }),
      event('wf', {
        type: 'workflow-step-start',
        payload: { id: 's1', stepName: 's1', payload: { a: 1 }, status: 'running' },
      }),
      event('wf', {
        type: 'workflow-step-result',
        payload: { id: 's1', stepName: 's1', status: 'failed' },
      }),
      result('wf', { error: { message: `failed with ${SECRET}` }, runId: 'run-wf' }),
    ];
    const read = [...native.slice(0, afterHider), ...made, ...native.slice(afterHider), END];
    const shown = workflowOf(neverShows(read, [SECRET], options), 'wf');
    expect(shown).toContain('"error":"failed with [hidden]"');
    expect(shown.match(/failed with \[hidden\]/g)).toHaveLength(2);
  });

  it('natively, a result with no step, before the call that hides', () => {
    const made = [
      call('wf'),
      event('wf', { type: 'workflow-start', payload: { workflowId: 'w' } }),
      event('wf', {
        type: 'workflow-finish',
        payload: {
          workflowStatus: 'success',
          finalWorkflowResult: { passed: `key ${SECRET}` },
        },
      }),
    ];
    const read = [...native.slice(0, beforeHider), ...made, ...native.slice(beforeHider), END];
    const state = hiddenOnceTold(read, [SECRET], options);
    expect(workflowOf(state, 'wf')).toContain('"result":{"passed":"key [hidden]"}');
  });

  const name = 'transform-input-streamed-aisdk';
  const aiSdk = loadFixture(name) as Json[];
  const at = aiSdk.findIndex((c) => c.type === 'tool-output-available') + 1;
  const aiSdkCall = (id: string, steps: boolean, output: unknown) => [
    { type: 'tool-input-available', toolCallId: id, toolName: 'workflow-x', input: ARGS },
    ...(steps
      ? [
          {
            type: 'data-tool-workflow',
            id: 'run-wf',
            data: {
              name: 'x-workflow',
              status: 'failed',
              steps: { s1: { name: 's1', status: 'failed', input: { topic: 'x' }, output: null } },
              output: null,
            },
          },
        ]
      : []),
    { type: 'tool-output-available', toolCallId: id, output },
  ];

  it.each([
    [
      'a failure',
      true,
      { error: `failed with ${SECRET}`, runId: 'run-wf' },
      'failed with [hidden]',
    ],
    ['a result alone', false, { result: { passed: `key ${SECRET}` }, runId: 'r' }, 'key [hidden]'],
  ] as const)('on an AI SDK stream, %s', (_, steps, output, marked) => {
    const read = [
      ...aiSdk.slice(0, at),
      ...aiSdkCall('wf', steps, output),
      ...aiSdk.slice(at),
      END,
    ];
    const state = neverShows(read, [SECRET], recordingOptions(name));
    expect(workflowOf(state, 'wf')).toContain(marked);
  });
});
