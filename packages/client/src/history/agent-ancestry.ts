import { type Fields, isRecord, nonEmpty, records } from './common.js';

/*
 * A `data-tool-agent` part of a UI message keeps only `{ id, data }`: the `ancestry` its stream
 * chunk carried is gone (the AI SDK stores data parts without their extra fields). The part is
 * matched back to the `agent-*` call it ran under: among the calls not yet matched, the one whose
 * result text is the snapshot's text, else one whose tool key is part of the agent's id, else the
 * first one started. Calls a snapshot lists become candidates for deeper snapshots, so nesting
 * two and three levels deep comes back too.
 */

interface Candidate {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The calls from the top level down to this one. */
  readonly chain: readonly { readonly toolCallId: string; readonly toolName: string }[];
  readonly text: string | undefined;
  bound: boolean;
}

/** The text of an `agent-*` call's result, `{ text, … }`. */
const resultText = (result: unknown): string | undefined =>
  isRecord(result) ? nonEmpty(result.text) : undefined;

/** Matches subagent snapshots to the `agent-*` calls they ran under. */
export class AgentAncestry {
  private readonly candidates: Candidate[] = [];

  /** A top-level `agent-*` call and its result, if it has one. */
  addTopCall(toolCallId: string, toolName: string, output: unknown): void {
    this.add([], toolCallId, toolName, resultText(output));
  }

  private add(
    chain: Candidate['chain'],
    toolCallId: string,
    toolName: string,
    text: string | undefined,
  ): void {
    if (!toolName.startsWith('agent-')) return;
    if (this.candidates.some((c) => c.toolCallId === toolCallId)) return;
    this.candidates.push({
      toolCallId,
      toolName,
      chain: [...chain, { toolCallId, toolName }],
      text,
      bound: false,
    });
  }

  /** The ancestry of a snapshot, top level first; undefined when no call is left for it. */
  ancestryOf(data: Fields): Candidate['chain'] | undefined {
    const open = this.candidates.filter((c) => !c.bound);
    const text = nonEmpty(data.text);
    const agentId = nonEmpty(data.id);
    const match =
      (text === undefined ? undefined : open.find((c) => c.text === text)) ??
      (agentId === undefined
        ? undefined
        : open.find((c) => agentId.includes(c.toolName.slice('agent-'.length)))) ??
      open[0];
    if (match === undefined) return undefined;
    match.bound = true;
    // The snapshot's own agent-* calls may have subagents of their own.
    const results = new Map<string, unknown>();
    const lists = [data, ...records(data.steps)];
    for (const list of lists) {
      for (const entry of records(list.toolResults)) {
        const id = nonEmpty(entry.toolCallId);
        if (id !== undefined) results.set(id, entry.result);
      }
    }
    for (const list of lists) {
      for (const entry of [...records(list.toolCalls), ...records(list.pendingToolCalls)]) {
        const id = nonEmpty(entry.toolCallId);
        const name = nonEmpty(entry.toolName);
        if (id !== undefined && name !== undefined) {
          this.add(match.chain, id, name, resultText(results.get(id)));
        }
      }
    }
    return match.chain;
  }
}
