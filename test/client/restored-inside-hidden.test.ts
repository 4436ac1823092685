// @vitest-environment node
import { reduceAll, type ToolCallState } from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { answering, END, failing, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { callsUnder, everythingShown, hiddenTexts } from '../utils/shown';

/*
 * A snapshot (`serializeState`) leaves out the raw values of the calls that hide some, so a
 * browser that restored it can no longer search what comes later for them. A subagent's or a
 * workflow's result or error that comes after the restore may quote what a call inside it hid:
 * an error shows withheld, a workflow's result (data its steps passed on) too, and a subagent's
 * result keeps its structural redaction (its inner calls as they are known). Over every
 * recording with an `agent-*` or `workflow-*` call whose inner calls hide a value, in both
 * formats: the state just before that call's result, restored from its snapshot, then the
 * result quoting each hidden text (as a failure, and for a workflow as its result).
 */

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

const endsOwner = (name: string, chunk: Chunk, owner: ToolCallState) =>
  isAiSdkRecording(name)
    ? chunk.type === 'tool-output-available' && chunk.toolCallId === owner.toolCallId
    : chunk.type === 'tool-result' && chunk.payload?.toolCallId === owner.toolCallId;

const CASES = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  const state = reduceAll([...chunks, END], recordingOptions(name));
  return [...state.toolCalls.values()]
    .filter((owner) => owner.kind !== 'tool' && owner.parentToolCallId === null)
    .map((owner) => ({
      name,
      chunks,
      owner,
      at: chunks.findIndex((chunk) => endsOwner(name, chunk, owner)),
      secrets: hiddenTexts(state, callsUnder(state, owner)),
    }))
    .filter(({ at, secrets }) => at >= 0 && secrets.length > 0);
});

describe("a subagent's or workflow's result after a snapshot was restored", () => {
  it('is checked over subagents and workflows in both formats', () => {
    expect(new Set(CASES.map(({ owner }) => owner.kind))).toEqual(new Set(['agent', 'workflow']));
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
  });

  describe.each(CASES)('$name: $owner.toolName', ({ name, chunks, owner, at, secrets }) => {
    const quote = secrets.join(' and ');
    const before = reduceAll(chunks.slice(0, at), recordingOptions(name));
    const restored = deserializeState(JSON.parse(JSON.stringify(serializeState(before))));
    const shownAfter = (make: (chunk: Chunk) => unknown) =>
      everythingShown(
        reduceAll(
          [make(chunks[at]!), ...chunks.slice(at + 1), END],
          recordingOptions(name),
          restored,
        ),
      );

    it('shows none of it in an error', () => {
      const shown = shownAfter(failing(name, quote));
      for (const secret of secrets) expect(shown, secret).not.toContain(secret);
    });

    if (owner.kind === 'workflow') {
      it('shows none of it in a workflow result', () => {
        const shown = shownAfter(answering(name, quote));
        for (const secret of secrets) expect(shown, secret).not.toContain(secret);
      });
    }
  });
});
