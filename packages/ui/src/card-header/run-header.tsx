'use client';
import { forwardRef, type ReactNode } from 'react';
import { escapeText } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';

/** Props of {@link RunHeader}. */
export type RunHeaderProps = HostProps<'div'> & {
  /** The part's family, the prefix of its slots: `workflow-run` gives `workflow-run-header`. */
  readonly family: string;
  /** What kind of run it is, in words ("Workflow"). */
  readonly kind: string;
  /**
   * The run's id, shown as code after the kind when known, escaped as a name (see `escapeText`);
   * not `id`, which is the caller's and goes on the element.
   */
  readonly name: string | undefined;
  /** The status, as `data-status` for styling. */
  readonly status: string;
  /** The status in words. */
  readonly label: ReactNode;
};

/**
 * The header of a run shown inside a card (a workflow's, a network's): its kind, its id and a
 * status badge, laid out like every other card header. Takes `asChild`, a ref and the caller's
 * props like the parts that render it.
 *
 * @example
 * <RunHeader family="workflow-run" kind="Workflow" name="report" status="running" label="Running" />
 */
export const RunHeader = forwardRef<HTMLDivElement, RunHeaderProps>(function RunHeader(
  { family, kind, name, status, label, asChild, children, ...props },
  ref,
) {
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      {...partProps(`${family}-header`, props)}
    >
      <span {...partProps(`${family}-title`)}>
        {kind}
        {name === undefined ? null : <code> {escapeText(name, true)}</code>}
      </span>
      <span {...partProps(`${family}-status`)} data-status={status}>
        {label}
      </span>
    </PartElement>
  );
});
