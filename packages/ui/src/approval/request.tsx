'use client';
import { argsToCome } from '@toolpane/client';
import { forwardRef } from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import { ExactValue } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { useApprovalContext } from './context.js';

/**
 * What the person is asked to approve: the tool's name and its arguments, shown whole and
 * unambiguous (see {@link ExactValue}), before the buttons. A request Mastra asked again with other
 * arguments, or naming another run or call to send the decision to, is a new request
 * (`data-revision`), and says so. Arguments still to come say so: the request cannot be approved
 * until they are shown. Arguments a display transform made say they are its display version.
 *
 * @example
 * <Approval.Root toolCallId="call-del-1">
 *   <Approval.Request />
 *   <Approval.Actions />
 * </Approval.Root>
 */
export const ApprovalRequest = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function ApprovalRequest({ asChild, children, ...props }, ref) {
    const { handle, toolName } = useApprovalContext('Request');
    const approval = handle.approval;
    if (approval === undefined || (handle.status !== 'requested' && handle.status !== 'sending'))
      return null;
    const args = approval.args;
    const label = `the arguments of ${toolName}`;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-revision={approval.revision}
        {...partProps('approval-request', props)}
      >
        {approval.revision > 1 ? (
          <p {...partProps('approval-revised')} role="note">
            New request: the request changed since the last one. Check it again.
          </p>
        ) : null}
        <p {...partProps('approval-request-title')}>
          <strong>{toolName}</strong> will run with
          {args.kind === 'transformed' ? (
            <span {...partProps('approval-transformed')}>
              {' '}
              (display version: the values as the tool's display transform shows them)
            </span>
          ) : null}
          :
        </p>
        {argsToCome(handle) ? (
          <p {...partProps('approval-to-come')}>The arguments have not come yet.</p>
        ) : args.kind === 'raw' || args.kind === 'transformed' ? (
          <ExactValue value={args.value} label={label} aria-label={label} role="group" />
        ) : (
          <DisplayValueView value={args} />
        )}
      </PartElement>
    );
  },
);
