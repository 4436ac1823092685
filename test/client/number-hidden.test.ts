// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, neverShows } from '../utils/shown';

/*
 * A hidden value that is a number (a PIN, an account number the model passed as one) is hidden as
 * its digits wherever they come back: as a JSON number or inside a string, in the call's own
 * result and in what a call beside it got back. Over the recordings whose transform hides a key
 * of the arguments, in both formats, the key made a number.
 */

const SECRET = 'sk-secret-123';
const PIN = 98765432;

const CASES = fixtureNames().filter(
  (name) =>
    name.startsWith('transform-input') &&
    loadFixture(name).some((c) => JSON.stringify(c).includes(SECRET)),
);

/** The recording with the key made the number {@link PIN}. */
const withPin = (name: string): Record<string, unknown>[] =>
  JSON.parse(JSON.stringify(loadFixture(name)).replaceAll(`"${SECRET}"`, String(PIN)));

/** A call beside the one that hides, whose result is `result`, as recording `name` sends it. */
function beside(name: string, runId: unknown, result: unknown): unknown[] {
  const args = { customer: 'Ada Lovelace' };
  if (isAiSdkRecording(name)) {
    return [
      {
        type: 'tool-input-available',
        toolCallId: 'call-audit-1',
        toolName: 'auditTool',
        input: args,
      },
      { type: 'tool-output-available', toolCallId: 'call-audit-1', output: result },
    ];
  }
  const call = { toolCallId: 'call-audit-1', toolName: 'auditTool', args };
  return [
    { type: 'tool-call', runId, from: 'AGENT', payload: call },
    { type: 'tool-result', runId, from: 'AGENT', payload: { ...call, result } },
  ];
}

describe('a hidden number', () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.some(isAiSdkRecording)).toBe(true);
    expect(CASES.some((name) => !isAiSdkRecording(name))).toBe(true);
  });

  it.each(CASES)('%s: shows nowhere, as a number or in a string', (name) => {
    const chunks = withPin(name);
    const runId = chunks.find((c) => typeof c.runId === 'string')?.runId;
    // After the call that hides it: before the last step's end.
    const ends = chunks.flatMap((c, i) =>
      c.type === 'finish-step' || c.type === 'step-finish' ? [i] : [],
    );
    const at = ends.at(-1)!;
    for (const result of [{ pin: PIN }, { note: `pin ${PIN} on file` }, [PIN], PIN]) {
      const read = [
        ...chunks.slice(0, at),
        ...beside(name, runId, result),
        ...chunks.slice(at),
        END,
      ];
      const state = neverShows(read, [String(PIN)], recordingOptions(name));
      expect(everythingShown(state)).toContain('[hidden]');
      expect(everythingShown(state)).toContain('Ada Lovelace');
    }
  });
});
