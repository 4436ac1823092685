import { findCallKey } from '../state/identity.js';
import { TERMINAL_TOOL_STATUSES } from '../state/state.js';
import type { ToolpaneEvent } from '../stream/events.js';
import { addIssue, type Ctx } from './context.js';
import { displayed } from './display.js';
import { errorMessage } from './error-text.js';
import { markDisplayTransformed } from './hide.js';
import { moveTo, setEnded } from './lifecycle.js';
import { noteAnswered } from './replay.js';
import { clientTransformFor } from './transform.js';

/*
 * The app's result for a call that awaits the client (a tool Mastra does not run: see
 * `awaitClient`). It never travels in a response: the app hands it to its chat (`addToolOutput`)
 * or to Mastra in its next request, so the store learns it from the app.
 */

/**
 * `toolpane/client-output`: ends the call that awaits the client with the app's result, in
 * `output-available`, or in `output-error` with `errorText` (read as a saved message's error is
 * read, see `errorMessage`, so a reload shows the same). The call is the one with that
 * toolCallId in run `runId`, or without one the newest call with that toolCallId. The value shows
 * through the tool's client transform when there is one; a call known to be display-transformed
 * otherwise shows nothing of it (see `displayed`). A call that does not await the client (it has
 * its result, or it was stopped) is left as it is.
 */
export function applyClientOutput(
  ctx: Ctx,
  event: Extract<ToolpaneEvent, { type: 'toolpane/client-output' }>,
): void {
  const { errorText } = event;
  const key = findCallKey(ctx.draft.root, event.toolCallId, event.runId);
  // Only an `input-available` call is marked (see `moveTo`).
  const known = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  if (known?.awaitingClient !== true) {
    // The same result again for a call that has ended changes nothing; any other is lost: said.
    if (known !== undefined && TERMINAL_TOOL_STATUSES.has(known.status)) return;
    addIssue(ctx, {
      kind: 'decision',
      message: `A client tool result was reported for ${event.toolCallId}, where no call waits for it`,
      toolCallId: event.toolCallId,
    });
    return;
  }
  const call = ctx.draft.toolCall(key!)!;
  if (clientTransformFor(ctx.options.transforms, call.toolName)) markDisplayTransformed(ctx, call);
  if (errorText === undefined) {
    call.output = displayed(ctx, call, undefined, 'output-available', event.output);
    moveTo(call, 'output-available');
  } else {
    call.error = displayed(ctx, call, undefined, 'error', errorMessage(errorText));
    moveTo(call, 'output-error');
  }
  setEnded(ctx, call);
  noteAnswered(ctx, call);
}
