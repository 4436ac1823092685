import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { stateFromMastraMessages } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';

/*
 * History is input like any stream: a message the readers cannot read becomes an issue naming it,
 * with an excerpt that shows no string values (they may be hidden tool values), and the messages
 * around it are kept.
 */

const issue = (message: string, excerpt: string) => ({
  kind: 'invalid-chunk',
  message,
  chunkType: 'message',
  excerpt,
});

describe('unreadable history messages', () => {
  it('memory messages: an issue per unreadable message, the readable ones kept', () => {
    const state = stateFromMastraMessages([
      { role: 'user', content: 'hello' },
      { role: 'assistant', secret: 'pw-123' },
      5,
      {
        role: 'assistant',
        content: { format: 2, parts: [{ type: 'text', text: 'hi there' }] },
      },
    ]);
    expect(state.issues).toEqual([
      issue('A memory message needs a role and a content', '{"role":"…","secret":"…"}'),
      issue('A memory message needs a role and a content', '0'),
    ]);
    expect(JSON.stringify(state.issues)).not.toContain('pw-123');
    expect(state.runOrder).toHaveLength(1);
  });

  it('memory messages: history that is not a list is one issue', () => {
    expect(stateFromMastraMessages('nope').issues).toEqual([
      issue('History must be an array of messages or { messages: [...] }', 'nope'),
    ]);
  });

  it('UI messages: an issue per unreadable message, with a redacted excerpt', () => {
    const state = stateFromUIMessages([
      { id: 'm1', role: 'assistant', note: 'pw-9' },
      { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'hi there' }] },
    ]);
    expect(state.issues).toEqual([
      issue('A UI message needs a role and parts', '{"id":"m1","role":"…","note":"…"}'),
    ]);
    expect(state.runOrder).toHaveLength(1);
  });
});
