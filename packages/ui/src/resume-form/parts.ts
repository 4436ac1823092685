/** The ResumeForm parts under short names, for `ResumeForm.Root`-style use. */
export { ResumeFormError as Error, ResumeFormSubmit as Submit } from './actions.js';
export { ResumeFormFields as Fields } from './fields.js';
export { ResumeFormPayload as Payload } from './payload.js';
export { ResumeFormRoot as Root } from './root.js';
export { ResumeFormSent as Sent } from './sent.js';
