import type { Db } from "@/lib/db/client";
import { clientApps } from "@/lib/db/schema";
import type { ClientAppRequest, CreatedClientAppResponse } from "@/lib/api/client-apps";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { forbidden } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";

/**
 * `POST /api/account/clientApps` (our extension): a client application of the caller's account.
 * Its secret is answered this once and kept only as a lookup hash; a lost secret means a new app.
 * Only with an API key: an app made with an access token would outlive the token and its own app.
 */
export async function createClientApp(db: Db, caller: Caller, input: ClientAppRequest): Promise<CreatedClientAppResponse> {
  if (caller.credential !== "apiKey") {
    throw forbidden("error.forbidden.clientAppsNeedApiKey", "Client applications are created only with an API key, not with an access token, which would outlive it.");
  }
  const clientId = newId();
  const secret = generateSecret();
  const created = now();
  await db.transaction(async (tx) => {
    await tx.insert(clientApps).values({
      id: clientId,
      accountId: caller.account.id,
      name: input.name,
      secretHash: lookupHash(secret),
      createdByUserId: caller.user.id,
      created,
    });
    await recordAccountEvent(tx, caller, "CLIENT_APP_CREATE", `created "${input.name}" (client id ${clientId})`);
  });
  return { clientId, secret, name: input.name, created: wireDate(created) };
}
