import { composeEventHandlers } from '@radix-ui/primitive';
import { Slot, Slottable } from '@radix-ui/react-slot';
import {
  type AllHTMLAttributes,
  type ComponentPropsWithoutRef,
  cloneElement,
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

type PartElementProps = Omit<AllHTMLAttributes<HTMLElement>, 'children'> & {
  readonly tag: keyof HTMLElementTagNameMap;
  readonly asChild?: boolean;
  /** With `asChild`: the caller's element that takes the part's place. */
  readonly host?: ReactNode;
  /** The part's own content; with `asChild` it goes after the host element's own children. */
  readonly children?: ReactNode;
};

/**
 * The element of a part: `tag`, or with `asChild` the caller's `host` element, which keeps its
 * own children and receives the part's content after them. Handlers of the host and of the part
 * both run (the host's first), and both refs are set.
 */
export const PartElement = forwardRef<HTMLElement, PartElementProps>(function PartElement(
  { tag, asChild, host, children, ...props },
  ref,
) {
  if (asChild && isValidElement(host)) {
    // An element without content of the part's (an input, say) is passed on alone: giving a
    // void element even an empty list of children is an error.
    if (children === undefined || children === null || children === false)
      return (
        <Slot ref={ref} {...props}>
          {host}
        </Slot>
      );
    return (
      <Slot ref={ref} {...props}>
        <Slottable>{host as ReactElement}</Slottable>
        {children}
      </Slot>
    );
  }
  return createElement(tag, { ...props, ref }, children);
});

/**
 * An element's handler: the caller's `theirs`, then the part's `ours` whatever `theirs` did
 * (`preventDefault` included): Radix's `composeEventHandlers` with
 * `checkForDefaultPrevented: false`.
 */
export const afterTheirs = <E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): ((event: E) => void) => composeEventHandlers(theirs, ours, { checkForDefaultPrevented: false });

/** Radix's `composeEventHandlers`: the caller's handler, then the part's unless it prevented the default. */
export { composeEventHandlers };

/**
 * The caller's `asChild` host element with `children` in place of its own, for an element that
 * stands where the part would be (the note for a missing call, a subagent's deeper view): the
 * host's own children are parts of the card it stands for, which have nothing to show there.
 * `props`, if given, replace the host's own props of those names.
 */
export function withChildren(host: ReactNode, children?: ReactNode, props?: object): ReactNode {
  return isValidElement(host) ? cloneElement(host, props, children) : host;
}

/** Whether React renders `node` as nothing: `null`, `undefined`, a boolean, `''`, or a list of those. */
export function isNothing(node: ReactNode): boolean {
  return (
    node == null ||
    node === '' ||
    typeof node === 'boolean' ||
    (Array.isArray(node) && node.every(isNothing))
  );
}

/**
 * The props of an `asChild` host element, read as `(host as Host)?.props`: undefined for
 * anything else React draws (text, a list), which has none.
 */
export type Host<P = { readonly children?: ReactNode }> = { readonly props?: P } | null | undefined;

/** Whether an `asChild` host element brings children of its own. */
export function hostHasChildren(host: ReactNode): boolean {
  if (!isValidElement<{ children?: ReactNode }>(host)) return false;
  const own = host.props.children;
  return own !== undefined && own !== null && own !== false && own !== '';
}

/**
 * What a part whose children are its label puts inside its element: the caller's children, or
 * `fallback` without them. With `asChild` the children are the host element: its own children
 * are the label, and `fallback` only fills a host that has none.
 */
export function partContent(
  asChild: boolean | undefined,
  children: ReactNode,
  fallback: ReactNode,
): ReactNode {
  if (!asChild) return children ?? fallback;
  return hostHasChildren(children) ? null : fallback;
}

/**
 * Whether the caller gave the part content of its own (children, or with `asChild` a host
 * element with children), so that labels derived from the default content no longer apply.
 */
export function hasCustomContent(asChild: boolean | undefined, children: ReactNode): boolean {
  return asChild ? hostHasChildren(children) : children !== undefined;
}

/**
 * Props of a part that renders one `T` element whose content is its own: `children` is only the
 * element to render instead, with `asChild`.
 */
export type HostProps<T extends keyof HTMLElementTagNameMap> = Omit<PartProps<T>, 'children'> & {
  /** With `asChild`: the element to render instead; the part's content goes inside it. */
  readonly children?: ReactNode;
};

/**
 * The children to give a Radix part (a Collapsible's root, trigger or content) that takes
 * `asChild` itself: without it, the caller's children or `fallback`; with it, the caller's host
 * element, which receives the part's props and ref from Radix and `fallback` when it has no
 * children of its own, the same as {@link PartElement}.
 */
export function slotted(
  asChild: boolean | undefined,
  children: ReactNode,
  fallback: ReactNode,
): ReactNode {
  if (!asChild) return children ?? fallback;
  return (
    <PartElement tag="div" asChild host={children}>
      {partContent(true, children, fallback)}
    </PartElement>
  );
}

/**
 * The props that make an element a part: `data-slot` and the class `tp-<slot>`, which the style
 * sheet selects on (a browser files rules by class, not by attribute value, so a class is
 * matched against far fewer rules). Every element of the package gets its `data-slot` here.
 * A status badge (a slot named `…-status`) also gets `tp-status`. `props` are the caller's and
 * win, as when they were spread after `data-slot`: a `data-slot` of theirs renames the part (the
 * class follows it), and their `className` is kept after the part's class.
 */
export function partProps<P extends object>(
  slot: string,
  props?: P,
): P & { readonly 'data-slot': string; readonly className: string } {
  const { 'data-slot': name = slot, className = '' } = (props ?? {}) as {
    readonly 'data-slot'?: string;
    readonly className?: string;
  };
  // A part that renders another with its own data-slot has given the class already; a class
  // list is a set, so the repeat is harmless. Status badges share `tp-status`, which their
  // colours per `data-status` select on.
  const badge = name.endsWith('-status') ? ' tp-status' : '';
  return {
    ...(props as P),
    'data-slot': name,
    className: `tp-${name}${badge} ${className}`.trim(),
  };
}
