import { render, screen } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { ResumeForm, SubagentRun, ToolCall, Transcript, WorkflowRun } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { loadFixture } from '../utils/fixtures';

/*
 * A card's header names the tool (or the subagent) the way an approval does: a name can carry a
 * direction override or letters of another script that pass for Latin ones (MCP tools name
 * themselves), and the header must not let it pass for another name.
 */

/** A recording with every mention of the tool's name `from` replaced by `to`. */
function renamed(fixture: string, from: string, to: string): unknown[] {
  return loadFixture(fixture).map(
    (chunk) =>
      JSON.parse(JSON.stringify(chunk).replaceAll(`"${from}"`, JSON.stringify(to))) as unknown,
  );
}

function mount(chunks: unknown[], card: ReactNode) {
  const store = createToolpaneStore();
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  render(<ToolpaneProvider store={store}>{card}</ToolpaneProvider>);
}

const SPOOFS = [
  ['a direction override', 'p\u202eexe.fdp', 'p\\u202eexe.fdp'],
  [
    'look-alikes beside Latin',
    '\u0430\u0440\u0440\u04cf\u0435_delete',
    '\\u0430\\u0440\\u0440\\u04cf\\u0435_delete',
  ],
  [
    'a word only of look-alikes',
    '\u0440\u0430\u0443\u0440\u0430\u04cf',
    '\\u0440\\u0430\\u0443\\u0440\\u0430\\u04cf',
  ],
] as const;

describe('names in card headers', () => {
  it.each(SPOOFS)('shows a tool name with %s escaped', (_, name, shown) => {
    mount(
      renamed('approval-request', 'deleteTool', name),
      <ToolCall.Root toolCallId="call-del-1" />,
    );
    const title = document.querySelector('[data-slot="tool-call-title"]')!;
    expect(title.textContent).toBe(shown);
  });

  it.each(SPOOFS)('shows a subagent name with %s escaped', (_, name, shown) => {
    mount(
      renamed('subagent', 'agent-weather', `agent-${name}`),
      <SubagentRun.Root toolCallId="call-agent-1" />,
    );
    const title = document.querySelector('[data-slot="subagent-run-title"]')!;
    expect(title.textContent).toBe(shown);
  });

  it('shows names in one script, and plain ones, as written; a function child gets the name as it is', () => {
    mount(
      renamed('approval-request', 'deleteTool', 'поиск'),
      <ToolCall.Root toolCallId="call-del-1" />,
    );
    expect(document.querySelector('[data-slot="tool-call-title"]')!.textContent).toBe('поиск');
    render(
      <ToolpaneProvider
        store={(() => {
          const store = createToolpaneStore();
          store.dispatchMany(renamed('approval-request', 'deleteTool', 'p\u202eexe.fdp'));
          return store;
        })()}
      >
        <ToolCall.Root toolCallId="call-del-1">
          <ToolCall.Title data-testid="own">{(name) => name.length}</ToolCall.Title>
        </ToolCall.Root>
      </ToolpaneProvider>,
    );
    expect(screen.getByTestId('own').textContent).toBe('9');
  });
});

describe('look-alike letters in the other names and lines a stream sends', () => {
  it('escapes a workflow step named with a Cyrillic letter among Latin ones', () => {
    mount(
      renamed('workflow-tool', 'fetch-figures', 'f\u0435tch-figures'),
      <WorkflowRun.Root toolCallId="call-report-1" />,
    );
    const names = [...document.querySelectorAll('[data-slot="workflow-step-name"]')].map(
      (name) => name.textContent,
    );
    expect(names).toContain('f\\u0435tch-figures');
    expect(names).toContain('summarize');
  });

  it('escapes a cited address whose host could pass for a Latin one', () => {
    const chunks = loadFixture('sources-and-file').map(
      (chunk) =>
        JSON.parse(
          JSON.stringify(chunk).replace(
            'https://weather.example.com/paris',
            'https://\u0430\u0440\u0440\u04cf\u0435.com/\u041f\u0430\u0440\u0438\u0436',
          ),
        ) as unknown,
    );
    mount(chunks, <Transcript.Root />);
    const url = document.querySelector('[data-slot="transcript-source-url"]')!;
    expect(url.textContent).toBe(
      ' https://\\u0430\\u0440\\u0440\\u04cf\\u0435.com/\\u041f\\u0430\\u0440\\u0438\\u0436',
    );
  });

  it("escapes a resume form's choice that mixes scripts, and leaves the others as written", () => {
    mount(
      renamed('reservation-request', 'terrace', 't\u0435rrace').map((chunk) =>
        // The choice also sits inside the schema, a JSON string.
        JSON.parse(JSON.stringify(chunk).replaceAll('\\"terrace\\"', '\\"t\u0435rrace\\"')),
      ),
      <ResumeForm.Root toolCallId="call-reserve-1" />,
    );
    const options = [...document.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['Choose…', 'inside', 't\\u0435rrace']);
  });
});

describe('a call whose tool the stream never named', () => {
  it('is labelled and titled as an unnamed tool', async () => {
    // The answer to an approval through @mastra/ai-sdk, read without the stream it continues:
    // its result names no tool.
    const chunks = await throughAiSdk(loadFixture('approval-approved'), {
      includeSubAgentMetadata: false,
    });
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(chunks);
    expect(store.getState().toolCalls.get('call-del-1')?.toolName).toBe('');
    render(
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId="call-del-1" />
      </ToolpaneProvider>,
    );
    expect(screen.getByRole('group', { name: 'Unnamed tool' })).toBeDefined();
    const title = document.querySelector('[data-slot="tool-call-title"]')!;
    expect(title.textContent).toBe('Unnamed tool');
  });
});
