import { z } from "zod";
import { PACKAGE_STATUSES, REPORT_STATUSES } from "./wire-values";
import { wireSender } from "./senders";

/**
 * The wire contract of the original's reports (its Java SDK's ReportService and api/model
 * *Report classes): `GET /api/reports/completion`, `/usage` and `/delegation`, answered as JSON or,
 * for `Accept: text/csv`, as CSV.
 */

export { REPORT_STATUSES };
export type { ReportStatus } from "./wire-values";

/** The usage report's categories (the SDK's UsageReportCategory), keyed in lower case on the wire. */
export const USAGE_CATEGORIES = ["ACTIVE", "DRAFT", "SENT", "COMPLETED", "ARCHIVED", "DECLINED", "OPTED_OUT", "EXPIRED", "TRASHED"] as const;
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];
export type UsageKey = Lowercase<UsageCategory>;
export const USAGE_KEYS = USAGE_CATEGORIES.map((category) => category.toLowerCase() as UsageKey);

const reportDate = z
  .string()
  .optional()
  .describe("UTC date and time as the SDKs send it (`2026-01-31T12:30:00Z`), any ISO 8601 date-time with an offset, or a date (`2026-01-31`)");

export const completionReportQuery = z.object({
  from: reportDate,
  to: reportDate,
  senderId: z.string().optional().describe("One sender's report; without it, every sender the caller may see"),
  status: z.string().optional().describe(`One of ${REPORT_STATUSES.join(", ")}; without it, every status`),
  summary: z.string().optional().describe("`true`: the packages without their documents and signers"),
});

export const usageReportQuery = z.object({ from: reportDate, to: reportDate, senderId: z.string().optional().describe("One sender's counts (our extension)") });
export const delegationReportQuery = z.object({ from: reportDate, to: reportDate, senderId: z.string().optional() });

const date = z.iso.datetime().describe("UTC, ISO 8601 with milliseconds, ending in Z");

export const documentCompletionReport = z.object({
  id: z.string(),
  name: z.string(),
  completed: z.boolean().describe("Every required signature of the document is done (or the package is completed)"),
  firstSigned: date.optional(),
  lastSigned: date.optional(),
});

export const signerCompletionReport = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  completed: z.boolean().describe("The signer has finished signing"),
  firstSigned: date.optional(),
  lastSigned: date.optional(),
});

export const packageCompletionReport = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  trashed: z.boolean(),
  created: date,
  updated: date,
  documents: z.array(documentCompletionReport),
  signers: z.array(signerCompletionReport),
});
export type PackageCompletionReport = z.infer<typeof packageCompletionReport>;

export const senderCompletionReport = z.object({ sender: wireSender, packages: z.array(packageCompletionReport) });
export type SenderCompletionReport = z.infer<typeof senderCompletionReport>;

export const completionReportResponse = z.object({ from: date, to: date, senders: z.array(senderCompletionReport) });
export type CompletionReportResponse = z.infer<typeof completionReportResponse>;

export const senderUsageReport = z.object({
  sender: wireSender,
  packages: z.object(Object.fromEntries(USAGE_KEYS.map((key) => [key, z.number().int()])) as Record<UsageKey, z.ZodNumber>),
});
export type SenderUsageReport = z.infer<typeof senderUsageReport>;

export const usageReportResponse = z.object({ from: date, to: date, senders: z.array(senderUsageReport) });
export type UsageReportResponse = z.infer<typeof usageReportResponse>;

export const delegationEventReport = z.object({ eventDate: date, eventType: z.string(), eventUser: z.string(), eventDescription: z.string() });

export const delegationReportResponse = z.object({
  from: date.optional(),
  to: date.optional(),
  delegationEvents: z.record(z.string(), z.array(delegationEventReport)).describe("Each sender's delegation events, by sender id"),
});
export type DelegationReportResponse = z.infer<typeof delegationReportResponse>;
