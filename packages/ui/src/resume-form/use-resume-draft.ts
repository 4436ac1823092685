'use client';
import { useCallback, useMemo, useState } from 'react';
import { initialDraft, type ResumeDraft, type ResumeField } from './schema-fields.js';

/**
 * The form's draft: the schema's defaults under what the person changed. The defaults follow
 * the fields, so a schema that arrives after the form mounted (the card mounts with the call,
 * the schema comes with the suspension) or a new suspension's schema brings its defaults, while
 * a field the person edited keeps the value they gave it. Kept values are shown with the new
 * suspension and go out only with a submit made on it: the form's `resume` answers the suspension
 * revision it was drawn with.
 */
export function useResumeDraft(fields: readonly ResumeField[]): {
  readonly draft: ResumeDraft;
  readonly edit: (path: string, value: string | boolean | null) => void;
} {
  const [edits, setEdits] = useState<ResumeDraft>({});
  const defaults = useMemo(() => initialDraft(fields), [fields]);
  const draft = useMemo(() => ({ ...defaults, ...edits }), [defaults, edits]);
  const edit = useCallback((path: string, value: string | boolean | null) => {
    setEdits((previous) => ({ ...previous, [path]: value }));
  }, []);
  return { draft, edit };
}
