import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import type { WireSystemAlert } from "@/lib/api/packages";

/**
 * A package's alerts (`?extensions=alerts`), as the original's SystemAlert: what went wrong on the
 * package's way that its sender should know. The original raises one when a package's text
 * messages pass the account's SMS limit; Signet texts authentication codes and signing links, and raises one per
 * text its provider did not take (SMS_NOT_SENT in the audit trail). None: `[]`.
 */
export async function packageAlerts(db: Queryable, packageId: string): Promise<WireSystemAlert[]> {
  const rows = await db
    .select({ sessionUser: auditEvents.sessionUser, message: auditEvents.message, created: auditEvents.created })
    .from(auditEvents)
    .where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, "SMS_NOT_SENT")))
    .orderBy(asc(auditEvents.id));
  return rows.map((row) => ({
    severityLevel: "WARNING",
    code: "SMS_NOT_SENT",
    defaultMessage: row.message ?? "A text message could not be sent.",
    parameters: { roleId: row.sessionUser, date: row.created.toISOString() },
  }));
}
