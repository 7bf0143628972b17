/**
 * The wire contract as the console's browser code uses it: zod, the service's schemas, and the few
 * shapes only the console reads. The console checks every answer of the service and every form
 * against these schemas, but its pages do not wait for them: zod and the schemas are about 40 kB
 * (gzip) that the first paint does not need. They load once, after the page, through
 * `loadContracts` (lib/console/load-contracts.ts), while the page's first API calls are under way.
 * Nothing but `load-contracts.ts` may import this module as a value; everything else takes its types.
 */
import { array, boolean, email, enum as enumOf, iso, literal, looseObject, number, object, string, union } from "zod";
import * as ContractsPackages from "@/lib/api/packages";

/**
 * The zod builders the console's own schemas use, named one by one: a module reached through
 * `import()` is read as a whole, so handing on zod's `z` would bring all of zod into the chunk,
 * every language of its messages included.
 */
export const z = { array, boolean, email, enum: enumOf, iso, literal, looseObject, number, object, string, union };
export * from "@/lib/api/account-roles";
export * from "@/lib/api/account-settings";
export * from "@/lib/api/accounts";
export * from "@/lib/api/callbacks";
export * from "@/lib/api/client-apps";
export * from "@/lib/api/delegates";
export * from "@/lib/api/document-visibility";
export * from "@/lib/api/groups";
export * from "@/lib/api/notary";
export * from "@/lib/api/outbox";
export * from "@/lib/api/packages";
export * from "@/lib/api/reminders";
export * from "@/lib/api/reports";
export * from "@/lib/api/senders";
export * from "@/lib/api/signing-entry";
export * from "@/lib/api/sub-accounts";
export * from "@/lib/api/verification";
export * from "@/lib/api/virtual-room";

// The shapes only the console reads.

/** `GET /api/packages`: a page of packages or templates and how many there are in all. */
export const packageListResponse = z.object({ results: z.array(ContractsPackages.packageResponse), count: z.number().int() });

/** One event of `GET /api/packages/{id}/audit` (OneSpan's AuditEvent). */
export const packageAuditEvent = z.object({
  type: z.string(),
  "target-type": z.string(),
  target: z.string(),
  user: z.string(),
  "user-email": z.string(),
  "user-ip": z.string(),
  "date-time": z.string(),
  data: z.string(),
});

/** `GET /api/packages/{id}/audit`: every event, oldest first. */
export const packageAuditResponse = z.object({
  "package-id": z.string(),
  "audit-events": z.array(packageAuditEvent),
});

/** What a create answers: the new package's or template's id. */
export const createdResponse = z.object({ id: z.string() });

/** The account's support contact document as stored: each member absent until set. */
export const supportDocument = z.object({ email: z.string().optional(), phone: z.string().optional() });

/** The account's package settings, as far as embedded signing reads them. */
export const embeddingSettings = z.looseObject({ embeddedSigningOrigins: z.array(z.string()).default([]) });

/** A refusal's body. */
export const errorBody = z.object({ message: z.string(), messageKey: z.string().optional() });
