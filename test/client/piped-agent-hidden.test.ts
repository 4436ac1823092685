// @vitest-environment node
import { reduceAll } from '@toolpane/client';
import { serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';
import { neverShows } from '../utils/shown';

/*
 * A tool with a display transform that runs an agent of its own and pipes the agent's stream into
 * its writer (scripts/record/piped-agent.ts): natively the piped chunks come as the tool's
 * `tool-output`, raw; through `@mastra/ai-sdk` as `data-tool-agent` snapshots. Either way they
 * carry the key the transform hides, in the agent's prompt, tool call and answer. They are the
 * tool's output, hidden as the transform hides it, not a run shown beside it.
 */

const SECRET = 'sk-piped-vault-secret-6624';

describe.each(['piped-agent-hidden', 'piped-agent-hidden-aisdk'])('%s', (name) => {
  const chunks = [...loadFixture(name), END];
  const options = recordingOptions(name);

  it('carries the key in what the tool pipes', () => {
    const piped = chunks.filter((chunk) => {
      const type = (chunk as { type: string }).type;
      return type === 'tool-output' || type === 'data-tool-agent';
    });
    expect(piped.length).toBeGreaterThan(10);
    expect(JSON.stringify(piped)).toContain(SECRET);
  });

  it('never shows the key, after any chunk, nor in a snapshot', () => {
    const state = neverShows(chunks, [SECRET], options);
    expect(JSON.stringify(serializeState(state))).not.toContain(SECRET);
  });

  it('holds no run inside the tool, only its hidden progress', () => {
    const state = reduceAll(chunks, options);
    const call = [...state.toolCalls.values()].find((c) => c.toolCallId === 'call-piped-desk-1')!;
    expect(call).toMatchObject({ displayTransform: 'display', status: 'output-available' });
    expect(call.childRunIds).toEqual([]);
    expect(call.progress.every((value) => value.kind === 'hidden')).toBe(true);
    expect(state.toolCalls.size).toBe(1);
    expect(state.runs.size).toBe(1);
    expect(state.unknownChunks).toEqual([]);
  });
});
