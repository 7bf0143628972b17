import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packages, roles, roleSigningStates, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { conflict, forbidden, notFound } from "@/lib/esign/errors";
import { assertSignableType } from "@/lib/esign/packages/package-status";
import { assertSignerAuthenticated } from "@/lib/esign/signing/authentication/signer-auth";
import type { SigningSession } from "@/lib/esign/signing/session";

export type PackageRow = typeof packages.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type RoleStateRow = typeof roleSigningStates.$inferSelect;

/** Who is in the ceremony: the package, their role and its progress, and the person acting (a group's member signs as themselves). */
export interface SignerContext {
  session: SigningSession;
  pkg: PackageRow;
  role: RoleRow;
  state: RoleStateRow;
  isGroup: boolean;
  actorName: string;
  actorEmail: string;
}

/** The name a role's signer goes by: first and last name, else their e-mail, else the role id. */
export function signerName(role: Pick<RoleRow, "id" | "signer">): string {
  const signer = role.signer ?? {};
  return [signer.firstName, signer.lastName].filter((part) => typeof part === "string" && part).join(" ") || String(signer.email ?? role.id);
}

/**
 * Loads the session's package, role and progress. With `forUpdate` (every action) the package row
 * is locked first, so the signers of a package act one at a time: two roles finishing at once
 * (same index) would otherwise each see the other unfinished and nobody would complete the package
 * or invite the next signers. NO KEY UPDATE leaves rows referring to the package insertable.
 */
export async function loadSignerContext(tx: Queryable, session: SigningSession, forUpdate: boolean): Promise<SignerContext> {
  const packageQuery = tx.select().from(packages).where(eq(packages.id, session.packageId));
  const [pkg] = forUpdate ? await packageQuery.for("no key update") : await packageQuery;
  if (!pkg) throw notFound("error.notFound.packageNotFound", "This package no longer exists.");
  assertSignableType(pkg.type);
  const [role] = await tx.select().from(roles).where(and(eq(roles.packageId, pkg.id), eq(roles.id, session.roleId)));
  if (!role) throw conflict("error.conflict.roleReassigned", "This signing role no longer exists: it was delegated to someone else.");
  const stateQuery = tx.select().from(roleSigningStates).where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
  const [state] = forUpdate ? await stateQuery.for("update") : await stateQuery;
  if (!state) throw conflict("error.conflict.packageNotSent", "This package is not out for signing.");

  const isGroup = Boolean(role.signer?.group);
  let actorName = signerName(role);
  let actorEmail = String(role.signer?.email ?? "");
  if (isGroup && session.memberEmail) {
    // A member of an account's group is a sender; one of an ad-hoc group is a signer listed in the group.
    const [sender] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, session.memberEmail));
    const listed = ((role.signer?.group as { members?: { email?: string; firstName?: string; lastName?: string }[] }).members ?? []).find(
      (member) => member.email === session.memberEmail,
    );
    const member = sender ?? listed;
    actorEmail = session.memberEmail;
    actorName = `${member?.firstName ?? ""} ${member?.lastName ?? ""}`.trim() || session.memberEmail;
  }
  return { session, pkg, role, state, isGroup, actorName, actorEmail };
}

/** A member of a group holds the group's lock (taken with `takeGroupLock`); anyone else needs none. */
export function holdsGroupLock(context: SignerContext, at: Date = now()): boolean {
  if (!context.isGroup) return true;
  const { state } = context;
  return state.lockedByEmail === context.actorEmail && state.lockedUntil !== null && state.lockedUntil.getTime() > at.getTime();
}

/** Everything that must hold before a signer may act on documents (sign, accept). */
export function assertMayAct(context: SignerContext, what: string): void {
  const { pkg, state } = context;
  if (pkg.status !== "SENT" || pkg.trashed) throw conflict("error.conflict.packageNotSent", `The package is ${pkg.trashed ? "in the trash" : pkg.status}; ${what} is no longer possible.`);
  if (state.completed) throw conflict("error.conflict.signerCompleted", "You have already finished signing this package.");
  if (state.signerLocked) throw forbidden("error.forbidden.signerLocked", "You are locked out after too many failed verification attempts; the sender can unlock you.");
  assertSignerAuthenticated(context.role.signer, state);
  if (!holdsGroupLock(context)) {
    const holder = context.state.lockedByName ?? "another member";
    throw conflict("error.conflict.groupLocked", `${holder} of your group is signing right now; you cannot sign until they finish or leave.`);
  }
}
