import { z } from "zod";

/**
 * The wire contract of the account's audit trail (our extension): every change of the account's
 * data and of its packages, one event each, in the shape of the callbacks' events (spec 6).
 */

/** `GET /api/account/auditEvents?from=&to=&name=` (1-based, inclusive; newest first). */
export const auditEventListQuery = z.object({
  from: z.coerce.number().int().min(1).default(1),
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
