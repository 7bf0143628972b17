import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accessTokens, clientApps } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { notFound } from "@/lib/esign/errors";

/**
 * `DELETE /api/account/clientApps/{clientId}` (our extension): the app can no longer obtain
 * tokens, and the tokens it obtained stop working at once (they are deleted, not left to expire).
 * Revoking again keeps the first revocation date.
 */
export async function revokeClientApp(db: Db, caller: Caller, clientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [app] = await tx
      .select({ name: clientApps.name, revoked: clientApps.revoked })
      .from(clientApps)
      .where(and(eq(clientApps.id, clientId), eq(clientApps.accountId, caller.account.id)))
      .for("update");
    if (!app) throw notFound("error.notFound.clientAppNotFound", `Client application ${clientId} was not found.`);
    if (!app.revoked) {
      await tx.update(clientApps).set({ revoked: now() }).where(eq(clientApps.id, clientId));
      await recordAccountEvent(tx, caller, "CLIENT_APP_REVOKE", `revoked "${app.name}" (client id ${clientId})`);
    }
    await tx.delete(accessTokens).where(eq(accessTokens.clientAppId, clientId));
  });
}
