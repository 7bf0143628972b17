import { eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import type { CreateSubAccountRequest, SubAccountResponse } from "@/lib/api/sub-accounts";
import { readAccount } from "@/lib/esign/accounts/account-record";
import type { Caller } from "@/lib/esign/accounts/caller";
import { addMember, createAccount, issueApiKey } from "@/lib/esign/accounts/account-setup";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { unprocessable } from "@/lib/esign/errors";
import { depthOf, findDescendant, MAX_ACCOUNT_DEPTH, type AccountRow } from "./account-tree";

/** The parent: the caller's account itself or an account below it; anything else is 404. */
async function findParent(db: Queryable, caller: Caller, parentAccountId: string | undefined): Promise<AccountRow> {
  const id = parentAccountId ?? caller.account.id;
  if (id === caller.account.id) {
    const [own] = await db.select().from(accounts).where(eq(accounts.id, id));
    return own;
  }
  return findDescendant(db, caller.account.id, id);
}

/**
 * `POST /api/account/subaccounts`: a child of the parent, at most three levels deep. The creating
 * user becomes its owner and gets an API key there, with which they act in the new account.
 * The caller's account, the parent (when another) and the new account each record the creation.
 */
export async function createSubAccount(db: Db, caller: Caller, input: CreateSubAccountRequest): Promise<SubAccountResponse> {
  return db.transaction(async (tx) => {
    const parent = await findParent(tx, caller, input.parentAccountId);
    const parentDepth = await depthOf(tx, parent);
    if (parentDepth >= MAX_ACCOUNT_DEPTH) {
      throw unprocessable(
        "error.validation.accountDepth",
        `"${parent.name}" (${parent.id}) is already on level ${parentDepth}; accounts go ${MAX_ACCOUNT_DEPTH} levels deep at most (parent, child, grandchild), so it cannot have sub accounts.`,
      );
    }
    const accountId = await createAccount(tx, {
      name: input.name,
      parentAccountId: parent.id,
      timezoneId: input.timezoneId,
      language: input.language,
    });
    await addMember(tx, accountId, caller.user.id, { isOwner: true, role: "OWNER" });
    await issueApiKey(tx, caller.user.id, accountId);
    const [created] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    const creation = `created "${created.name}" (${created.id}) under "${parent.name}"`;
    await recordAccountEvent(tx, caller, "SUB_ACCOUNT_CREATE", creation);
    if (parent.id !== caller.account.id) await recordAccountEvent(tx, caller, "SUB_ACCOUNT_CREATE", creation, parent.id);
    await recordAccountEvent(tx, caller, "SUB_ACCOUNT_CREATE", `created under "${parent.name}" (${parent.id}) by ${caller.user.email}`, created.id);
    return readAccount(tx, created);
  });
}
