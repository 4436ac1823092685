// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  type ToolpaneState,
  type WorkflowState,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * A workflow's steps are a persistent map and its step ids are read from the map's keys: what a
 * reader gets must be what a `Map` and an array gave, in every published snapshot, through a
 * spread, JSON, a structured clone and a server-rendered snapshot taken mid-stream.
 */

const CALL = 'call-report-1';
const chunks = loadFixture('workflow-tool');
const workflowOf = (state: ToolpaneState) => state.toolCalls.get(CALL)?.workflow;
const plain = (workflow: WorkflowState | undefined) =>
  workflow && { stepIds: [...workflow.stepIds], steps: [...workflow.steps.values()] };

describe('the steps of a workflow call', () => {
  it('stay as published while later steps arrive', () => {
    const store = createToolpaneStore();
    const seen: { workflow: WorkflowState; json: string }[] = [];
    store.subscribe(() => {
      const workflow = workflowOf(store.getState());
      if (workflow !== undefined) seen.push({ workflow, json: JSON.stringify(plain(workflow)) });
    });
    for (const chunk of chunks) store.dispatch(chunk);
    expect(new Set(seen.map((s) => s.json)).size).toBeGreaterThan(2);
    for (const { workflow, json } of seen) {
      expect(JSON.stringify(plain(workflow))).toBe(json);
      expect([...workflow.steps.keys()]).toEqual(workflow.stepIds);
    }
    expect(workflowOf(store.getState())?.stepIds).toEqual(['fetch-figures', 'summarize']);
  });

  it('are read the same through a spread, JSON and a structured clone', () => {
    const workflow = workflowOf(reduceAll(chunks))!;
    const steps = [...workflow.steps.values()];
    expect({ ...workflow }.stepIds).toEqual(['fetch-figures', 'summarize']);
    const json = JSON.parse(JSON.stringify(workflow));
    expect(json.stepIds).toEqual(['fetch-figures', 'summarize']);
    expect(Object.values(json.steps)).toEqual(JSON.parse(JSON.stringify(steps)));
    expect(structuredClone(workflow).stepIds).toEqual(['fetch-figures', 'summarize']);
    expect(Object.isFrozen(workflow.stepIds)).toBe(true);
    expect(workflow.stepIds).toBe(workflow.stepIds);
  });

  it('continue after a snapshot serialized between two steps', () => {
    const cut = chunks.findIndex((chunk) => JSON.stringify(chunk).includes('workflow-step-result'));
    expect(cut).toBeGreaterThan(0);
    const first = reduceAll(chunks.slice(0, cut + 1));
    expect(workflowOf(first)?.stepIds).toEqual(['fetch-figures']);
    const serialized = serializeState(first).toolCalls[0] as { workflow: object };
    expect(Object.values(serialized.workflow)).not.toContain(undefined);
    const wire = JSON.parse(JSON.stringify(serializeState(first)));
    expect(wire.toolCalls[0].workflow.stepIds).toEqual(['fetch-figures']);
    const store = createToolpaneStore({ initialState: deserializeState(wire) });
    for (const chunk of chunks.slice(cut + 1)) store.dispatch(chunk);
    expect(plain(workflowOf(store.getState()))).toEqual(plain(workflowOf(reduceAll(chunks))));
  });
});
