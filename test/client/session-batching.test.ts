import type { FetchLike } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { describe, expect, it } from 'vitest';
import { recordedResponse } from '../utils/fixtures.js';

/** A session whose server answers every request with a recording, read in small pieces. */
function sessionOf(name: string, notify?: 'sync' | 'frame') {
  const fetch: FetchLike = () => Promise.resolve(recordedResponse(name));
  return createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'weather-agent',
    fetch,
    ...(notify === undefined ? {} : { notify }),
  });
}

/** Sends a prompt and counts the store's notifications, and whether the last one saw the end. */
async function send(name: string, notify?: 'sync' | 'frame') {
  const session = sessionOf(name, notify);
  let notifications = 0;
  let lastSeenStatus: string | undefined;
  session.store.subscribe(() => {
    notifications++;
    const state = session.store.getState();
    const runId = state.runOrder.at(-1);
    lastSeenStatus = runId === undefined ? undefined : state.runs.get(runId)?.status;
  });
  const result = await session.send('What is the weather in Paris?');
  return { result, notifications, lastSeenStatus };
}

describe("a session's live stream is batched by default", () => {
  it('tells subscribers far less often than once per read, and the end at once', async () => {
    const batched = await send('tool-then-text');
    const perRead = await send('tool-then-text', 'sync');
    expect(batched.result.status).toBe('done');
    expect(perRead.result.status).toBe('done');
    // One notification per network read without batching; a handful of frames with it.
    expect(perRead.notifications).toBeGreaterThan(10);
    expect(batched.notifications).toBeLessThan(perRead.notifications / 2);
    // When send resolves, subscribers have already heard how the run ended.
    expect(batched.lastSeenStatus).toBe('finished');
    expect(perRead.lastSeenStatus).toBe('finished');
  });
});
