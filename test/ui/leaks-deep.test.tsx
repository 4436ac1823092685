import { act, render } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStoreOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { logChunks } from '@toolpane/client/inspect';
import { ToolpaneProvider, useToolCalls } from '@toolpane/react';
import { SubagentRun, ToolCall, ToolCallCard, Transcript } from '@toolpane/ui';
import { StreamInspector } from '@toolpane/ui/inspector';
import { describe, expect, it } from 'vitest';
import { ECHO_SECRET, TOKEN_SECRET } from '../../scripts/record/echoes';
import { openEverything } from '../utils/dom';
import { loadFixture } from '../utils/fixtures';

/**
 * A value a display transform hides three subagents deep, quoted raw by the result of every
 * agent call above it: no component shows it, nor the inspector's run tree, after any chunk. The
 * same for a subagent's own transformed call whose toolCallId a deeper, earlier call repeats.
 */

const HEADLINE = 'Berlin: new rail line opens';

function Calls() {
  const calls = useToolCalls();
  return calls.map((call) => (
    <section key={call.key}>
      <ToolCall.Root toolCallId={call.key} defaultOpen />
      <ToolCallCard toolCallId={call.key} defaultOpen />
      <SubagentRun.Root toolCallId={call.key} defaultOpen />
    </section>
  ));
}

describe('a value hidden three subagents deep', () => {
  it('never reaches the DOM through the results of the calls above it', { timeout: 60_000 }, () => {
    renderAll(
      'subagent-three-deep',
      { transforms: { headlinesTool: { input: () => ({}), output: () => ({ headlines: '•' }) } } },
      [HEADLINE],
    );
    // The results above it did render: the check looked at real content.
    expect(document.body.textContent).toContain('The analyst reports calm Berlin news.');
    expect(document.body.textContent).toContain('subAgentToolResults');
  });
});

/** What the ledger's own transformed `call-1` carries raw in `subagent-repeated-id`. */
const LEDGER_SECRETS = ['sk-ledger-secret-58', 'tok-internal-42'];

/**
 * Renders every view of a store and plays a recording into it, opening everything and checking
 * after each chunk that no secret is in the DOM (text and attributes alike).
 */
function renderAll(fixture: string, options: ToolpaneStoreOptions, secrets: readonly string[]) {
  const { store, log } = logChunks(createToolpaneStore(options));
  render(
    <ToolpaneProvider store={store}>
      <Transcript.Root />
      <Calls />
      <StreamInspector log={log} />
    </ToolpaneProvider>,
  );
  for (const chunk of [...loadFixture(fixture), { type: 'toolpane/stream-end' }]) {
    act(() => store.dispatch(chunk));
    openEverything();
    for (const secret of secrets) expect(document.body.innerHTML).not.toContain(secret);
  }
}

describe("a subagent's own hidden call whose id a deeper, earlier call repeats", () => {
  it('never reaches the DOM through the parent result (native)', { timeout: 60_000 }, () => {
    renderAll('subagent-repeated-id', {}, LEDGER_SECRETS);
    // The own call's transformed input did render, in the parent's result as well.
    expect(document.body.textContent).toContain('Katherine Johnson');
    expect(document.body.textContent).toContain('subAgentToolResults');
  });

  it('never reaches the DOM through the parent result (AI SDK)', { timeout: 60_000 }, () => {
    renderAll('subagent-repeated-id-aisdk', { formats: [aiSdk] }, LEDGER_SECRETS);
    expect(document.body.textContent).toContain('subAgentToolResults');
  });
});

describe('a hidden argument that the call quotes back in its result and its error', () => {
  it.each([
    ['hidden-argument-echoed', {}],
    ['hidden-argument-echoed-aisdk', { formats: [aiSdk] }],
  ] as const)('never reaches the DOM (%s)', { timeout: 60_000 }, (name, options) => {
    renderAll(name, options, [ECHO_SECRET, TOKEN_SECRET]);
    // The failures did render, with the mark where the password was.
    expect(document.body.textContent).toContain('Provided arguments');
    expect(document.body.textContent).toContain('[hidden]');
  });
});
