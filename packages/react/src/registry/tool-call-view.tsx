'use client';
import type { ToolCallState } from '@toolpane/client';
import { Component, memo, type ReactNode } from 'react';
import { useApproval } from '../hooks/use-approval.js';
import { useToolCall } from '../hooks/use-tool-call.js';
import { useToolpaneContext } from '../provider/toolpane-provider.js';
import type {
  CheckedValue,
  ShownValue,
  ToolMismatch,
  ToolMismatchProps,
  ToolRegistry,
} from './types.js';
import { validateDisplayValue } from './validate.js';

/** Props of {@link ToolCallView}. */
export interface ToolCallViewProps {
  readonly toolCallId: string;
  /** The registry to pick from; defaults to the provider's. */
  readonly registry?: ToolRegistry;
  /** Shown when the call is unknown or no renderer matches it. */
  readonly fallback?: ReactNode;
}

const NONE: ShownValue = Object.freeze({ kind: 'none' });

/**
 * The default mismatch view: says which values failed their schema and why, without showing
 * them.
 */
export function ToolMismatchNotice({ toolName, mismatches }: ToolMismatchProps) {
  return (
    <div role="alert" data-slot="tool-call-mismatch" data-tool-name={toolName}>
      <p>{toolName}: what arrived does not match the tool&apos;s schema.</p>
      <ul>
        {mismatches.flatMap((mismatch) =>
          mismatch.issues.map((issue) => (
            <li key={`${mismatch.field} ${issue.path} ${issue.message}`}>
              {mismatch.field}
              {issue.path === '' ? '' : ` ${issue.path}`}: {issue.message}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

interface BoundaryProps {
  readonly toolName: string;
  readonly call: ToolCallState;
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly error: unknown;
  readonly failed: boolean;
  readonly call: ToolCallState;
}

/** Keeps a throwing renderer from taking the transcript down; retries when the call changes. */
class ToolCallBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, call: this.props.call };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (props.call === state.call) return null;
    return { error: undefined, failed: false, call: props.call };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return (
      <div role="alert" data-slot="tool-call-render-error" data-tool-name={this.props.toolName}>
        {this.props.toolName} could not be shown:{' '}
        {error instanceof Error ? error.message : String(error)}
      </div>
    );
  }
}

function collect(
  mismatches: ToolMismatch[],
  field: ToolMismatch['field'],
  checked: CheckedValue,
): ShownValue {
  if (checked.kind !== 'mismatch') return checked;
  mismatches.push({ ...checked, field });
  return NONE;
}

function ToolCallViewImpl({ toolCallId, registry: own, fallback = null }: ToolCallViewProps) {
  const { registry: fromProvider } = useToolpaneContext('ToolCallView');
  const call = useToolCall(toolCallId);
  const approval = useApproval(toolCallId);
  const registry = own ?? fromProvider;
  const entry = call === undefined ? undefined : registry?.resolve(call);
  if (call === undefined || registry === undefined || entry === undefined) return <>{fallback}</>;

  const mismatches: ToolMismatch[] = [];
  const input = collect(
    mismatches,
    'input',
    validateDisplayValue(call.input, {
      schema: entry.schemas.inputSchema,
      displaySchema: entry.display.input,
      partial: call.status === 'input-streaming',
    }),
  );
  const output = collect(
    mismatches,
    'output',
    validateDisplayValue(call.output, {
      schema: entry.schemas.outputSchema,
      displaySchema: entry.display.output,
    }),
  );
  const suspendPayload =
    call.suspension === undefined
      ? NONE
      : collect(
          mismatches,
          'suspendPayload',
          validateDisplayValue(call.suspension.payload, { schema: entry.schemas.suspendSchema }),
        );

  if (mismatches.length > 0) {
    const Mismatch = registry.mismatch ?? ToolMismatchNotice;
    return (
      <Mismatch
        toolCallId={toolCallId}
        toolName={call.toolName}
        call={call}
        mismatches={mismatches}
      />
    );
  }

  const Render = entry.render;
  return (
    <ToolCallBoundary toolName={call.toolName} call={call}>
      <Render
        toolCallId={toolCallId}
        toolName={call.toolName}
        kind={call.kind}
        status={call.status}
        call={call}
        input={input}
        output={output}
        error={call.error}
        suspendPayload={suspendPayload}
        approval={approval}
      />
    </ToolCallBoundary>
  );
}

/**
 * Renders one tool call with the renderer its toolName picks from the registry, with typed and
 * validated props. A value that fails its schema shows the registry's mismatch view (by default
 * {@link ToolMismatchNotice}), and a renderer that throws shows an error note instead of
 * unmounting the transcript. Memoised: it re-renders only when its call or approval changes.
 *
 * @example
 * <ToolpaneProvider session={session} registry={registry}>
 *   <ToolCallView toolCallId="call-1" fallback={<p>Unknown tool</p>} />
 * </ToolpaneProvider>
 */
export const ToolCallView = memo(ToolCallViewImpl);
