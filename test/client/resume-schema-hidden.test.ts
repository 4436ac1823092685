// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { resumeFields } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts } from '../utils/shown';

/*
 * A tool declares the schema its resume data must satisfy, and that schema may quote what the
 * call hides (a description that names the account, a default or an enum of its values). The
 * schema is shown (the resume form's labels, descriptions, defaults and choices), so it shows
 * none of what the call hides. Over every recording, in both formats, with a request that carries
 * a schema on a call that hides a value: the schema made to quote each hidden text in a
 * property's description, default, enum and examples, and in a property's name.
 */

type Chunk = Record<string, unknown> & { type: string };

/**
 * The object of `chunk` that carries a request's schema and toolCallId: its `payload`, an AI SDK
 * chunk's `data`, or those of a chunk nested in it (a subagent's request, wrapped in a
 * `tool-output`).
 */
function request(chunk: unknown): Record<string, unknown> | undefined {
  if (typeof chunk !== 'object' || chunk === null) return undefined;
  const value = chunk as Record<string, unknown>;
  if (value.resumeSchema !== undefined && typeof value.toolCallId === 'string') return value;
  for (const child of Object.values(value)) {
    const found = request(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema, with every hidden text quoted; a string where Mastra sent one. */
function quoting(schema: unknown, secrets: string[]): unknown {
  const parsed = (typeof schema === 'string' ? JSON.parse(schema) : schema) as {
    properties?: Record<string, unknown>;
  };
  const quote = {
    type: 'string',
    description: `Confirm ${secrets.join(' and ')}`,
    default: secrets[0],
    enum: secrets,
    examples: secrets,
  };
  const made = {
    ...parsed,
    properties: { ...parsed.properties, note: quote, [secrets[0]!]: { type: 'boolean' } },
  };
  return typeof schema === 'string' ? JSON.stringify(made) : made;
}

/** Everything shown, with each request's schema and the resume form's fields for it. */
function shownWithSchemas(state: ToolpaneState): string {
  const schemas = [...state.toolCalls.values()].flatMap((call) =>
    [call.approval?.resumeSchema, call.suspension?.resumeSchema].filter((s) => s !== undefined),
  );
  return everythingShown(state) + JSON.stringify([schemas, schemas.map(resumeFields)]);
}

const CASES = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  const state = reduceAll([...chunks, END], recordingOptions(name));
  return chunks.flatMap((chunk, at) => {
    const p = request(chunk);
    if (p === undefined) return [];
    // The call it names, and the calls under it: a request a subagent raised lands on its call.
    const named = (c: ToolCallState | undefined): boolean =>
      c !== undefined &&
      (c.toolCallId === p.toolCallId ||
        (c.parentToolCallId !== null && named(state.toolCalls.get(c.parentToolCallId))));
    const calls = [...state.toolCalls.values()].filter(named);
    const secrets = hiddenTexts(state, calls);
    return secrets.length === 0 ? [] : [{ name, chunks, at, secrets }];
  });
});

/** The recording with the request's schema quoting what the call hides. */
function quoted({ chunks, at, secrets }: (typeof CASES)[number]): unknown[] {
  const made = structuredClone(chunks[at]!);
  const p = request(made)!;
  p.resumeSchema = quoting(p.resumeSchema, secrets);
  return [...chunks.slice(0, at), made, ...chunks.slice(at + 1), END];
}

describe('a resume schema quoting what its call hides', () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.length).toBeGreaterThan(2);
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
    expect(CASES.some(({ name }) => !isAiSdkRecording(name))).toBe(true);
  });

  it('keeps the rest of the schemas', () => {
    const kept = CASES.filter((c) => {
      const { toolCalls } = reduceAll(quoted(c), recordingOptions(c.name));
      return JSON.stringify([...toolCalls.values()]).includes('"description":"Confirm [hidden]');
    });
    expect(kept.length).toBeGreaterThan(2);
  });

  it.each(CASES)('$name, chunk $at: shows none of it', (c) => {
    const { name, secrets } = c;
    const moved = quoted(c);
    const store = createToolpaneStore(recordingOptions(name));
    for (const [i, value] of moved.entries()) {
      store.dispatch(value);
      const shown = shownWithSchemas(store.getState());
      for (const secret of secrets) expect(shown, `after ${i}: ${secret}`).not.toContain(secret);
    }
  });
});

describe('a request whose schema was searched, read again', () => {
  // The stored schema is the searched one; the request read again (a stream sent again after the
  // person answered) carries the schema as sent. It is still the same request: the answer stays.
  it.each(CASES)('$name, chunk $at: keeps its answer as with the schema as recorded', (c) => {
    const statuses = [quoted(c), [...c.chunks, END]].map((read) => {
      const store = createToolpaneStore(recordingOptions(c.name));
      store.dispatchMany(read.slice(0, c.at + 1));
      const p = request(read[c.at])!;
      const call = [...store.getState().toolCalls.values()]
        .filter((k) => k.suspension !== undefined || k.approval !== undefined)
        .pop();
      if (call === undefined) return 'none';
      const resume = call.suspension !== undefined && call.status === 'suspended';
      store.dispatch(
        resume
          ? { type: 'toolpane/decision-sent', toolCallId: call.key, resumeData: {} }
          : { type: 'toolpane/decision-sent', toolCallId: call.key, approved: true },
      );
      store.dispatch(read[c.at]);
      return `${p.toolCallId}: ${store.getState().toolCalls.get(call.key)!.status}`;
    });
    expect(statuses[0]).toBe(statuses[1]);
  });
});
