/** The ResumeForm parts under short names, for `ResumeForm.Root`-style use. */
export {
  ResumeFormError as Error,
  ResumeFormFields as Fields,
  ResumeFormPayload as Payload,
  ResumeFormRoot as Root,
  ResumeFormSent as Sent,
  ResumeFormSubmit as Submit,
} from './resume-form.js';
