'use client';
import {
  callKey,
  type DisplayValue,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { useToolCall, useToolpaneSelector } from '@toolpane/react';
import { forwardRef, useCallback } from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import { LongText } from '../run-parts/long-text.js';
import { useToolCallContext } from '../tool-call/context.js';
import { SectionLabel, showsModelOutput, ToolCallError } from '../tool-call/sections.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { useSubagentRunContext } from './context.js';

/** The text of the latest run of an `agent-*` call: the subagent's answer, so far. */
export function answerOf(state: ToolpaneState, toolCallId: string): string {
  const runIds = state.toolCalls.get(toolCallId)?.childRunIds ?? [];
  const run = state.runs.get(runIds[runIds.length - 1] ?? '');
  let text = '';
  for (const part of run?.parts ?? []) if (part.type === 'text') text += part.text;
  return text.trim();
}

/** The text the model saw of a result, when it saw text only. */
function modelText(call: ToolCallState): string | undefined {
  const seen = call.modelOutput as { type?: unknown; value?: unknown } | undefined;
  return seen?.type === 'text' && typeof seen.value === 'string' ? seen.value.trim() : undefined;
}

/** The result without its `text`, which the card already shows as the answer. */
function withoutAnswer(output: DisplayValue, answer: string): DisplayValue {
  if (output.kind !== 'raw' && output.kind !== 'transformed') return output;
  const value = output.value as { text?: unknown } | null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return output;
  if (answer === '' || typeof value.text !== 'string' || value.text.trim() !== answer)
    return output;
  const { text: _, ...rest } = value;
  return { ...output, value: rest };
}

/**
 * The subagent's full result (ids, inner tool results) and, when it differs from the answer,
 * what the parent model saw, collapsed; then any error, in view. The answer is not repeated.
 *
 * @example
 * <SubagentRun.Details />
 */
export const SubagentRunDetails = forwardRef<HTMLDetailsElement, HostProps<'details'>>(
  function SubagentRunDetails({ asChild, children, ...props }, ref) {
    const { toolCallId } = useToolCallContext('Details');
    const call = useToolCall(toolCallId);
    const answer = useToolpaneSelector(
      useCallback((state: ToolpaneState) => answerOf(state, toolCallId), [toolCallId]),
      Object.is,
      callKey(toolCallId),
    );
    if (call === undefined) return null;
    const hasOutput = call.output.kind !== 'none';
    const showSeen = showsModelOutput(call) && modelText(call) !== answer;
    return (
      <>
        {hasOutput ? (
          <PartElement
            tag="details"
            ref={ref}
            asChild={asChild}
            host={children}
            {...partProps('subagent-run-details', props)}
          >
            <summary>Full result</summary>
            <div {...partProps('tool-call-output')} data-kind={call.output.kind}>
              <DisplayValueView value={withoutAnswer(call.output, answer)} />
            </div>
            {showSeen ? (
              <div {...partProps('tool-call-model-output')}>
                <SectionLabel>What the model saw</SectionLabel>
                <DisplayValueView value={{ kind: 'raw', value: call.modelOutput }} />
              </div>
            ) : null}
          </PartElement>
        ) : null}
        <ToolCallError />
      </>
    );
  },
);

/**
 * The subagent's answer: the text of its latest run, live while it streams.
 *
 * @example
 * <SubagentRun.Answer />
 */
export const SubagentRunAnswer = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function SubagentRunAnswer({ asChild, children, ...props }, ref) {
    const { toolCallId } = useSubagentRunContext('Answer');
    const answer = useToolpaneSelector(
      useCallback((state: ToolpaneState) => answerOf(state, toolCallId), [toolCallId]),
      Object.is,
      callKey(toolCallId),
    );
    if (answer === '') return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('subagent-run-answer', props)}
      >
        <SectionLabel>Answer</SectionLabel>
        <p>
          <LongText text={answer} />
        </p>
      </PartElement>
    );
  },
);

/** The prompt of a subagent call's input, when it has one. */
function promptOf(input: DisplayValue | undefined): string | undefined {
  const value =
    input?.kind === 'raw' || input?.kind === 'transformed' ? (input.value as unknown) : undefined;
  const prompt = (value as { prompt?: unknown } | null | undefined)?.prompt;
  return typeof prompt === 'string' ? prompt : undefined;
}

/**
 * The task the parent agent gave the subagent: its `prompt` as text, or the whole input.
 *
 * @example
 * <SubagentRun.Task />
 */
export const SubagentRunTask = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function SubagentRunTask({ asChild, children, ...props }, ref) {
    const { toolCallId } = useSubagentRunContext('Task');
    const input = useToolCall(toolCallId)?.input;
    if (input === undefined || input.kind === 'none') return null;
    const prompt = promptOf(input);
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('subagent-run-task', props)}
      >
        <SectionLabel>Task</SectionLabel>
        {prompt === undefined ? <DisplayValueView value={input} /> : <p>{prompt}</p>}
      </PartElement>
    );
  },
);
