import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolpaneAnnouncer } from '@toolpane/ui';
import { expect, it } from 'vitest';
import { EveryView } from '../utils/every-view';
import { loadFixture } from '../utils/fixtures';

/**
 * A server that refuses a decision with a message quoting the arguments a display transform
 * hides: the card, the announcer and every other view show the message without them.
 */
const SECRET = 'sk-approval-decline-secret-3391';
const CALL = 'call-sign-decline-1';

it('shows a refused decision without the hidden arguments its message quotes', async () => {
  const user = userEvent.setup();
  const store = createToolpaneStore();
  store.dispatchMany([
    ...loadFixture('transform-approval-decline-request'),
    { type: 'toolpane/stream-end' },
  ]);
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'signer-decline-agent',
    store,
    fetch: async () =>
      new Response(
        JSON.stringify({ error: `Tool signBuildTool failed for {"signingKey":"${SECRET}"}` }),
        { status: 500, headers: { 'content-type': 'application/json' } },
      ),
  });
  render(
    <ToolpaneProvider session={session}>
      <EveryView />
      <ToolpaneAnnouncer />
    </ToolpaneProvider>,
  );
  await user.click(screen.getAllByRole('button', { name: /^Approve / })[0]!);
  await waitFor(() =>
    expect(store.getState().toolCalls.get(CALL)?.approval?.error).toContain('signBuildTool'),
  );
  await waitFor(() => expect(document.body.textContent).toContain('Tool signBuildTool failed'));
  expect(document.body.innerHTML).not.toContain(SECRET);
});
