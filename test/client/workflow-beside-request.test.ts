// @vitest-environment node
import { reduceAll, type ToolCallState, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, keptState, recordingOptions } from '../utils/replays';

/*
 * A workflow that goes on after a sibling call asked for a person: the run waits while the
 * workflow's steps stream in (scripts/record/parallel-requests.ts). The workflow scans a ledger in
 * a `dountil` loop of three steps, then flags entries. Its values show (a loop's first step runs
 * again with other input, which is no display transform's mark), its loop step shows its latest
 * input and output, and a stream broken off inside the workflow, sent again and broken off again
 * before it names the workflow again, then sent whole, reads as one read.
 */

const RECORDINGS = [
  ['parallel-workflow-suspend-request', 'call-par-audit-wf-2', 'call-par-hold-1'],
  ['aisdk-v6-parallel-workflow-suspend-request', 'call-par-audit-wf-2', 'call-par-hold-1'],
  ['parallel-workflow-approval-request', 'call-par-audit-wf-1', 'call-del-sub-1'],
] as const;

const ERROR = { type: 'toolpane/stream-error', message: 'socket hang up' };

const callOf = (state: ToolpaneState, toolCallId: string): ToolCallState =>
  [...state.toolCalls.values()].find((call) => call.toolCallId === toolCallId)!;

describe.each(RECORDINGS)('%s', (name, workflowCall, asking) => {
  const chunks = loadFixture(name);
  const options = recordingOptions(name);
  /** The chunks that carry the workflow's news (after the sibling asked). */
  const inside = chunks
    .map((chunk, at) => ({ at, text: JSON.stringify(chunk) }))
    .filter(({ text }) => text.includes('scan-page'))
    .map(({ at }) => at);

  it('runs the workflow to its end while the run waits for a person', () => {
    const state = reduceAll([...chunks, END], options);
    expect(['approval-requested', 'suspended']).toContain(callOf(state, asking).status);
    const top = [...state.runs.values()].find((run) => run.parentToolCallId === null);
    expect(top?.status).toBe('waiting');
    const call = callOf(state, workflowCall);
    expect(call.displayTransform).not.toBe('display');
    expect(call.input.kind).toBe('raw');
    const { workflow } = call;
    expect(workflow?.status).toBe('success');
    expect(workflow?.stepIds).toEqual(['scan-page', 'flag-entries']);
    const scan = workflow?.steps.get('scan-page');
    // The loop's latest pass: the page it read and the page it stopped at.
    expect(scan).toMatchObject({
      status: 'success',
      input: { page: 2 },
      output: { page: 3 },
    });
    expect(workflow?.steps.get('flag-entries')?.output).toEqual({ flagged: 3 });
    if (!isAiSdkRecording(name)) expect(scan?.iterations?.size).toBe(3);
  });

  it('shows the steps as each snapshot or event brings them, never hidden', () => {
    // Before the fix a loop's second pass marked the call display-transformed.
    for (let cut = inside[0]!; cut <= chunks.length; cut += 1) {
      const call = callOf(reduceAll(chunks.slice(0, cut), options), workflowCall);
      expect(call.displayTransform, `after ${cut} chunks`).not.toBe('display');
      const scan = call.workflow?.steps.get('scan-page');
      if (scan?.input !== undefined) {
        expect(scan.input, `after ${cut} chunks`).toMatchObject({ ledger: expect.any(String) });
      }
    }
  });

  it('broken inside the workflow, broken again right after its start, then whole: reads once', () => {
    expect(inside.length).toBeGreaterThan(4);
    const once = keptState(reduceAll([...chunks, END], options), { transport: false });
    for (const cut of inside) {
      for (const again of [1, 2, inside[0]!]) {
        for (const broke of [END, ERROR]) {
          const sequence = [
            ...chunks.slice(0, cut),
            broke,
            ...chunks.slice(0, again),
            broke,
            ...chunks,
            END,
          ];
          const state = reduceAll(sequence, options);
          expect(keptState(state, { transport: false }), `${cut}, then ${again}`).toEqual(once);
        }
      }
    }
  });
});
