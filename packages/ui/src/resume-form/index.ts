export { ResumeFormError, ResumeFormSubmit } from './actions.js';
export { ResumeFormFields } from './fields.js';
export * as ResumeForm from './parts.js';
export { ResumeFormPayload } from './payload.js';
export { ResumeFormRoot, type ResumeFormRootProps } from './root.js';
export { type FieldMeta, type ResumeField, resumeFields } from './schema-fields.js';
export { ResumeFormSent } from './sent.js';
