import { Slot, Slottable } from '@radix-ui/react-slot';
import {
  type ComponentPropsWithoutRef,
  createElement,
  forwardRef,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * What every part that renders one element of its own takes: with `asChild`, the part renders
 * the caller's single child element instead, merging its props, handlers and ref into it (Radix's
 * `Slot`), and puts its own content inside that element, after the element's own children.
 */
export interface AsChildProps {
  readonly asChild?: boolean;
}

/** Props of a part that renders one `T` element and takes `asChild`. */
export type PartProps<T extends keyof HTMLElementTagNameMap> = ComponentPropsWithoutRef<T> &
  AsChildProps;

type PartElementProps = ComponentPropsWithoutRef<'div'> & {
  readonly tag: keyof HTMLElementTagNameMap;
  readonly asChild?: boolean;
  /** With `asChild`: the caller's element that takes the part's place. */
  readonly host?: ReactNode;
};

/**
 * The element of a part: `tag`, or with `asChild` the caller's `host` element, which keeps its
 * own children and receives the part's content after them.
 */
export const PartElement = forwardRef<HTMLElement, PartElementProps>(function PartElement(
  { tag, asChild, host, children, ...props },
  ref,
) {
  if (asChild && isValidElement(host)) {
    return (
      <Slot ref={ref} {...props}>
        <Slottable>{host as ReactElement}</Slottable>
        {children}
      </Slot>
    );
  }
  return createElement(tag, { ...props, ref }, children);
});
