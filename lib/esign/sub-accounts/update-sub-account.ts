import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import type { SubAccountResponse, UpdateSubAccountRequest } from "@/lib/api/sub-accounts";
import { readAccount } from "@/lib/esign/accounts/account-record";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { unprocessable } from "@/lib/esign/errors";
import { findDescendant } from "./account-tree";

/**
 * `PUT /api/account/subaccounts/{accountId}`: name, time zone and language of an account below the
 * caller's (404 for any other, the caller's own included). Sub accounts do not move. Both the
 * caller's account and the changed one record the change.
 */
export async function updateSubAccount(
  db: Db,
  caller: Caller,
  accountId: string,
  input: UpdateSubAccountRequest,
): Promise<SubAccountResponse> {
  return db.transaction(async (tx) => {
    const account = await findDescendant(tx, caller.account.id, accountId);
    if (input.parentAccountId !== undefined && input.parentAccountId !== account.parentAccountId) {
      throw unprocessable(
        "error.validation.accountCannotMove",
        `Account ${accountId} belongs to ${account.parentAccountId}; a sub account cannot be moved to another parent.`,
      );
    }
    const [updated] = await tx
      .update(accounts)
      .set({ name: input.name, timezoneId: input.timezoneId, language: input.language, updated: now() })
      .where(eq(accounts.id, accountId))
      .returning();
    const changes: string[] = [];
    if (updated.name !== account.name) changes.push(`renamed from "${account.name}"`);
    if (updated.timezoneId !== account.timezoneId) changes.push(`timezoneId ${updated.timezoneId}`);
    if (updated.language !== account.language) changes.push(`language ${updated.language}`);
    if (changes.length > 0) {
      const message = `"${updated.name}" (${updated.id}): ${changes.join(", ")}`;
      await recordAccountEvent(tx, caller, "SUB_ACCOUNT_UPDATE", message);
      await recordAccountEvent(tx, caller, "SUB_ACCOUNT_UPDATE", message, updated.id);
    }
    return readAccount(tx, updated);
  });
}
