import { z } from "zod";
import { pageFrom } from "./wire";

/**
 * The wire contract of the account's audit trail (our extension): every change of the account's
 * data and of its packages, one event each, in the shape of the callbacks' events (spec 6).
 */

/** `GET /api/account/auditEvents?from=&to=&name=` (1-based, inclusive; newest first). */
export const auditEventListQuery = z.object({
  from: pageFrom,
  to: z.coerce.number().int().min(1).optional(),
  /** Empty means no filter. */
  name: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined)
    .describe("Only events of this name, e.g. SENDER_INVITE or PACKAGE_CREATE"),
});
export type AuditEventListQuery = z.infer<typeof auditEventListQuery>;

export const auditEventResponse = z.object({
  name: z.string().describe("A spec event name (PACKAGE_CREATE, ...) or an audit-only one (SENDER_INVITE, GROUP_UPDATE, ...)"),
  sessionUser: z.string().describe("The id of the user who acted"),
  message: z.string().describe("What changed; empty when the name says it all"),
  ipAddress: z.string().describe("Where the change came from; empty when unknown"),
  createdDate: z.iso.datetime().describe("UTC, ISO 8601 with milliseconds, ending in Z"),
  /** Absent for account-level events. */
  packageId: z.string().optional(),
  documentId: z.string().optional(),
  /** ROLE_REASSIGN: the role the signer was reassigned to. */
  newRoleId: z.string().optional(),
});
export type AuditEventResponse = z.infer<typeof auditEventResponse>;

export const auditEventListResponse = z.object({ results: z.array(auditEventResponse), count: z.number().int() });
export type AuditEventListResponse = z.infer<typeof auditEventListResponse>;

/**
 * One event of `GET /api/packages/{packageId}/audit` (OneSpan's AuditEvent). `type` is one of
 * OneSpan's audit types where one fits (View, Accept, Click To Sign, Click To Initial, Capture
 * Signature, Decline, Opt Out) and otherwise our event's name in words ("Package Create",
 * "Package Send", "Document Add", ...).
 */
export const packageAuditEvent = z.object({
  type: z.string().describe('OneSpan\'s audit type where one fits (View, Accept, Click To Sign, ...), else our event in words ("Package Send")'),
  "target-type": z.enum(["Package", "Document"]),
  target: z.string().describe("The document's name, or the package's"),
  user: z.string().describe("Who acted: the sender's or signer's full name (a group's name for a group signer)"),
  "user-email": z.string().describe("Their e-mail address; empty when unknown"),
  "user-ip": z.string().describe("Where they acted from; empty when unknown"),
  "date-time": z.iso.datetime().describe("UTC, ISO 8601 with milliseconds, ending in Z"),
  data: z.string().describe("What the event says (a decline's reason, what changed); empty when nothing"),
});
export type PackageAuditEvent = z.infer<typeof packageAuditEvent>;

/** `GET /api/packages/{packageId}/audit` (OneSpan's ExportedAuditTrail): every event, oldest first. */
export const packageAuditTrail = z.object({
  "package-id": z.string(),
  "audit-events": z.array(packageAuditEvent),
});
export type PackageAuditTrail = z.infer<typeof packageAuditTrail>;
