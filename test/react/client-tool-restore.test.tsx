import { act, renderHook, waitFor } from '@testing-library/react';
import { selectRunText } from '@toolpane/client';
import { createAgentSession, type SessionThread } from '@toolpane/client/session';
import { ToolpaneProvider, useClientTool } from '@toolpane/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_TOOL_AGENT_ID,
  CLIENT_TOOLS,
  serveClientToolAgent,
} from '../server/client-tool-agent.ts';

/*
 * A page reloaded while a client-side tool waited for its answer, against a real Mastra server
 * with memory: the session restoring the thread offers the restored call to `useClientTool`,
 * whose answer continues the run.
 */

const mastra = serveClientToolAgent('react-restore');

const session = (thread: SessionThread) =>
  createAgentSession({
    baseUrl: mastra.server.baseUrl,
    agentId: CLIENT_TOOL_AGENT_ID,
    clientTools: CLIENT_TOOLS,
    thread,
  });

describe('useClientTool after a reload', () => {
  it('offers to answer a restored waiting call, and the answer continues the run', async () => {
    const thread = mastra.thread();
    await session(thread).send('locate page');
    const reloaded = session(thread);
    const { result } = renderHook(() => useClientTool('call-locate-page'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <ToolpaneProvider session={reloaded}>{children}</ToolpaneProvider>
      ),
    });
    await waitFor(() => expect(result.current.canAnswer).toBe(true));
    expect(result.current).toMatchObject({ awaiting: true, sending: false });

    let answered: Awaited<ReturnType<typeof result.current.answer>> | undefined;
    await act(async () => {
      answered = await result.current.answer({ output: { city: 'Lyon' } });
    });
    expect(answered).toEqual({ ok: true });
    expect(result.current).toMatchObject({ awaiting: false, canAnswer: false });
    const state = reloaded.store.getState();
    const said = selectRunText(state, state.runOrder.at(-1)!);
    expect(said).toContain('"city":"Lyon"');
    expect(said).toContain('For: locate page');
  });
});
