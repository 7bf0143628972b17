import type { Db } from "@/lib/db/client";
import type { SubAccountListResponse } from "@/lib/api/sub-accounts";
import type { Caller } from "@/lib/esign/accounts/caller";
import { readAccounts } from "@/lib/esign/accounts/account-record";
import { descendantsOf } from "./account-tree";

/** `GET /api/account/subaccounts`: the accounts directly and indirectly below the caller's. */
export async function listSubAccounts(db: Db, caller: Caller): Promise<SubAccountListResponse> {
  return readAccounts(db, await descendantsOf(db, caller.account.id));
}
