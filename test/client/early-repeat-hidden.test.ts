// @vitest-environment node
import { reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts } from '../utils/shown';

/*
 * Mastra repeats a request for a person one level up, on the `agent-*` call, right after the
 * inner call asked. A stream that brings the repeat earlier, before the inner call is known, leaves
 * it on the `agent-*` call with the inner call's values raw (no transform metadata travels one
 * level up). Once the inner call turns out to hide them, the request on the call above hides them
 * too. Every native recording with such a repeat, the repeat moved to each earlier place after
 * its `agent-*` call began: the end shows none of what the inner calls hide.
 */

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

const isRequest = (chunk: Chunk) =>
  chunk.type === 'tool-call-approval' || chunk.type === 'tool-call-suspended';

const CASES = fixtureNames()
  .filter((name) => !isAiSdkRecording(name))
  .flatMap((name) => {
    const chunks = loadFixture(name) as Chunk[];
    const state = reduceAll([...chunks, END], recordingOptions(name));
    const secrets = hiddenTexts(state);
    if (secrets.length === 0) return [];
    // Top-level requests that name an agent-* call: Mastra's repeat one level up.
    return chunks.flatMap((chunk, at) => {
      const id = chunk.payload?.toolCallId;
      if (!isRequest(chunk) || chunk.from === undefined) return [];
      const owner = [...state.toolCalls.values()].find(
        (call) => call.toolCallId === id && call.kind === 'agent' && call.parentToolCallId === null,
      );
      if (owner === undefined) return [];
      const began = chunks.findIndex(
        (c) => c.type === 'tool-call' && c.payload?.toolCallId === owner.toolCallId,
      );
      return began < 0 ? [] : [{ name, chunks, at, began, secrets }];
    });
  });

describe('a request repeated one level up before the inner call is known', () => {
  it('is checked over nested approvals and suspensions that hide values', () => {
    const types = new Set(CASES.map(({ chunks, at }) => chunks[at]!.type));
    expect([...types].sort()).toEqual(['tool-call-approval', 'tool-call-suspended']);
  });

  describe.each(CASES)('$name, the repeat at $at', ({ name, chunks, at, began, secrets }) => {
    it('hides the values at the end, wherever the repeat came', () => {
      for (let to = began + 1; to < at; to++) {
        const moved = [
          ...chunks.slice(0, to),
          chunks[at]!,
          ...chunks.slice(to, at),
          ...chunks.slice(at + 1),
        ];
        const shown = everythingShown(reduceAll([...moved, END], recordingOptions(name)));
        for (const secret of secrets)
          expect(shown, `moved to ${to}: ${secret}`).not.toContain(secret);
      }
    });
  });
});
