import { type Fields, isRecord, nonEmpty } from './common.js';
import { displayView } from './display-view.js';

/*
 * The chunks of the tool parts of a saved UI message (see ui-messages.ts): a call's input, the
 * approval it was asked for, what ended it, and the requests Mastra keeps in the message's
 * metadata.
 */

/** Where the chunks of a message go. */
export type Emit = (chunk: unknown) => void;

/** A tool part of a message, with the call it names. */
export interface ToolPart {
  readonly part: Fields;
  readonly toolCallId: string;
  readonly toolName: string;
}

/** The approval a tool part was asked for (v6 and v7 parts keep it, whatever came after). */
export function requestApproval({ part, toolCallId }: ToolPart, emit: Emit): void {
  const approvalId = isRecord(part.approval) ? nonEmpty(part.approval.id) : undefined;
  if (approvalId?.includes('::')) emit({ type: 'tool-approval-request', approvalId, toolCallId });
}

/** What ends a tool part: applied after every part's input and every request for a person. */
export function toolOutcome({ part, toolCallId, toolName }: ToolPart, emit: Emit): void {
  const approval = isRecord(part.approval) ? part.approval : undefined;
  const providerExecuted =
    typeof part.providerExecuted === 'boolean' ? { providerExecuted: part.providerExecuted } : {};
  switch (part.state) {
    case 'output-available': {
      const metadata = part.resultProviderMetadata ?? part.callProviderMetadata;
      emit({
        type: 'tool-output-available',
        toolCallId,
        output: part.output,
        ...providerExecuted,
        ...(metadata === undefined ? {} : { providerMetadata: metadata }),
        ...(part.preliminary === true ? { preliminary: true } : {}),
      });
      return;
    }
    case 'output-error': {
      const errorText = typeof part.errorText === 'string' ? part.errorText : 'Tool error';
      emit(
        part.input === undefined
          ? { type: 'tool-input-error', toolCallId, toolName, errorText, input: part.rawInput }
          : { type: 'tool-output-error', toolCallId, errorText },
      );
      return;
    }
    case 'output-denied': {
      const reason = nonEmpty(approval?.reason);
      const decision = { approved: false, ...(reason === undefined ? {} : { reason }) };
      emit({ type: 'toolpane/decision-sent', toolCallId, ...decision });
      emit({ type: 'tool-output-denied', toolCallId });
      return;
    }
  }
}

/**
 * The chunks of a tool part's input, in transcript order: its whole input when it has one (as a
 * call whose input did not stream arrives), else only its start.
 */
export function toolInput({ part, toolCallId, toolName }: ToolPart, emit: Emit): void {
  const providerExecuted =
    typeof part.providerExecuted === 'boolean' ? { providerExecuted: part.providerExecuted } : {};
  if (part.state !== 'input-streaming' && part.input !== undefined) {
    emit({
      type: 'tool-input-available',
      toolCallId,
      toolName,
      input: part.input,
      ...providerExecuted,
    });
  } else {
    emit({ type: 'tool-input-start', toolCallId, toolName, ...providerExecuted });
  }
}

/**
 * The approvals and suspensions Mastra keeps in a message's metadata, as their data parts.
 * Returns the toolCallIds they name. An entry keeps its values raw beside its display transform
 * metadata: the part carries what the transform shows, as a live stream's part does (the
 * approval's view, else the input's; the suspension's view), and nothing of a value it has no
 * view for.
 */
export function pendingFromMetadata(metadata: unknown, emit: Emit): unknown[] {
  const ids: unknown[] = [];
  if (!isRecord(metadata)) return ids;
  for (const [key, type] of [
    ['pendingToolApprovals', 'data-tool-call-approval'],
    ['suspendedTools', 'data-tool-call-suspended'],
  ] as const) {
    const entries = metadata[key];
    if (!isRecord(entries)) continue;
    for (const entry of Object.values(entries)) {
      if (!isRecord(entry)) continue;
      ids.push(entry.toolCallId);
      const { metadata: meta, args, suspendPayload, ...rest } = entry;
      const data: Fields = {
        ...rest,
        ...(args === undefined
          ? {}
          : {
              args:
                type === 'data-tool-call-approval'
                  ? displayView(meta, ['approval', 'input-available'], args)
                  : displayView(meta, ['input-available'], args),
            }),
        ...(suspendPayload === undefined
          ? {}
          : { suspendPayload: displayView(meta, ['suspend'], suspendPayload) }),
      };
      emit({ type, id: entry.toolCallId, data });
    }
  }
  return ids;
}
