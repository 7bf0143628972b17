import { asc, count, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { clientApps } from "@/lib/db/schema";
import type { ClientAppListQuery, ClientAppListResponse, ClientAppResponse } from "@/lib/api/client-apps";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { pageWindow } from "@/lib/esign/listing";

/** `GET /api/account/clientApps`: one page of the account's client applications, oldest first, revoked ones included. Never the secret. */
export async function listClientApps(db: Queryable, caller: Caller, query: ClientAppListQuery): Promise<ClientAppListResponse> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const ofAccount = eq(clientApps.accountId, caller.account.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: clientApps.id, name: clientApps.name, created: clientApps.created, revoked: clientApps.revoked })
      .from(clientApps)
      .where(ofAccount)
      .orderBy(asc(clientApps.created), asc(clientApps.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(clientApps).where(ofAccount),
  ]);
  const results = rows.map((row) => {
    const app: ClientAppResponse = { clientId: row.id, name: row.name, created: wireDate(row.created) };
    if (row.revoked) app.revoked = wireDate(row.revoked);
    return app;
  });
  return { results, count: total };
}
