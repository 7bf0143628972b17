import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { groupMembers, packages, roles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { forbidden, packageNotFound } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { actsFor } from "@/lib/esign/senders/delegates";

export type PackageRow = typeof packages.$inferSelect;

/** Who may read a package of the caller's account at once: its owner, whoever may follow the senders' transactions, and everyone for shared templates and layouts. */
function canReadAsSender(caller: Caller, row: PackageRow): boolean {
  return (
    row.ownerUserId === caller.user.id ||
    caller.permissions.has(PERMISSIONS.usersTransactions) ||
    ((row.type === "TEMPLATE" || row.type === "LAYOUT") && row.visibility === "ACCOUNT")
  );
}

/**
 * A sender who signs the package, or a member of a group that signs it, follows its progress
 * (spec 2.9 rule 5) once it has been sent: they may read the package and its roles, nothing more
 * (not other signers' verifications, downloads or a clone: the ceremony gives signers their own).
 */
async function isSignerOf(db: Queryable, caller: Caller, row: PackageRow): Promise<boolean> {
  if (row.status === "DRAFT" || row.type !== "PACKAGE") return false;
  const [signing] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.packageId, row.id),
        or(
          eq(roles.signerEmail, caller.user.email.toLowerCase()),
          sql`${roles.signer}->'group'->>'id' in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${caller.user.id})`,
        ),
      ),
    )
    .limit(1);
  return Boolean(signing);
}

/**
 * The package, if the caller may see it; otherwise 404, exactly as if it did not exist (another
 * account's package, a deleted one). With `forUpdate` the row is locked until the transaction ends,
 * which serialises concurrent changes of one package.
 */
export async function findPackage(
  db: Queryable,
  caller: Caller,
  packageId: string,
  options: { forUpdate?: boolean; followers?: boolean } = {},
): Promise<PackageRow> {
  const query = db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.accountId, caller.account.id), ne(packages.status, "DELETED")));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw packageNotFound(packageId);
  if (canReadAsSender(caller, row)) return row;
  // A delegate of the package's owner reads it as the owner would (lib/esign/senders/delegates.ts).
  if (await actsFor(db, caller.account.id, caller.user.id, row.ownerUserId)) return row;
  if (!options.followers || !(await isSignerOf(db, caller, row))) throw packageNotFound(packageId);
  return row;
}

/**
 * The package, locked for change, if the caller may change it: its owner, the account owner, or a
 * delegate of its owner (whose changes the audit trail records as done on the owner's behalf).
 */
export async function findPackageToChange(db: Queryable, caller: Caller, packageId: string): Promise<PackageRow> {
  const row = await findPackage(db, caller, packageId, { forUpdate: true });
  if (row.ownerUserId !== caller.user.id && !caller.user.isAccountOwner && !(await actsFor(db, caller.account.id, caller.user.id, row.ownerUserId))) {
    throw forbidden("error.forbidden.notPackageOwner", "Only the package's owner or the account owner can change it.");
  }
  return row;
}
