import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, accountRoles, userAccountRoles } from "@/lib/db/schema";
import { forbidden, type ServiceError } from "@/lib/esign/errors";
import { ALL_PERMISSIONS, grantedBy, type Permission } from "@/lib/esign/permissions";
import type { Caller } from "./caller";

/**
 * The rules of account administration, used by every use case that acts on another member or
 * hands out permissions. The account owner may do anything. Anyone else administers only members
 * who hold no more than they do, never an owner, and grants or takes away only what they hold:
 * otherwise a partial administrator could raise themselves (take a key, a link, a role worth more
 * than their own) or bring down someone above them.
 */

/** The permissions of a member given whether they own the account: all of them, else the union of their enabled roles'. */
export async function memberPermissions(db: Queryable, accountId: string, userId: string, isOwner: boolean): Promise<Set<Permission>> {
  if (isOwner) return new Set(ALL_PERMISSIONS);
  const roleRows = await db
    .select({ permissions: accountRoles.permissions })
    .from(userAccountRoles)
    .innerJoin(accountRoles, eq(accountRoles.id, userAccountRoles.roleId))
    .where(and(eq(userAccountRoles.userId, userId), eq(userAccountRoles.accountId, accountId), eq(accountRoles.enabled, true)));
  return new Set(grantedBy(roleRows.flatMap((role) => role.permissions)));
}

async function membershipOf(db: Queryable, accountId: string, userId: string): Promise<{ isOwner: boolean } | undefined> {
  const [row] = await db
    .select({ isOwner: accountMemberships.isOwner })
    .from(accountMemberships)
    .where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.userId, userId)));
  return row;
}

/** What `userId` may do in `accountId` now: everything for its owner, the permissions of their enabled roles otherwise, nothing for a non-member. */
export async function effectivePermissions(db: Queryable, accountId: string, userId: string): Promise<Set<Permission>> {
  const membership = await membershipOf(db, accountId, userId);
  return membership ? memberPermissions(db, accountId, userId, membership.isOwner) : new Set();
}

export interface AdministerOptions {
  /** Acting on oneself is allowed (one's own profile or key), unlike changing one's own roles or deleting oneself. */
  allowSelf?: boolean;
}

/** Why the caller may not administer the target, or null when they may. */
async function refusalToAdminister(db: Queryable, caller: Caller, targetUserId: string, options: AdministerOptions): Promise<ServiceError | null> {
  if (caller.user.isAccountOwner) return null;
  if (targetUserId === caller.user.id) {
    return options.allowSelf
      ? null
      : forbidden(
          "error.forbidden.selfAdministration",
          "You cannot change your own roles or remove yourself: ask the account owner or another administrator who holds at least your permissions.",
        );
  }
  const membership = await membershipOf(db, caller.account.id, targetUserId);
  if (membership?.isOwner) {
    return forbidden("error.forbidden.targetHasMorePermissions", "Only the account owner can act on the account owner.");
  }
  const beyondCaller = [...(await effectivePermissions(db, caller.account.id, targetUserId))].filter((permission) => !caller.permissions.has(permission));
  if (beyondCaller.length === 0) return null;
  return forbidden(
    "error.forbidden.targetHasMorePermissions",
    `This user holds permissions you do not hold (${beyondCaller.sort().join(", ")}); only the account owner or someone holding all of them can act on them.`,
  );
}

/** True when the caller may act on the member `targetUserId` of the caller's account (see `assertMayAdminister`). */
export async function mayAdminister(db: Queryable, caller: Caller, targetUserId: string, options: AdministerOptions = {}): Promise<boolean> {
  return (await refusalToAdminister(db, caller, targetUserId, options)) === null;
}

/**
 * The caller may act on the member `targetUserId` of the caller's account: the owner on anyone;
 * anyone else only on a member who is not an owner, not themselves (unless `allowSelf`), and holds
 * no permission the caller lacks. Otherwise 403 `error.forbidden.targetHasMorePermissions` (or
 * `error.forbidden.selfAdministration`). Call it after finding the target, so that an unknown one
 * is still a 404.
 */
export async function assertMayAdminister(db: Queryable, caller: Caller, targetUserId: string, options: AdministerOptions = {}): Promise<void> {
  const refusal = await refusalToAdminister(db, caller, targetUserId, options);
  if (refusal) throw refusal;
}

/**
 * Nobody but the account owner hands out or takes away what they do not hold: putting
 * permissions in a role, changing or deleting a role, giving or taking a role from someone all
 * need every permission involved. 403 `error.forbidden.permissionNotHeld` naming the missing ones.
 */
export function assertMayGrant(caller: Caller, permissions: Iterable<Permission>): void {
  if (caller.user.isAccountOwner) return;
  const notHeld = [...new Set(permissions)].filter((permission) => !caller.permissions.has(permission));
  if (notHeld.length > 0) {
    throw forbidden(
      "error.forbidden.permissionNotHeld",
      `Only permissions you hold yourself can be granted or taken away; you do not hold ${notHeld.join(", ")}.`,
    );
  }
}

/**
 * Changing or deleting a role changes what everyone holding it may do: someone other than the
 * owner may do it only when they may administer every other holder (none holds more than they do).
 */
export async function assertMayAdministerHolders(db: Queryable, caller: Caller, roleId: string): Promise<void> {
  if (caller.user.isAccountOwner) return;
  const holders = await db
    .select({ userId: userAccountRoles.userId })
    .from(userAccountRoles)
    .where(and(eq(userAccountRoles.accountId, caller.account.id), eq(userAccountRoles.roleId, roleId)));
  for (const { userId } of holders) {
    if (userId !== caller.user.id) await assertMayAdminister(db, caller, userId);
  }
}
