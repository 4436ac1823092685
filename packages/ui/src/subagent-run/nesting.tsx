'use client';
import { callKey, selectWaitingInside, type ToolpaneState } from '@toolpane/client';
import { useToolCall, useToolpaneSelector } from '@toolpane/react';
import {
  createContext,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import { type Host, PartElement, partProps, withChildren } from '../utils/part.js';

/**
 * How many subagent cards nest inside one another before the rest opens in a view of its own.
 * React renders and commits a tree recursively, so a chain of a few hundred nested cards would
 * exceed the browser's stack; past this many levels a card offers to open what lies below it
 * instead, in place of the outermost card, so the page never nests deeper than this.
 */
export const MAX_NESTED_SUBAGENTS = 24;

/** Where a subagent card sits among the cards nested in one view, and how to open a deeper one. */
interface Nesting {
  /** 0 for the outermost subagent card of the view. */
  readonly level: number;
  /** Shows the given `agent-*` call as the outermost card of a view of its own. */
  readonly open: (toolCallId: string) => void;
}

const NestingContext = createContext<Nesting | null>(null);

/** The nesting of the subagent card being rendered, or null for an outermost card. */
export function useNesting(): Nesting | null {
  return useContext(NestingContext);
}

/** Gives the cards inside a subagent card their level. */
export function NestingScope({ value, children }: { value: Nesting; children: ReactNode }) {
  return <NestingContext.Provider value={value}>{children}</NestingContext.Provider>;
}

/**
 * Whether a call anywhere below this `agent-*` call waits for a person: O(1), read from the
 * count the reducer keeps per call (`selectWaitingInside`), never a scan of every call.
 */
export function needsPersonInside(state: ToolpaneState, toolCallId: string): boolean {
  return selectWaitingInside(state, toolCallId) > 0;
}

/**
 * Whether a call below this `agent-*` call waits for a person, re-read only when something
 * inside the call changed.
 */
export function useNeedsPersonInside(toolCallId: string): boolean {
  return useToolpaneSelector(
    useCallback((state: ToolpaneState) => needsPersonInside(state, toolCallId), [toolCallId]),
    Object.is,
    callKey(toolCallId),
  );
}

/**
 * Stands where a subagent's own calls would nest past {@link MAX_NESTED_SUBAGENTS} levels: says
 * so, says when a call below waits for a person, and opens the rest in a view of its own.
 */
export function DeeperSubagents({ toolCallId }: { readonly toolCallId: string }) {
  const nesting = useNesting();
  const needsPerson = useNeedsPersonInside(toolCallId);
  return (
    <div {...partProps('subagent-run-deeper')} role="note">
      <p>
        This subagent runs more than {MAX_NESTED_SUBAGENTS} levels deep.
        {needsPerson ? ' A call below it waits for you.' : ''}
      </p>
      <button type="button" onClick={() => nesting?.open(toolCallId)}>
        Open what it did
      </button>
    </div>
  );
}

/**
 * A subagent card's name: the key the subagent was registered under (the tool's name less
 * `agent-`). It is known from the first chunk and never changes, unlike the agent's own id.
 */
export function subagentName(toolName: string | undefined): string | undefined {
  return toolName?.replace(/^agent-/, '');
}

/**
 * A view of its own for a subagent nested too deep to show inside its parents: a way back, then
 * the subagent's card as the outermost card. It takes the outermost card's place, its ref and
 * its props (the caller's, which win as on the card); with the card's `asChild` it is the
 * caller's element. It is a region named after the subagent it shows ("Deeper: …"), after the
 * caller's `aria-label` if the card or its element has one, and after what the caller's
 * `aria-labelledby` names: the view is labelled by those elements and then by itself.
 */
export function DeepSubagentView({
  toolCallId,
  onBack,
  rootRef,
  host,
  children,
  ...props
}: HTMLAttributes<HTMLElement> & {
  readonly toolCallId: string;
  readonly onBack: () => void;
  readonly rootRef: Ref<HTMLElement>;
  /** With the card's `asChild`: the caller's element, which the view renders as. */
  readonly host?: ReactNode;
  readonly children: ReactNode;
}) {
  const name = `Deeper: ${subagentName(useToolCall(toolCallId)?.toolName) ?? toolCallId}`;
  // The caller's labels and id, from the card or from its element (whose props win, as `Slot`
  // merges them). The elements the caller's `aria-labelledby` names come first in the name, then
  // the view itself (its `aria-label`, which says "Deeper: …"), by its id: the caller's, or ours.
  const own = useId();
  const {
    id = own,
    'aria-label': label,
    'aria-labelledby': by,
  } = { ...props, ...(host as Host<HTMLAttributes<HTMLElement>>)?.props };
  const labels = {
    id,
    'aria-label': label ? `${label}, ${name}` : name,
    'aria-labelledby': by && `${by} ${id}`,
  };
  const back = useRef<HTMLButtonElement>(null);
  // Focus moves to the way back whenever another subagent opens here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each opened subagent
  useEffect(() => {
    back.current?.focus();
  }, [toolCallId]);
  return (
    <PartElement
      tag="section"
      ref={rootRef}
      asChild
      host={withChildren(host, undefined, labels)}
      // Given, not implied: a caller's element (a `div`, an `li`) is no region of itself.
      role="region"
      {...partProps('subagent-run-deep-view', props)}
      {...labels}
    >
      <button ref={back} type="button" {...partProps('subagent-run-deep-back')} onClick={onBack}>
        Back to the outermost subagent
      </button>
      {children}
    </PartElement>
  );
}
