/**
 * The events a callback registration can subscribe to (spec section 6), each with what it means,
 * for people choosing them. The service checks names against its own list (SPEC_EVENTS in
 * lib/esign/audit/record-event.ts); a unit test keeps the two the same.
 */
export const CALLBACK_EVENT_CATALOGUE = [
  { name: "PACKAGE_CREATE", description: "A package was created: record its id against your own transaction." },
  { name: "PACKAGE_ACTIVATE", description: "A package was sent to its signers (from draft, or restored)." },
  { name: "PACKAGE_DEACTIVATE", description: "A sent package was moved back to draft." },
  { name: "PACKAGE_READY_FOR_COMPLETE", description: "Everyone signed a package that does not complete by itself: the sender must complete it." },
  { name: "PACKAGE_COMPLETE", description: "A package completed the signing process." },
  { name: "PACKAGE_DECLINE", description: "A signer declined to sign and gave a reason (in message)." },
  { name: "PACKAGE_OPT_OUT", description: "A signer opted out of signing electronically, with a reason." },
  { name: "PACKAGE_EXPIRE", description: "A package passed its expiry date." },
  { name: "PACKAGE_ARCHIVE", description: "A package was archived." },
  { name: "PACKAGE_TRASH", description: "A package was moved to the trash." },
  { name: "PACKAGE_RESTORE", description: "A package was restored from the trash to its earlier state." },
  { name: "PACKAGE_DELETE", description: "A package was deleted." },
  { name: "PACKAGE_ATTACHMENT", description: "A signer uploaded an attachment (its name in message)." },
  { name: "DOCUMENT_VIEWED", description: "A signer viewed a document (documentId)." },
  { name: "DOCUMENT_SIGNED", description: "A signer signed a document or accepted the consent (documentId)." },
  { name: "SIGNER_COMPLETE", description: "A signer completed signing all their documents." },
  { name: "ROLE_REASSIGN", description: "A signer delegated their signing to someone else (newRoleId)." },
  { name: "SIGNER_LOCKED", description: "A signer was locked out after repeated failed verification." },
  { name: "KBA_FAILURE", description: "A signer failed knowledge-based authentication." },
  { name: "EMAIL_BOUNCE", description: "An e-mail to a signer or sender bounced (the kind of bounce in message)." },
  { name: "TEMPLATE_CREATE", description: "A template was created (packageId is the template's id)." },
] as const;

export type CallbackEventName = (typeof CALLBACK_EVENT_CATALOGUE)[number]["name"];
