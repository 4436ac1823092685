'use client';
import { type DisplayValue, TERMINAL_TOOL_STATUSES } from '@toolpane/client';
import { forwardRef, type ReactNode, useState } from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import { PartElement, partProps } from '../utils/part.js';
import { useCall } from './context.js';
import { SectionLabel, type SectionProps } from './sections.js';

/** A progress value read as a fraction: `value` out of `max`. */
export interface ProgressFraction {
  readonly value: number;
  readonly max: number;
}

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The fraction a progress value carries, if it has a recognisable one: `percent` (0 to 100),
 * `step` / `of`, or `loaded` / `total`. Values past the end are clamped.
 *
 * @example
 * progressFraction({ stage: 'upload', step: 2, of: 4 }); // { value: 2, max: 4 }
 */
export function progressFraction(value: unknown): ProgressFraction | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const pair = (current: unknown, max: unknown) =>
    finite(current) && finite(max) && max > 0
      ? { value: Math.min(Math.max(current, 0), max), max }
      : undefined;
  return pair(v.step, v.of) ?? pair(v.loaded, v.total) ?? pair(v.percent, 100);
}

/** The fraction of a shown progress entry; a hidden entry has none. */
function fractionOf(entry: DisplayValue | undefined): ProgressFraction | undefined {
  return entry?.kind === 'raw' || entry?.kind === 'transformed'
    ? progressFraction(entry.value)
    : undefined;
}

/** Props of {@link ToolCallProgress}. */
export type ToolCallProgressProps = SectionProps & {
  /** Your own rendering of the progress (e.g. from a registry renderer); replaces the default. */
  readonly render?: (progress: {
    readonly latest: DisplayValue;
    readonly history: readonly DisplayValue[];
    readonly fraction: ProgressFraction | undefined;
    readonly done: boolean;
  }) => ReactNode;
};

/**
 * What the tool reported while running (`tool-output`): a progress bar when the latest report
 * carries a fraction (`percent`, `step`/`of`, `loaded`/`total`), else the latest report; earlier
 * reports stay available, collapsed. Pass `render` to draw it your own way.
 *
 * @example
 * <ToolCall.Progress render={({ fraction }) => fraction && `${fraction.value}/${fraction.max}`} />
 */
export const ToolCallProgress = forwardRef<HTMLDivElement, ToolCallProgressProps>(
  function ToolCallProgress({ label = 'Progress', render, asChild, children, ...props }, ref) {
    const call = useCall('Progress');
    // The earlier reports render only while their <details> is open: a long history costs nothing
    // per commit while it is closed.
    const [open, setOpen] = useState(false);
    const latest = call?.progress[call.progress.length - 1];
    if (call === undefined || latest === undefined) return null;
    const fraction = fractionOf(latest);
    const done = TERMINAL_TOOL_STATUSES.has(call.status);
    const earlier = call.progress.length - 1;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-done={done || undefined}
        {...partProps('tool-call-progress', props)}
      >
        {render ? (
          render({ latest, history: call.progress, fraction, done })
        ) : (
          <>
            <SectionLabel>{label}</SectionLabel>
            {fraction && (
              <div
                {...partProps('tool-call-progress-bar')}
                role="progressbar"
                aria-label={typeof label === 'string' ? label : 'Progress'}
                aria-valuemin={0}
                aria-valuemax={fraction.max}
                aria-valuenow={fraction.value}
                aria-valuetext={`${Math.round((fraction.value / fraction.max) * 100)}%`}
              >
                <div
                  {...partProps('tool-call-progress-fill')}
                  style={{ width: `${(fraction.value / fraction.max) * 100}%` }}
                />
              </div>
            )}
            <div {...partProps('tool-call-progress-latest')}>
              <DisplayValueView value={latest} defaultExpandDepth={1} />
            </div>
            {earlier === 0 ? null : (
              <details {...partProps('tool-call-progress-history')} onToggle={() => setOpen(!open)}>
                <summary>
                  {earlier === 1 ? '1 earlier report' : `${earlier} earlier reports`}
                </summary>
                {open && (
                  <ol {...partProps('tool-call-progress-list')}>
                    {call.progress.slice(0, earlier).map((entry, index) => (
                      // Progress entries only ever get appended, so their position is a stable key.
                      // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                      <li key={index} {...partProps('tool-call-progress-item')}>
                        <DisplayValueView value={entry} defaultExpandDepth={1} />
                      </li>
                    ))}
                  </ol>
                )}
              </details>
            )}
          </>
        )}
      </PartElement>
    );
  },
);
