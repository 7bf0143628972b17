import { z } from "zod";

/**
 * Notarization (issue 33): a sender's notary commission, the original's `NotaryCommission` at
 * `/api/account/senders/{senderId}/notaryCommission`, and the notary journal at
 * `/api/user/{userId}/journal` (JSON `{results, count}`) and `…/journal/download` (CSV).
 */
export const notaryCommissionInput = z.object({
  name: z.string().trim().max(256).nullish().transform((value) => value ?? ""),
  number: z.coerce.number().int("must be a whole number").positive("must be positive").max(2_147_483_647),
  jurisdiction: z.string().trim().min(1, "is required").max(256),
  country: z.string().trim().max(128).nullish().transform((value) => value ?? ""),
  expirationDate: z.coerce.date({ error: "must be a date" }),
  confirmed: z.boolean().optional(),
});
export type NotaryCommissionInput = z.infer<typeof notaryCommissionInput>;

export const notaryCommissionResponse = z.object({
  name: z.string(),
  number: z.number().int(),
  jurisdiction: z.string(),
  country: z.string(),
  expirationDate: z.string(),
  confirmed: z.boolean().describe("Always true: a commission on file is the one the notary's seal shows"),
});
export type WireNotaryCommission = z.infer<typeof notaryCommissionResponse>;

/** One notarized signing of one document by one signer, as the original's NotaryJournalEntry (plus Signet's package fields). */
export const notaryJournalEntry = z.object({
  sequenceNumber: z.number().int(),
  creationDate: z.string(),
  documentType: z.string(),
  documentName: z.string(),
  signerName: z.string(),
  signatureType: z.string(),
  idType: z.string(),
  idValue: z.string(),
  jurisdiction: z.string(),
  comment: z.string(),
  packageId: z.string().describe("Signet extension: the notarized package"),
  packageName: z.string().describe("Signet extension"),
  documentId: z.string().describe("Signet extension"),
  signerEmail: z.string().describe("Signet extension"),
});
export type WireNotaryJournalEntry = z.infer<typeof notaryJournalEntry>;

export const notaryJournalResponse = z.object({ results: z.array(notaryJournalEntry), count: z.number().int() });
export type NotaryJournalResponse = z.infer<typeof notaryJournalResponse>;

/** `?from=&to=` (1-based, inclusive) and `dir` (ASC or DESC by sequence number), as the SDK's NOTARY_JOURNAL_LIST_PATH. */
export const notaryJournalQuery = z.object({
  from: z.coerce.number().int().min(1).optional(),
  to: z.coerce.number().int().min(1).optional(),
  dir: z.enum(["ASC", "DESC", "asc", "desc"]).optional(),
});
export type NotaryJournalQuery = z.infer<typeof notaryJournalQuery>;
