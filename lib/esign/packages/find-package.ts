import { and, eq, ne } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { forbidden, packageNotFound } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";

export type PackageRow = typeof packages.$inferSelect;

/** Who may read a package of the caller's account: its owner, whoever may follow the senders' transactions, and everyone for shared templates. */
function canRead(caller: Caller, row: PackageRow): boolean {
  return (
    row.ownerUserId === caller.user.id ||
    caller.permissions.has(PERMISSIONS.usersTransactions) ||
    (row.type === "TEMPLATE" && row.visibility === "ACCOUNT")
  );
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
  options: { forUpdate?: boolean } = {},
): Promise<PackageRow> {
  const query = db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.accountId, caller.account.id), ne(packages.status, "DELETED")));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row || !canRead(caller, row)) throw packageNotFound(packageId);
  return row;
}

/** The package, locked for change, if the caller may change it: its owner or the account owner. */
export async function findPackageToChange(db: Queryable, caller: Caller, packageId: string): Promise<PackageRow> {
  const row = await findPackage(db, caller, packageId, { forUpdate: true });
  if (row.ownerUserId !== caller.user.id && !caller.user.isAccountOwner) {
    throw forbidden("error.forbidden.notPackageOwner", "Only the package's owner or the account owner can change it.");
  }
  return row;
}
