import type { Db } from "@/lib/db/client";
import type { SubAccountListResponse } from "@/lib/api/sub-accounts";
import type { Caller } from "@/lib/esign/accounts/caller";
import { descendantsOf, toWireAccount } from "./account-tree";

/** `GET /api/account/subaccounts`: the accounts directly and indirectly below the caller's. */
export async function listSubAccounts(db: Db, caller: Caller): Promise<SubAccountListResponse> {
  return (await descendantsOf(db, caller.account.id)).map(toWireAccount);
}
