import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, users } from "@/lib/db/schema";
import type { PackageCreate } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { forbidden, notFound } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import type { PackageSender } from "./package-content";

export interface PackageOwner {
  userId: string;
  /** As the package's SENDER role shows them: the member's own names unless the package gives others. */
  sender: PackageSender;
}

/**
 * Who a new package belongs to. The caller, unless `sender.email` names another sender of the
 * account: the package is then created on their behalf, which takes the permission to act on the
 * account's senders' transactions and the right to administer that sender (privileges.ts). The
 * names, title and company of `sender` are what its SENDER role shows (the original service's
 * custom sender information); the e-mail is always the owner's.
 */
export async function resolvePackageOwner(db: Queryable, caller: Caller, requested: PackageCreate["sender"]): Promise<PackageOwner> {
  const email = requested?.email?.toLowerCase();
  let owner = { id: caller.user.id, email: caller.user.email, firstName: caller.user.firstName, lastName: caller.user.lastName, title: caller.user.title, company: caller.user.company };
  if (email && email !== caller.user.email.toLowerCase()) {
    const [member] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, title: users.title, company: users.company })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.userId))
      .where(and(eq(accountMemberships.accountId, caller.account.id), eq(sql`lower(${users.email})`, email)));
    if (!member) throw notFound("error.notFound.userNotFound", `No sender of this account has the e-mail ${requested?.email}.`);
    if (!caller.permissions.has(PERMISSIONS.usersTransactions)) {
      throw forbidden("error.forbidden.noPermission", `Creating a package on behalf of another sender needs the permission ${PERMISSIONS.usersTransactions}.`);
    }
    await assertMayAdminister(db, caller, member.id);
    owner = member;
  }
  return {
    userId: owner.id,
    sender: {
      email: owner.email,
      firstName: requested?.firstName || owner.firstName,
      lastName: requested?.lastName || owner.lastName,
      title: requested?.title ?? owner.title,
      company: requested?.company ?? owner.company,
    },
  };
}
