'use client';
import type { ResumeIssue } from '@toolpane/client';
import type { ApprovalHandle } from '@toolpane/react';
import { createContext } from 'react';
import type { Controls } from '../utils/controls.js';
import { useInside } from '../utils/inside.js';
import type { ResumeDraft, ResumeField } from './schema-fields.js';

/** What the parts of one resume form share. */
export interface ResumeFormContextValue {
  readonly handle: ApprovalHandle;
  readonly toolName: string;
  readonly fields: readonly ResumeField[];
  readonly draft: ResumeDraft;
  readonly setValue: (path: string, value: string | boolean | null) => void;
  /** The words for each field's problem, by field path. */
  readonly errors: Readonly<Record<string, string>>;
  readonly formError: string | undefined;
  /** The id of `ResumeForm.Error` while it is in the document, which the form names. */
  readonly errorControls: Controls;
  readonly idPrefix: string;
  /** Words an issue with the form's `messages`. */
  readonly format: (issue: ResumeIssue) => string;
}

/** The form around a part; null outside one. */
export const ResumeFormContext = createContext<ResumeFormContextValue | null>(null);

/** The form around `part`; throws a clear error outside <ResumeForm.Root>. */
export function useResumeFormContext(part: string): ResumeFormContextValue {
  const value = useInside(ResumeFormContext, 'ResumeForm', part);
  return value;
}
