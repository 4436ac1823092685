import { excerpt, type ReduceOptions } from '../reducer/context.js';
import { createReducer } from '../reducer/reduce.js';
import { Draft } from '../state/draft.js';
import type { ToolpaneState } from '../state/state.js';
import { initialState } from '../state/state-root.js';
import type { ToolpaneEvent } from '../stream/events.js';
import type { BadMessage, HistoryChunks } from './common.js';
import { withholdInner } from './withhold.js';

const isBadMessage = (chunk: unknown): chunk is BadMessage =>
  (chunk as { type?: unknown } | null)?.type === 'toolpane/history-issue';

/** The issue of a history message the reader could not read. */
const issueOf = ({ message, value }: BadMessage): ToolpaneEvent => ({
  type: 'toolpane/issue',
  issue: { kind: 'invalid-chunk', message, chunkType: 'message', excerpt: excerpt(value) },
});

/**
 * Applies history chunks with the reducer that reads live streams. The run of each segment is the
 * one its chunks made current, so runs the reducer names itself get their prompt too. The values
 * of requests raised inside a subagent that no metadata tells about show hidden (`withholdInner`).
 */
export function buildHistory(history: HistoryChunks, options: ReduceOptions): ToolpaneState {
  const reducer = createReducer(initialState, options);
  const apply = (chunk: unknown) =>
    reducer.apply(isBadMessage(chunk) ? issueOf(chunk) : chunk) && reducer.publish();
  const prompts = new Map<string, string>();
  for (const segment of history.segments) {
    for (const chunk of segment.chunks) apply(chunk);
    const cursor = reducer.cursor();
    const runId = segment.runId ?? cursor.aiSdkRunId ?? cursor.currentRunId;
    if (segment.prompt !== undefined && runId !== undefined) prompts.set(runId, segment.prompt);
  }
  for (const chunk of history.tail) apply(chunk);
  const state = withholdInner(reducer.publish(), history.innerRequests, options.transforms);
  return withPrompts(state, prompts);
}

/** Sets the prompt of each rebuilt run. */
export function withPrompts(state: ToolpaneState, prompts: Map<string, string>): ToolpaneState {
  if (prompts.size === 0) return state;
  const draft = new Draft(state);
  for (const [runId, prompt] of prompts) {
    const run = draft.run(runId);
    if (run !== undefined) run.prompt = prompt;
  }
  return draft.publish();
}
