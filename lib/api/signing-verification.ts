import { z } from "zod";

/**
 * The wire contract of a signer's verification in the ceremony (our extension, spec 2.5): where
 * the signer stands, and the e-mail one-time code. These routes are the ceremony's own: they are
 * authenticated by its session cookie, never by an API key.
 */

/** `GET /api/signing/{packageId}/verification`, and the answer of the one-time code routes. */
export const signerVerificationStatus = z.object({
  /** False when the role carries no verification: the signer may sign at once. */
  required: z.boolean(),
  /** The type attached to the role (absent when none is). */
  typeId: z.string().optional(),
  verified: z.boolean(),
  /** Too many wrong codes: nothing more is accepted until the sender unlocks the signer. */
  signerLocked: z.boolean(),
  /** Wrong codes the signer may still enter before being locked. */
  attemptsLeft: z.number().int(),
  /** When the code last sent stops working (absent when no code is waiting). */
  codeExpires: z.string().optional(),
  /** The earliest time another code may be asked for (absent when one may be asked for now). */
  resendAfter: z.string().optional(),
});
export type SignerVerificationStatus = z.infer<typeof signerVerificationStatus>;

/** `POST /api/signing/{packageId}/verification/otp`: the status, and the address the code went to. */
export const oneTimeCodeSent = signerVerificationStatus.extend({ sentTo: z.string() });
export type OneTimeCodeSent = z.infer<typeof oneTimeCodeSent>;

/** `POST /api/signing/{packageId}/verification/otp/verify`. */
export const oneTimeCodeEntry = z.object({
  code: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a string") })
    // Pasted as "123 456" or "123-456" on a phone: only the digits count.
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "must be the six digits of the code")),
});
export type OneTimeCodeEntry = z.infer<typeof oneTimeCodeEntry>;
