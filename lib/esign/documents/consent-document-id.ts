/**
 * The consent document's id and default name, apart from the document itself (consent-document.ts,
 * whose making of the PDF loads pdf-lib): most code that recognises the consent needs only its id, and the job
 * queue's start should not load a PDF library for a constant.
 */
export const CONSENT_DOCUMENT_ID = "default-consent";
export const CONSENT_DOCUMENT_NAME = "Electronic Disclosures and Signatures Consent";
