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
