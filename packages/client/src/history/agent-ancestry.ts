import { type Fields, isRecord, nonEmpty, records } from './common.js';

/*
 * A `data-tool-agent` part of a UI message keeps only `{ id, data }`: the `ancestry` its stream
 * chunk carried is gone (the AI SDK stores data parts without their extra fields). The part is
 * matched back to the `agent-*` call it ran under: among the calls not yet matched, the one whose
 * result text is the snapshot's text, else one whose tool key is part of the agent's id, else the
 * first one started. Calls a snapshot lists become candidates for deeper snapshots, so nesting
 * two and three levels deep comes back too.
 *
 * Each way of matching reads queues of the calls not yet matched, oldest first (by text, by tool
 * key, all), which skip the calls matched since: a message with many agent calls and snapshots
 * costs what it holds, where filtering every call for each snapshot cost their product.
 */

interface Candidate {
  /** Its place among the candidates: the oldest of several matches wins. */
  readonly at: number;
  readonly toolName: string;
  /** The calls from the top level down to this one. */
  readonly chain: readonly { readonly toolCallId: string; readonly toolName: string }[];
  bound: boolean;
}

/** Candidates oldest first, and where the first one not yet matched may be. */
interface Queue {
  readonly list: Candidate[];
  head: number;
}

/** The oldest candidate of a queue not yet matched, skipping (for good) those matched since. */
function firstOpen(queue: Queue | undefined): Candidate | undefined {
  if (queue === undefined) return undefined;
  while (queue.head < queue.list.length && queue.list[queue.head]!.bound) queue.head++;
  return queue.list[queue.head];
}

/** Adds a candidate to the queue `key` of `queues`. */
function enqueue(queues: Map<string, Queue>, key: string, candidate: Candidate): void {
  const queue = queues.get(key);
  if (queue === undefined) queues.set(key, { list: [candidate], head: 0 });
  else queue.list.push(candidate);
}

/** The text of an `agent-*` call's result, `{ text, … }`. */
const resultText = (result: unknown): string | undefined =>
  isRecord(result) ? nonEmpty(result.text) : undefined;

/** Matches subagent snapshots to the `agent-*` calls they ran under. */
export class AgentAncestry {
  private readonly ids = new Set<string>();
  private readonly all: Queue = { list: [], head: 0 };
  private readonly byText = new Map<string, Queue>();
  /** By tool key (`agent-<key>`); a key whose calls are all matched is dropped. */
  private readonly byKey = new Map<string, Queue>();

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
    if (!toolName.startsWith('agent-') || this.ids.has(toolCallId)) return;
    this.ids.add(toolCallId);
    const candidate: Candidate = {
      at: this.all.list.length,
      toolName,
      chain: [...chain, { toolCallId, toolName }],
      bound: false,
    };
    this.all.list.push(candidate);
    if (text !== undefined) enqueue(this.byText, text, candidate);
    enqueue(this.byKey, toolName.slice('agent-'.length), candidate);
  }

  /**
   * The oldest candidate whose tool key is part of `agentId`: among the keys, or among the parts
   * of the id, whichever are fewer.
   */
  private byAgentId(agentId: string): Candidate | undefined {
    let found: Candidate | undefined;
    const consider = (key: string) => {
      const first = firstOpen(this.byKey.get(key));
      if (first === undefined) this.byKey.delete(key);
      else if (found === undefined || first.at < found.at) found = first;
    };
    const n = agentId.length;
    if (this.byKey.size <= (n * (n + 1)) / 2) {
      for (const key of this.byKey.keys()) if (agentId.includes(key)) consider(key);
    } else {
      for (let from = 0; from <= n; from++) {
        for (let to = from; to <= n; to++) {
          const key = agentId.slice(from, to);
          if (this.byKey.has(key)) consider(key);
        }
      }
    }
    return found;
  }

  /** The ancestry of a snapshot, top level first; undefined when no call is left for it. */
  ancestryOf(data: Fields): Candidate['chain'] | undefined {
    const text = nonEmpty(data.text);
    const agentId = nonEmpty(data.id);
    const match =
      (text === undefined ? undefined : firstOpen(this.byText.get(text))) ??
      (agentId === undefined ? undefined : this.byAgentId(agentId)) ??
      firstOpen(this.all);
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
