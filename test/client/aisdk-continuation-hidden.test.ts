// @vitest-environment node
import { reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { everythingShown, hiddenOnceTold, neverShows, TOLD_LATE } from '../utils/shown';

/*
 * Every native recording with a display transform, through the real `@mastra/ai-sdk` converter
 * (v5 and v6, with and without subagent snapshots, as `chatRoute` streams), shows none of what
 * the native reading hides: read alone, and after the stream it continues. A stream read alone may
 * be a continuation (an approval's or a resume's answer) whose calls began in a stream this state
 * never saw: on the AI SDK path its results then name no tool, and a subagent's result among them
 * carries the subagent's inner calls raw.
 */

type Chunk = Record<string, unknown>;

const END = { type: 'toolpane/stream-end' };
const OPTIONS = { formats: [aiSdk], families: [network] };

const RECORDINGS = fixtureNames().filter(
  (name) => !name.includes('aisdk') && JSON.stringify(loadFixture(name)).includes('"transformed"'),
);

/**
 * Recordings whose hidden value rides in a data chunk a tool or workflow step wrote: on the AI SDK
 * path nothing marks the transform (client README, Security, "Data parts"), so the value shows
 * there, and in an AI SDK workflow's step snapshots, and nowhere else.
 */
const UNMARKED_ON_AI_SDK = new Set([
  'transform-data-hidden',
  'workflow-data-hidden',
  'subagent-data-hidden',
]);

/** Everything a state shows but its data parts and workflow steps. */
function shownButDataAndSteps(state: ToolpaneState): string {
  const calls = [...state.toolCalls.values()].map((call) => ({
    ...call,
    raw: undefined,
    inputText: undefined,
    workflow: call.workflow && { result: call.workflow.result },
  }));
  const parts = [...state.runs.values()].flatMap((run) =>
    run.parts.filter((part) => part.type !== 'data'),
  );
  return JSON.stringify([calls, parts, state.issues]);
}

/** The recording a continuation follows: `x-request` for `x-approve`, `x-resume`, … */
function requestOf(name: string): string | undefined {
  const base = name.replace(/-(approve|approved|resume|decline)$/, '');
  if (base === name) return undefined;
  const request = `${base}-request`;
  return fixtureNames().includes(request) ? request : undefined;
}

function convert(chunks: readonly unknown[], version: 'v5' | 'v6', snapshots: boolean) {
  const network = chunks.some((chunk) => String((chunk as Chunk).type).startsWith('routing-agent'));
  return throughAiSdk(chunks, {
    from: network ? 'network' : 'agent',
    version,
    includeSubAgentMetadata: snapshots,
  });
}

/** Strings (six characters or more) of a value. */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.length >= 6) out.push(value);
  } else if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) leaves(child, out);
  }
  return out;
}

/** What the native reading of `streams` hides: raw strings of transformed calls it never shows. */
function hiddenBy(state: ToolpaneState): string[] {
  const shown = everythingShown(state);
  const out = new Set<string>();
  for (const call of state.toolCalls.values()) {
    const pairs = [
      [call.input, call.raw.input],
      [call.output, call.raw.output],
    ] as const;
    for (const [display, raw] of pairs) {
      if (display.kind !== 'hidden' && display.kind !== 'transformed') continue;
      for (const leaf of leaves(raw)) {
        if (!shown.includes(JSON.stringify(leaf).slice(1, -1))) out.add(leaf);
      }
    }
  }
  return [...out];
}

describe('a transformed recording through @mastra/ai-sdk, alone and after what it continues', () => {
  const counted = { alone: 0, continued: 0 };

  it.each(RECORDINGS)('%s shows none of what the native reading hides', async (name) => {
    const request = requestOf(name);
    const natives = [...(request === undefined ? [] : [loadFixture(request)]), loadFixture(name)];
    const secrets = hiddenBy(
      reduceAll(
        natives.flatMap((chunks) => [...chunks, END]),
        OPTIONS,
      ),
    );
    for (const version of ['v5', 'v6'] as const) {
      for (const snapshots of [true, false]) {
        const streams = await Promise.all(natives.map((c) => convert(c, version, snapshots)));
        const last = streams.at(-1)!;
        if (UNMARKED_ON_AI_SDK.has(name)) {
          const shown = shownButDataAndSteps(reduceAll([...last, END], OPTIONS));
          for (const secret of secrets) expect(shown).not.toContain(secret);
          continue;
        }
        const never = TOLD_LATE.has(name) ? hiddenOnceTold : neverShows;
        never([...last, END], secrets, OPTIONS);
        counted.alone += secrets.length;
        if (streams.length > 1) {
          never(
            streams.flatMap((chunks) => [...chunks, END]),
            secrets,
            OPTIONS,
          );
          counted.continued += secrets.length;
        }
      }
    }
  });

  it('reached secrets read alone and read after their request', () => {
    expect(counted.alone).toBeGreaterThan(20);
    expect(counted.continued).toBeGreaterThan(4);
  });
});

describe('a continuation whose subagent call began in a stream the state never saw', () => {
  it("shows the inner calls its result carries as Mastra's placeholder", async () => {
    const chunks = await convert(loadFixture('nested-transform-approval-approve'), 'v6', false);
    const state = neverShows(
      [...chunks, END],
      ['rcpt-nested-purge-secret-19', 'vk-nested-approval-secret-73'],
      OPTIONS,
    );
    const call = state.toolCalls.get('call-keeper-1')!;
    // The call's tool is not named on this stream; its result has the shape of a subagent's.
    expect(call.toolName).toBe('');
    expect(call.output.kind).toBe('transformed');
    const outer = (call.output as { value: { subAgentToolResults: Chunk[] } }).value;
    // Nothing on this stream tells what the subagent's own calls show: Mastra's placeholder.
    expect(outer.subAgentToolResults).toEqual([
      {
        toolName: 'agent-vault',
        toolCallId: 'call-vault-agent-1',
        args: { message: 'Tool input-available payload unavailable' },
        result: { message: 'Tool output-available payload unavailable' },
      },
    ]);
    // What the subagent wrote stays as it came.
    expect(outer).toMatchObject({ text: 'The vault team purged archive-7.' });
  });

  it('leaves the result of an unnamed call that is not a subagent result as it came', async () => {
    const chunks = await convert(loadFixture('approval-approved'), 'v6', false);
    const state = reduceAll([...chunks, END], OPTIONS);
    const call = state.toolCalls.get('call-del-1')!;
    expect(call.toolName).toBe('');
    expect(call.output).toEqual({ kind: 'raw', value: { deleted: true, id: 'abc-123' } });
  });
});
