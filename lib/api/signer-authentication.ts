import { z } from "zod";

/**
 * The wire contract of a signer's own authentication in the ceremony (the signer's `auth`:
 * CHALLENGE questions, an SMS code, or QASMS: the questions, then a code). The ceremony's own routes, authenticated by its session
 * cookie, never by an API key.
 */

export const signerAuthenticationStatus = z.object({
  scheme: z.enum(["CHALLENGE", "SMS", "QASMS"]),
  /** Until true, the ceremony shows no document and refuses every action. */
  passed: z.boolean(),
  /** Too many wrong answers or codes: nothing more is accepted until the sender unlocks the signer. */
  signerLocked: z.boolean(),
  attemptsLeft: z.number().int(),
  /** CHALLENGE and QASMS: the questions to answer, in order (never their answers). */
  questions: z.array(z.object({ question: z.string(), maskInput: z.boolean() })).optional(),
  /** QASMS: the questions are answered; the texted code is what is left. */
  answersPassed: z.boolean().optional(),
  /** SMS: the phone the code goes to, all but its last four digits hidden. */
  phone: z.string().optional(),
  /** SMS: when the code last sent stops working (absent when none is waiting). */
  codeExpires: z.string().optional(),
  /** SMS: the earliest time another code may be asked for. */
  resendAfter: z.string().optional(),
});
export type SignerAuthenticationStatus = z.infer<typeof signerAuthenticationStatus>;

/** `POST /api/signing/{packageId}/authentication/answers`: one answer per question, in order. */
export const signerAnswers = z.object({
  answers: z.array(z.string().max(255)).min(1, "must hold one answer per question").max(20),
});
export type SignerAnswers = z.infer<typeof signerAnswers>;
