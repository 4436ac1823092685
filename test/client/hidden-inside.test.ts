// @vitest-environment node
import { reduceAll, type ToolCallState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, endsOwner, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { callsUnder, everythingShown, hiddenTexts, hidesValue } from '../utils/shown';

/*
 * What a call inside a subagent or a workflow hides travels up: the `agent-*` or `workflow-*`
 * call's error, a workflow's result, or a workflow step after it, may quote what the inner call
 * was given (a subagent failing with its tool's arguments, a step passing them on). Over every recording
 * with such a call whose inner calls hide a value, in both formats, each of those quoting every
 * hidden text shows none of it.
 */

type Chunk = Record<string, unknown> & { type: string };

interface Case {
  name: string;
  chunks: Chunk[];
  owner: ToolCallState;
  secrets: string[];
}

const CASES: Case[] = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  const state = reduceAll([...chunks, END], recordingOptions(name));
  return [...state.toolCalls.values()]
    .filter((call) => call.kind !== 'tool' && call.parentToolCallId === null)
    .map((owner) => ({
      name,
      chunks,
      owner,
      secrets: hiddenTexts(state, callsUnder(state, owner)),
    }))
    .filter(({ secrets }) => secrets.length > 0);
});

/** The cases whose recording ends the call above (a request's recording may stop before). */
const ENDED = CASES.filter(({ name, chunks, owner }) =>
  chunks.some((chunk) => endsOwner(name, chunk, owner)),
);

/** `chunks` with the owner's result replaced by what `replace` makes of it. */
function withEnding(
  { name, chunks, owner }: Case,
  replace: (chunk: Chunk) => Chunk,
): Chunk[] | undefined {
  const at = chunks.findIndex((chunk) => endsOwner(name, chunk, owner));
  return at < 0 ? undefined : chunks.map((chunk, i) => (i === at ? replace(chunk) : chunk));
}

const fails = (name: string, quote: string) => (chunk: Chunk) =>
  isAiSdkRecording(name)
    ? { type: 'tool-output-error', toolCallId: chunk.toolCallId, errorText: `failed: ${quote}` }
    : {
        ...chunk,
        type: 'tool-error',
        payload: { ...(chunk.payload as object), result: undefined, error: { message: quote } },
      };

const answers = (name: string, quote: string) => (chunk: Chunk) =>
  isAiSdkRecording(name)
    ? { ...chunk, output: { text: `done with ${quote}` } }
    : { ...chunk, payload: { ...(chunk.payload as object), result: { text: quote } } };

function expectNone(name: string, chunks: Chunk[], secrets: string[]) {
  const state = reduceAll([...chunks, END], recordingOptions(name));
  const shown = everythingShown(state);
  for (const secret of secrets) expect(shown, secret).not.toContain(secret);
}

describe('what a call inside a subagent or workflow hides, quoted by the call above', () => {
  it('is checked over subagents and workflows in both formats', () => {
    const kinds = new Set(ENDED.map(({ owner }) => owner.kind));
    expect([...kinds].sort()).toEqual(['agent', 'workflow']);
    expect(ENDED.some(({ name }) => isAiSdkRecording(name))).toBe(true);
  });

  describe.each(ENDED)('$name: $owner.toolName', (c) => {
    it('in its error', () => {
      const chunks = withEnding(c, fails(c.name, c.secrets.join(' and ')))!;
      expectNone(c.name, chunks, c.secrets);
    });
  });

  // A subagent's result is its model's answer, shown as written (what a model writes is its own);
  // a workflow's is data its steps passed on.
  describe.each(ENDED.filter(({ owner }) => owner.kind === 'workflow'))(
    '$name: $owner.toolName',
    (c) => {
      it('in its result', () => {
        const chunks = withEnding(c, answers(c.name, c.secrets.join(' and ')))!;
        expectNone(c.name, chunks, c.secrets);
      });
    },
  );
});

/** A native workflow event nested in the chunk (a `tool-output` carrying it), or undefined. */
const workflowEvent = (chunk: Chunk): Chunk | undefined => {
  const output = (chunk.payload as { output?: Chunk } | undefined)?.output;
  return typeof output?.type === 'string' && output.type.startsWith('workflow-step-')
    ? output
    : undefined;
};

describe("a workflow's steps after a call inside it that hides a value", () => {
  const WORKFLOWS = CASES.filter(
    ({ name, owner }) => owner.kind === 'workflow' && !isAiSdkRecording(name),
  );

  it('is checked over native workflows', () => {
    expect(WORKFLOWS.length).toBeGreaterThan(0);
  });

  describe.each(WORKFLOWS)('$name', (c) => {
    const quote = c.secrets.join(' and ');
    // The steps that come after the last chunk of a call inside that hides (its values known).
    const state = reduceAll(c.chunks, recordingOptions(c.name));
    const hiding = callsUnder(state, c.owner).filter(hidesValue);
    const names = (chunk: Chunk) =>
      hiding.some((call) => JSON.stringify(chunk).includes(`"toolCallId":"${call.toolCallId}"`));
    let last = c.chunks.length - 1;
    while (last >= 0 && !names(c.chunks[last]!)) last--;
    const later = (edit: (event: Chunk) => void) =>
      c.chunks.map((chunk, i) => {
        const event = i > last ? workflowEvent(chunk) : undefined;
        if (event === undefined) return chunk;
        const copy = structuredClone(chunk);
        edit(workflowEvent(copy)!);
        return copy;
      });

    it('show none of it in their inputs and outputs', () => {
      const chunks = later((event) => {
        const payload = event.payload as Record<string, unknown>;
        if (event.type === 'workflow-step-start') payload.payload = { passed: quote };
        if (event.type === 'workflow-step-result') payload.output = { passed: quote };
      });
      expect(JSON.stringify(chunks)).toContain(quote);
      expectNone(c.name, chunks, c.secrets);
    });

    it('show none of it in their errors', () => {
      const chunks = later((event) => {
        if (event.type !== 'workflow-step-result') return;
        const payload = event.payload as Record<string, unknown>;
        payload.status = 'failed';
        delete payload.output;
        payload.error = { name: 'Error', message: `rejected ${quote}` };
      });
      expectNone(c.name, chunks, c.secrets);
    });
  });
});
