import { eq } from "drizzle-orm";
import type { SessionResponse } from "@/lib/api/accounts";
import { wireDate } from "@/lib/api/wire";
import type { Queryable } from "@/lib/db/client";
import { accounts, users } from "@/lib/db/schema";
import { listUserCustomFields } from "@/lib/esign/custom-fields/custom-fields";
import { readAccount } from "./account-record";
import type { Caller } from "./caller";

/**
 * `GET /api/session`: who the credential belongs to, as the original's Session: the user, whom
 * the session acts for (themselves), the account it acts in, and (our extension) what its roles
 * allow there.
 */
export async function readSession(db: Queryable, caller: Caller): Promise<SessionResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.user.id));
  const [account] = await db.select().from(accounts).where(eq(accounts.id, caller.account.id));
  const name = `${user.firstName} ${user.lastName}`.trim();
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name,
      company: user.company,
      timezoneId: user.timezoneId || "GMT",
      language: user.language,
      // Our extension, left out until the user chooses (the original's clients reject explicit nulls).
      ...(user.consoleLanguage ? { consoleLanguage: user.consoleLanguage } : {}),
      created: wireDate(user.created),
      updated: wireDate(user.updated),
      professionalIdentityFields: [],
      userCustomFields: await listUserCustomFields(db, caller),
    },
    delegationUser: { id: user.id, name },
    packages: [],
    inPerson: false,
    certificateSigning: false,
    // The original's Account (the console reads its id and name).
    account: await readAccount(db, account),
    permissions: [...caller.permissions].sort(),
  };
}
