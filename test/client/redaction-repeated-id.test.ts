// @vitest-environment node
import { shownValue, type ToolCallState, type ToolpaneStoreOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { neverShows } from '../utils/shown';

/**
 * `subagent-repeated-id`: registrar -> agent-ledger (`call-ledger-1`); the ledger's model first
 * calls agent-newsroom, whose model calls the plain `headlinesTool` as `call-1`, then itself
 * calls the transformed `crmLookupTool`, also as `call-1`. The registrar's result carries both
 * raw. Its entry for the ledger's own `call-1` must be redacted with the ledger's own call, not
 * with the deeper call that came first in the stream and has no display transform.
 */

/** What the ledger's own `call-1` carries raw (its input key and its output token). */
const SECRETS = ['sk-ledger-secret-58', 'tok-internal-42'];
/** What the newsroom's plain `call-1` returns: shown, as it has no display transform. */
const HEADLINE = 'Lisbon: new rail line opens';

/** Applies the chunks, then the stream's end, and fails on any snapshot that shows `SECRETS`. */
const neverShowsSecrets = (chunks: readonly unknown[], options: ToolpaneStoreOptions = {}) =>
  neverShows([...chunks, { type: 'toolpane/stream-end' }], SECRETS, options);

/** The `subAgentToolResults` a call shows in its output. */
const entriesOf = (call: ToolCallState | undefined) =>
  (
    shownValue(call?.output ?? { kind: 'none' }) as {
      subAgentToolResults: Record<string, unknown>[];
    }
  ).subAgentToolResults;

describe("a subagent's own call whose id a deeper, earlier call repeats", () => {
  it('is carried raw in the parent result, after a deeper call with the same id', () => {
    const chunks = loadFixture('subagent-repeated-id');
    const text = JSON.stringify(chunks);
    for (const secret of SECRETS) expect(text).toContain(secret);
    // The deeper plain call streams first.
    expect(text.indexOf(HEADLINE)).toBeLessThan(text.indexOf('sk-ledger-secret-58'));
  });

  it("shows the own call's Mastra-transformed values in the parent's result (native)", () => {
    const state = neverShowsSecrets(loadFixture('subagent-repeated-id'));
    const [news, lookup] = entriesOf(state.toolCalls.get('call-ledger-1'));
    expect(lookup).toMatchObject({
      toolCallId: 'call-1',
      toolName: 'crmLookupTool',
      args: { query: 'Katherine Johnson', apiKey: '••••' },
      result: { customer: { name: 'Katherine Johnson', plan: 'enterprise' } },
    });
    expect(lookup?.result).not.toHaveProperty('sessionToken');
    // The deeper call with the same id has no transform: its entry shows it as it is.
    expect(JSON.stringify(news)).toContain(HEADLINE);
  });

  it('shows a client transform of the own call in its place (native)', () => {
    const state = neverShowsSecrets(loadFixture('subagent-repeated-id'), {
      transforms: { headlinesTool: { output: () => ({ headlines: 'by the app' }) } },
    });
    const [, lookup] = entriesOf(state.toolCalls.get('call-ledger-1'));
    // Mastra's transform of the ledger's own call wins over the app's for the deeper one.
    expect(lookup).toMatchObject({ args: { apiKey: '••••' }, result: { customer: {} } });
  });

  it('hides the own call on the AI SDK path, with and without client transforms', () => {
    const chunks = loadFixture('subagent-repeated-id-aisdk');
    expect(JSON.stringify(chunks)).toContain('sk-ledger-secret-58');
    neverShowsSecrets(chunks, { formats: [aiSdk] });
    // No transform metadata on this path: the app's transforms of both tools decide what shows.
    const state = neverShowsSecrets(chunks, {
      formats: [aiSdk],
      transforms: {
        headlinesTool: { input: () => ({ topic: 'by the app' }) },
        crmLookupTool: { input: () => ({ apiKey: '••' }), output: () => 'by the app' },
      },
    });
    const [news, lookup] = entriesOf(state.toolCalls.get('call-ledger-1'));
    expect(lookup).toMatchObject({
      toolCallId: 'call-1',
      args: { apiKey: '••' },
      result: 'by the app',
    });
    // Whether the newsroom call has a server transform is not known here: its result is withheld.
    expect(JSON.stringify(news)).not.toContain(HEADLINE);
  });
});
