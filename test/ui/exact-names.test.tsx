import { render, screen } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { escapeText, ToolCall } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * An approval card shows keys and names so that two cannot look the same: every letter of a name
 * that could pass for an ASCII one is escaped (a letter that folds to ASCII, such as `é`,
 * fullwidth `ｐ` or mathematical `𝚊`; a Latin look-alike with no decomposition, such as `ı` or
 * `ɑ`; a combining mark on an ASCII letter). Checked for every key of every recorded approval's
 * arguments, each written in each look-alike way.
 */

type Chunk = { type: string; payload?: Record<string, unknown> };

/** Every key of the arguments of every recorded native approval request. */
const KEYS = [
  ...new Set(
    fixtureNames().flatMap((name) =>
      (loadFixture(name) as Chunk[])
        .filter((chunk) => chunk.type === 'tool-call-approval')
        .flatMap((chunk) => {
          const args = chunk.payload?.args;
          return typeof args === 'object' && args !== null ? Object.keys(args) : [];
        }),
    ),
  ),
];

const FULLWIDTH = (c: string) =>
  /[!-~]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c;
const MONOSPACE = (c: string) =>
  /[a-z]/.test(c)
    ? String.fromCodePoint(0x1d68a + c.charCodeAt(0) - 97)
    : /[A-Z]/.test(c)
      ? String.fromCodePoint(0x1d670 + c.charCodeAt(0) - 65)
      : c;
const LATIN_ALIKE: Record<string, string> = { a: 'ɑ', g: 'ɡ', i: 'ı', j: 'ȷ' };
const ACCENTED = { nfc: 'é', nfd: 'e\u0301' };

/** Ways to write a key so that it could pass for another: each changes at least one letter. */
const VARIANTS: Record<string, (key: string) => string | undefined> = {
  fullwidth: (key) => [...key].map(FULLWIDTH).join(''),
  'mathematical monospace': (key) => [...key].map(MONOSPACE).join(''),
  'first letter fullwidth': (key) => FULLWIDTH(key[0]!) + key.slice(1),
  'Latin look-alikes': (key) =>
    /[agij]/.test(key) ? key.replace(/[agij]/g, (c) => LATIN_ALIKE[c]!) : undefined,
  'a combining mark on a letter': (key) => `${key[0]}\u0301${key.slice(1)}`,
};

describe('names that could pass for others', () => {
  it('finds keys in the recordings', () => {
    expect(KEYS.length).toBeGreaterThan(5);
  });

  for (const [variant, make] of Object.entries(VARIANTS)) {
    it(`${variant}: never shows as the key it passes for`, () => {
      for (const key of KEYS) {
        const other = make(key);
        if (other === undefined || other === key) continue;
        expect(escapeText(other, true), `${key} / ${other}`).not.toBe(escapeText(key, true));
        expect(escapeText(other, true)).toMatch(/\\u[0-9a-f]{4}/);
      }
    });
  }

  it('tells a precomposed letter from the same letter and a combining mark', () => {
    const nfc = escapeText(`pay_to_caf${ACCENTED.nfc}`, true);
    const nfd = escapeText(`pay_to_caf${ACCENTED.nfd}`, true);
    expect(nfc).toBe('pay_to_caf\\u00e9');
    expect(nfd).toBe('pay_to_cafe\\u0301');
  });

  it('shows words in other scripts as written, and text that is not a name too', () => {
    expect(escapeText('получатель', true)).toBe('получатель');
    expect(escapeText('受取人', true)).toBe('受取人');
    expect(escapeText('café')).toBe('café');
  });

  it('on the approval card of a recorded request, two such keys read differently', () => {
    const chunks = (loadFixture('approval-request') as Chunk[]).map((chunk) =>
      chunk.type === 'tool-call' || chunk.type === 'tool-call-approval'
        ? {
            ...chunk,
            payload: {
              ...chunk.payload,
              args: {
                admin: false,
                ɑdmın: true,
                [`caf${ACCENTED.nfc}`]: 1,
                [`caf${ACCENTED.nfd}`]: 2,
              },
            },
          }
        : chunk,
    );
    const store = createToolpaneStore();
    store.dispatchMany(chunks.filter((chunk) => !chunk.type.startsWith('tool-call-delta')));
    store.dispatch({ type: 'toolpane/stream-end' });
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'ops-agent',
      store,
      fetch: () => Promise.reject(new Error('not sent')),
    });
    render(
      <ToolpaneProvider session={session}>
        <ToolCall.Root toolCallId="call-del-1" />
      </ToolpaneProvider>,
    );
    const group = screen.getByRole('group', { name: 'Approval for deleteTool' });
    const keys = [...group.querySelectorAll('[data-slot="exact-key"]')].map((k) => k.textContent);
    expect(keys).toEqual([
      '"admin": ',
      '"\\u0251dm\\u0131n": ',
      '"caf\\u00e9": ',
      '"cafe\\u0301": ',
    ]);
  });
});
