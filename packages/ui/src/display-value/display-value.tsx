'use client';
import type { DisplayValue } from '@toolpane/client';
import { forwardRef, type ReactNode } from 'react';
import { JsonView, type JsonViewLimits } from '../json-view/json-view.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';

/** Props of {@link DisplayValueView}. */
export interface DisplayValueViewProps extends HostProps<'div'>, JsonViewLimits {
  /** A value as the client says it should be shown. */
  readonly value: DisplayValue;
  /** Shown when there is no value; nothing by default. */
  readonly empty?: ReactNode;
  /** Text for a value a display transform hides; the failure message is used when there is one. */
  readonly hiddenLabel?: string;
}

/**
 * Shows a {@link DisplayValue}: the value itself when it may be shown, and a placeholder when a
 * display transform hides it, so a hidden value never reaches the page.
 *
 * @example
 * <DisplayValueView value={call.output} empty="No result yet" />
 */
export const DisplayValueView = forwardRef<HTMLDivElement, DisplayValueViewProps>(
  function DisplayValueView(
    {
      value,
      empty = null,
      hiddenLabel = 'Hidden',
      asChild,
      children,
      maxDepth,
      defaultExpandDepth,
      maxStringLength,
      maxEntries,
      ...props
    },
    ref,
  ) {
    if (value.kind === 'none' && empty === null) return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-kind={value.kind}
        data-reason={value.kind === 'hidden' ? value.reason : undefined}
        {...partProps('display-value', props)}
      >
        {value.kind === 'none' ? (
          empty
        ) : value.kind === 'hidden' ? (
          <span {...partProps('display-value-placeholder')}>
            {value.reason === 'failed' && value.message !== undefined ? value.message : hiddenLabel}
          </span>
        ) : (
          <JsonView
            value={value.value}
            maxDepth={maxDepth}
            defaultExpandDepth={defaultExpandDepth}
            maxStringLength={maxStringLength}
            maxEntries={maxEntries}
          />
        )}
      </PartElement>
    );
  },
);
