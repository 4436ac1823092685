export * as ResumeForm from './parts.js';
export {
  ResumeFormError,
  ResumeFormFields,
  ResumeFormPayload,
  ResumeFormRoot,
  type ResumeFormRootProps,
  ResumeFormSent,
  ResumeFormSubmit,
} from './resume-form.js';
export { type FieldMeta, type ResumeField, resumeFields } from './schema-fields.js';
