import type { Mutable } from '../state/draft.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { pendingValue } from './transform.js';

type Call = Mutable<ToolCallState>;

/**
 * Marks a call as display-transformed. Every way to set `displayTransform: 'display'` goes through
 * here, because raw values shown before the call turned out to be transformed must be hidden too.
 */
export function markDisplayTransformed(call: Call): void {
  if (call.displayTransform === 'display') return;
  call.displayTransform = 'display';
  delete call.partialInput;
  const hide = (value: DisplayValue): DisplayValue =>
    value.kind === 'raw' ? pendingValue() : value;
  call.input = hide(call.input);
  call.output = hide(call.output);
  call.error = hide(call.error);
  if (call.progress.some((p) => p.kind === 'raw')) call.progress = call.progress.map(hide);
  if (call.approval?.args.kind === 'raw')
    call.approval = { ...call.approval, args: pendingValue() };
  if (call.suspension?.payload.kind === 'raw') {
    call.suspension = { ...call.suspension, payload: pendingValue() };
  }
}
