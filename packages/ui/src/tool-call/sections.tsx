'use client';
import type { ToolCallState } from '@toolpane/client';
import { forwardRef, type ReactNode } from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import { PartElement, type PartProps, partProps } from '../utils/part.js';
import { useCall } from './context.js';

/** Props of a section part: a heading, and with `asChild` the element to render instead. */
export type SectionProps = Omit<PartProps<'div'>, 'children'> & {
  /** The visible heading of the section. */
  readonly label?: ReactNode;
  /** With `asChild`: the element to render instead of the div; the section goes inside it. */
  readonly children?: ReactNode;
};

/** A section's heading. */
export function SectionLabel({ children }: { children: ReactNode }) {
  return <div {...partProps('tool-call-label')}>{children}</div>;
}

/**
 * The call's input as it should be shown; partial while the model is still writing it.
 *
 * @example
 * <ToolCall.Input label="Arguments" />
 */
export const ToolCallInput = forwardRef<HTMLDivElement, SectionProps>(function ToolCallInput(
  { label = 'Input', asChild, children, ...props },
  ref,
) {
  const call = useCall('Input');
  if (call === undefined) return null;
  const partial = call.status === 'input-streaming';
  if (call.input.kind === 'none' && !partial) return null;
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      data-partial={partial || undefined}
      {...partProps('tool-call-input', props)}
    >
      <SectionLabel>
        {label}
        {partial ? <span {...partProps('tool-call-streaming')}> (streaming)</span> : null}
      </SectionLabel>
      <DisplayValueView value={call.input} empty="…" />
    </PartElement>
  );
});

/**
 * The call's result as it should be shown.
 *
 * @example
 * <ToolCall.Output label="Result" />
 */
export const ToolCallOutput = forwardRef<HTMLDivElement, SectionProps>(function ToolCallOutput(
  { label = 'Output', asChild, children, ...props },
  ref,
) {
  const call = useCall('Output');
  if (call === undefined || call.output.kind === 'none') return null;
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      data-kind={call.output.kind}
      {...partProps('tool-call-output', props)}
    >
      <SectionLabel>
        {label}
        {call.output.kind === 'transformed' ? (
          <span {...partProps('tool-call-transformed')}> (display version)</span>
        ) : null}
      </SectionLabel>
      <DisplayValueView value={call.output} />
    </PartElement>
  );
});

function ModelOutputValue({ value }: { value: unknown }) {
  // toModelOutput returns the AI SDK's tool-result output: { type: 'text' | 'json' | ..., value }.
  let shown = value;
  if (typeof value === 'object' && value !== null && 'type' in value && 'value' in value) {
    const { type, value: inner } = value as { type: unknown; value: unknown };
    // Each kind wraps the value shown; a text's value shows as it is, even when it is not a
    // string (String() of a deeply nested array would overflow the stack).
    if (['text', 'error-text', 'json', 'error-json', 'content'].includes(type as string))
      shown = inner;
  }
  return <DisplayValueView value={{ kind: 'raw', value: shown }} />;
}

/**
 * The model's version of a result is derived from the raw result, which Mastra's display transform
 * does not cover: show it only where no display transform applies.
 */
export function showsModelOutput(call: ToolCallState): boolean {
  return (
    call.modelOutput !== undefined &&
    call.output.kind !== 'hidden' &&
    call.displayTransform !== 'display'
  );
}

/**
 * What the model was given of the result when the tool's `toModelOutput` changed it. Nothing is
 * shown while the output itself is hidden, or when a display transform applies, since the model's
 * version is derived from the raw result.
 *
 * @example
 * <ToolCall.ModelOutput label="Sent to the model" />
 */
export const ToolCallModelOutput = forwardRef<HTMLDivElement, SectionProps>(
  function ToolCallModelOutput({ label = 'What the model saw', asChild, children, ...props }, ref) {
    const call = useCall('ModelOutput');
    if (call === undefined || !showsModelOutput(call)) return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('tool-call-model-output', props)}
      >
        <SectionLabel>{label}</SectionLabel>
        <ModelOutputValue value={call.modelOutput} />
      </PartElement>
    );
  },
);

/**
 * The output and, when it differs, what the model saw, side by side.
 *
 * @example
 * <ToolCall.Results />
 */
export const ToolCallResults = forwardRef<
  HTMLDivElement,
  Omit<PartProps<'div'>, 'children'> & { readonly children?: ReactNode }
>(function ToolCallResults({ asChild, children, ...props }, ref) {
  const call = useCall('Results');
  if (call === undefined || call.output.kind === 'none') return null;
  const both = showsModelOutput(call);
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      data-layout={both ? 'split' : 'single'}
      {...partProps('tool-call-results', props)}
    >
      <ToolCallOutput label={both ? 'Full result' : 'Output'} />
      <ToolCallModelOutput />
    </PartElement>
  );
});

/**
 * Why the call failed, as it should be shown.
 *
 * @example
 * <ToolCall.Error label="Problem" />
 */
export const ToolCallError = forwardRef<HTMLDivElement, SectionProps>(function ToolCallError(
  { label = 'Error', asChild, children, ...props },
  ref,
) {
  const call = useCall('Error');
  if (call === undefined || call.error.kind === 'none') return null;
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      {...partProps('tool-call-error', props)}
    >
      <SectionLabel>{label}</SectionLabel>
      <DisplayValueView value={call.error} />
    </PartElement>
  );
});
