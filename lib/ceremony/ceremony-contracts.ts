/**
 * The schemas the ceremony checks the service's answers with. Like the console's
 * (lib/console/contracts.ts), they and zod load after the page, beside its first call, rather than
 * with it: about 40 kB (gzip) of the signer's first paint. Only `ceremony-requests.ts` imports
 * this module as a value, and only through `import()`.
 */
export { ceremonyAttachmentRequirement } from "@/lib/api/attachments";
export { ceremonyCopyOffer, ceremonyViewResponse, documentSigned, reassignResponse } from "@/lib/api/signing";
export { oneTimeCodeSent } from "@/lib/api/signing-verification";
export { signerAuthenticationStatus } from "@/lib/api/signer-authentication";
