import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accessTokens, clientApps } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";

/**
 * When a user leaves an account: the client applications they created there are revoked and the
 * tokens those apps obtained stop working at once. Call it with the transaction that removes the
 * membership. Their apps in other accounts stay. The audit events name `actedBy` (whoever removes
 * the user) when given, else the departing user. Answers the ids of the apps it revoked.
 */
export async function revokeClientAppsOf(tx: Queryable, accountId: string, userId: string, actedBy?: Caller): Promise<string[]> {
  const apps = await tx
    .select({ id: clientApps.id, name: clientApps.name })
    .from(clientApps)
    .where(and(eq(clientApps.accountId, accountId), eq(clientApps.createdByUserId, userId)))
    .for("update");
  if (apps.length === 0) return [];
  const ids = apps.map((app) => app.id);
  const revoked = await tx
    .update(clientApps)
    .set({ revoked: now() })
    .where(and(inArray(clientApps.id, ids), isNull(clientApps.revoked)))
    .returning({ id: clientApps.id, name: clientApps.name });
  await tx.delete(accessTokens).where(inArray(accessTokens.clientAppId, ids));
  for (const app of revoked) {
    await recordEvent(tx, {
      accountId,
      packageId: null,
      name: "CLIENT_APP_REVOKE",
      sessionUser: actedBy?.user.id ?? userId,
      message: `revoked "${app.name}" (client id ${app.id}): its creator left the account`,
      ipAddress: actedBy?.ipAddress,
    });
  }
  return revoked.map((app) => app.id);
}
