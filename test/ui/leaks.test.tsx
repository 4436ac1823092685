import { act, render } from '@testing-library/react';
import {
  createToolpaneStore,
  type DisplayValue,
  reduceAll,
  type ToolCallState,
  type ToolpaneStore,
} from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { DisplayValueView } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { openEverything } from '../utils/dom';
import { EveryView } from '../utils/every-view';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { everythingShown, TOLD_LATE } from '../utils/shown';

/**
 * Every UI component, rendered after every chunk of every recording with a display transform,
 * with every disclosure opened: no value the transform hides may reach the DOM, an attribute or
 * an accessible name or description.
 */

function shownValues(call: ToolCallState): DisplayValue[] {
  const values = [call.input, call.output, call.error, ...call.progress];
  if (call.approval !== undefined) values.push(call.approval.args);
  if (call.suspension !== undefined) values.push(call.suspension.payload);
  return values;
}

/**
 * The raw values of a recording that its display transforms keep off the screen: strings and long
 * numbers that no shown value contains. What the agent itself then says in its text is the
 * agent's to say (a transform hides values from the display, not from the model), so those are
 * left out.
 */
function hiddenStrings(name: string): string[] {
  const state = reduceAll([...loadFixture(name), { type: 'toolpane/stream-end' }]);
  const said = [...state.runs.values()]
    .flatMap((run) => run.parts)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
  const hidden = new Set<string>();
  for (const call of state.toolCalls.values()) {
    const shown = JSON.stringify(shownValues(call));
    const walk = (value: unknown) => {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text === 'string' && text.length >= 5) {
        if (!shown.includes(text) && !said.includes(text)) hidden.add(text);
      } else if (typeof value === 'object' && value !== null) {
        Object.values(value).forEach(walk);
      }
    };
    walk(call.raw);
  }
  return [...hidden];
}

/**
 * The recordings read here: every native recording whose chunks carry a display transform's value
 * and that hides something (a continuation read alone may carry only what it shows). A recording
 * added later is read without being named here.
 */
const RECORDINGS = fixtureNames().filter(
  (name) =>
    !name.includes('aisdk') &&
    JSON.stringify(loadFixture(name)).includes('"transformed"') &&
    hiddenStrings(name).length > 0,
);

it('reads every recording that hides values, those named when each was found among them', () => {
  expect(RECORDINGS).toEqual(
    expect.arrayContaining([
      'transform-agent-policy',
      'transform-failed',
      'transform-input-streamed',
      'transform-input-whole',
      'workflow-deep-hidden',
      'subagent-model-output',
      'subagent-error-echoed',
      'workflow-agent-step',
      'subagent-parallel-hidden',
      'workflow-error-hidden',
      'workflow-hidden-whole-input',
      'transform-approval-decline-request',
      'transform-progress-hidden',
      'subagent-hidden-whole-input',
      'piped-agent-hidden',
    ]),
  );
});

/** Every component, and each of a call's shown values on its own. */
const showValues = (call: ToolCallState) =>
  shownValues(call).map((value, index) => (
    // The list of a call's values only grows at its end.
    // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
    <DisplayValueView key={index} value={value} empty="none" defaultExpandDepth={99} />
  ));

function expectNothingHidden(hidden: RegExp): void {
  expect(document.body.innerHTML).not.toMatch(hidden);
  for (const element of document.body.querySelectorAll('*')) {
    expect(element).not.toHaveAccessibleName(hidden);
    expect(element).not.toHaveAccessibleDescription(hidden);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(RECORDINGS)('%s', (name) => {
  const secrets = hiddenStrings(name);

  it('has values its transform hides', () => {
    expect(secrets.length).toBeGreaterThan(0);
  });

  // Renders after every chunk: seconds on a busy machine, so no 5 s limit.
  it('never shows them, after any chunk, in any component', { timeout: 60_000 }, () => {
    const hidden = new RegExp(secrets.map(escapeRegExp).join('|'));
    const store: ToolpaneStore = createToolpaneStore();
    render(
      <ToolpaneProvider store={store}>
        <EveryView extra={showValues} />
      </ToolpaneProvider>,
    );
    // A value a call hides only after another showed it shows until then (`TOLD_LATE`): checked
    // from the first chunk after which the state shows it no longer.
    let seen = false;
    let told = !TOLD_LATE.has(name);
    for (const chunk of [...loadFixture(name), { type: 'toolpane/stream-end' }]) {
      act(() => store.dispatch(chunk));
      if (!told) {
        const shows = hidden.test(everythingShown(store.getState()));
        seen ||= shows;
        told = seen && !shows;
      }
      if (!told) continue;
      openEverything();
      expectNothingHidden(hidden);
    }
    expect(told).toBe(true);
    // The display versions did render, so the check above looked at real content.
    const shown = [...store.getState().toolCalls.values()].flatMap(shownValues);
    expect(shown.some((value) => value.kind === 'transformed' || value.kind === 'hidden')).toBe(
      true,
    );
    expect(document.body.querySelector('[data-slot="display-value"][data-kind]')).not.toBeNull();
  });
});
