/** Contact-form topics and limits, shared by the form and the service that checks it. */
export const CONTACT_TOPICS = ["general", "predictions", "data", "privacy"] as const;
export const MESSAGE_MAX = 2000;
export const SUBJECT_MAX = 200;
