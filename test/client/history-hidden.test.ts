import { createToolpaneStore } from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * What the client README's Security section says of history: a UIMessage useChat built from a
 * stream whose input deltas @mastra/ai-sdk suppressed keeps the raw input (protocol §6.4), so the
 * app restores it with the tool's client transform or from Toolpane's own snapshot.
 */
const NAME = 'transform-input-streamed-aisdk';
const SECRET = 'sk-secret-123';

async function savedMessage(): Promise<unknown> {
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of loadFixture(NAME)) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  // What an app persists: the message as JSON.
  return JSON.parse(JSON.stringify(last));
}

const shown = (state: ReturnType<typeof stateFromUIMessages>) => {
  const call = state.toolCalls.get('call-crm-1');
  return JSON.stringify([call?.input, call?.output]);
};

describe('history of a call whose streamed input was hidden', () => {
  it('the saved UIMessage holds the raw input and nothing that says it was hidden', async () => {
    const message = await savedMessage();
    expect(JSON.stringify(message)).toContain(SECRET);
    // Read as it is, the input shows: the gap the README names.
    expect(shown(stateFromUIMessages([message]))).toContain(SECRET);
  });

  it('restored with the client transform of the tool, it stays hidden', async () => {
    const message = await savedMessage();
    const state = stateFromUIMessages([message], {
      transforms: { crmLookupTool: { input: (v) => ({ ...(v as object), apiKey: '••' }) } },
    });
    expect(shown(state)).not.toContain(SECRET);
    expect(state.toolCalls.get('call-crm-1')?.input).toEqual({
      kind: 'transformed',
      value: { query: 'Ada Lovelace', apiKey: '••' },
    });
  });

  it("restored from Toolpane's own snapshot, it stays hidden", () => {
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(loadFixture(NAME));
    const live = store.getState();
    expect(shown(live)).not.toContain(SECRET);
    const restored = deserializeState(JSON.parse(JSON.stringify(serializeState(live))));
    expect(shown(restored)).not.toContain(SECRET);
    expect(restored.toolCalls.get('call-crm-1')?.input).toEqual(
      live.toolCalls.get('call-crm-1')?.input,
    );
  });

  it('rebuilt with the state that showed it (`shownBefore`), it stays hidden', async () => {
    const message = (await savedMessage()) as { id: string };
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(loadFixture(NAME));
    const live = store.getState();
    expect(live.runOrder).toEqual([message.id]);
    const rebuilt = stateFromUIMessages([message], { shownBefore: live });
    expect(shown(rebuilt)).not.toContain(SECRET);
    expect(rebuilt.toolCalls.get('call-crm-1')?.input).toEqual({
      kind: 'hidden',
      reason: 'suppressed',
    });
    // What the live state showed stays shown.
    expect(rebuilt.toolCalls.get('call-crm-1')?.output).toEqual(
      live.toolCalls.get('call-crm-1')?.output,
    );
    // A state of other runs hides nothing: calls are matched by run and toolCallId.
    const other = createToolpaneStore({ formats: [aiSdk] });
    other.dispatchMany(
      loadFixture(NAME).filter((chunk) => (chunk as { type: string }).type !== 'start'),
    );
    expect(other.getState().runOrder).not.toContain(message.id);
    expect(shown(stateFromUIMessages([message], { shownBefore: other.getState() }))).toContain(
      SECRET,
    );
  });
});
