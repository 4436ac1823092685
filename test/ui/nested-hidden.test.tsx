import { act, render, screen } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStoreOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { openEverything } from '../utils/dom';
import { loadFixture } from '../utils/fixtures';

/**
 * A display-transformed tool that waits for a person inside subagents (approval two levels down,
 * suspension one level down; scripts/record/nested-transform.ts): the transcript, with every
 * disclosure opened, never shows what the transform hides, after any chunk, and still asks for
 * the one decision. Without subagent snapshots the request stays on the `agent-*` card, which
 * says that it waits.
 */

const APPROVAL_SECRETS = ['vk-nested-approval-secret-73', 'rcpt-nested-purge-secret-19'];
const SUSPEND_SECRETS = ['4111-nested-card-secret-26', 'hold-nested-suspend-secret-58'];
const AI: ToolpaneStoreOptions = { formats: [aiSdk] };

/** Plays recordings into a rendered transcript, checking the DOM after every chunk. */
function play(names: readonly string[], options: ToolpaneStoreOptions, secrets: string[]) {
  const store = createToolpaneStore(options);
  render(
    <ToolpaneProvider store={store}>
      <Transcript.Root />
    </ToolpaneProvider>,
  );
  const chunks = [...names.flatMap((name) => loadFixture(name)), { type: 'toolpane/stream-end' }];
  for (const chunk of chunks) {
    act(() => store.dispatch(chunk));
    openEverything();
    for (const secret of secrets) expect(document.body.innerHTML).not.toContain(secret);
  }
}

describe('an approval two levels down of a display-transformed tool', () => {
  it.each([
    ['native', 'nested-transform-approval-request', {}],
    ['AI SDK', 'aisdk-v6-nested-transform-approval', AI],
  ] as const)(
    'never shows the key and offers one approval (%s)',
    { timeout: 60_000 },
    (_, name, options) => {
      play([name], options, APPROVAL_SECRETS);
      expect(screen.getAllByRole('button', { name: /Approve/ })).toHaveLength(1);
      expect(document.body.textContent).toContain('purgeVaultTool needs your approval.');
    },
  );

  it('never shows the key without subagent snapshots (AI SDK)', { timeout: 60_000 }, () => {
    play(['aisdk-v6-nested-transform-approval-no-snapshots'], AI, APPROVAL_SECRETS);
    expect(document.body.textContent).toContain('agent-keeper needs your approval.');
    // The request waits on the subagent's card itself, which offers the decision.
    expect(screen.getAllByRole('button', { name: /Approve/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Decline/ })).toHaveLength(1);
  });

  it('never shows the key or the receipt once approved (native)', { timeout: 60_000 }, () => {
    const names = ['nested-transform-approval-request', 'nested-transform-approval-approve'];
    play(names, {}, APPROVAL_SECRETS);
    expect(document.body.textContent).toContain('Archive-7 is purged.');
  });
});

describe('a suspension inside a subagent of a display-transformed tool', () => {
  it.each([
    ['native', 'nested-transform-suspend-request', {}],
    ['AI SDK', 'aisdk-v6-nested-transform-suspend', AI],
  ] as const)(
    'never shows the card or the hold code and offers one form (%s)',
    { timeout: 60_000 },
    (_, name, options) => {
      play([name], options, SUSPEND_SECRETS);
      expect(screen.getAllByRole('form')).toHaveLength(1);
      expect(screen.getByRole('form', { name: 'Resume holdRoomTool' })).toBeInTheDocument();
    },
  );

  it('never shows the hold code without subagent snapshots (AI SDK)', { timeout: 60_000 }, () => {
    play(['aisdk-v6-nested-transform-suspend-no-snapshots'], AI, SUSPEND_SECRETS);
    expect(document.body.textContent).toContain('agent-reserve is waiting for your input.');
    expect(screen.getAllByRole('form')).toHaveLength(1);
  });

  it('never shows the card once resumed (native)', { timeout: 60_000 }, () => {
    const names = ['nested-transform-suspend-request', 'nested-transform-suspend-resume'];
    play(names, {}, SUSPEND_SECRETS);
    expect(document.body.textContent).toContain('Your room at Hotel Lumen is held.');
  });
});
