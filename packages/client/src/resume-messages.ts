/**
 * `@toolpane/client/resume-messages`: the words a person reads for each kind of resume issue,
 * and the function that picks them. Its own entry point: an app that shows no resume form does
 * not ship the words. The validator words its `FieldError.message`s with these defaults.
 *
 * @example
 * import { formatResumeIssue } from '@toolpane/client/resume-messages';
 *
 * formatResumeIssue({ kind: 'too-big', subject: 'number', limit: 10, inclusive: true });
 * // 'Enter a number no larger than 10.'
 */

export {
  formatResumeIssue,
  patternExample,
  type ResumeMessages,
  resumeMessages,
} from './resume/issues.js';
