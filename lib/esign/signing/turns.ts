import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { packages, roles, roleSigningStates } from "@/lib/db/schema";
import { signingInvitationEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { now } from "@/lib/esign/clock";
import { findPackageSender, isSigningRole, senderName as nameOf } from "@/lib/esign/packages/package-content";
import { scheduleText, virtualRoomSchedule } from "@/lib/esign/packages/virtual-room";
import { rolesWhoseTurnItIs as whoseTurn } from "./ceremony/signing-rules";
import { invitationUrlFor, signingUrlOf } from "./links/signing-links";
import { signerRecipients, type SignerRecipient } from "./links/signer-recipients";

export { signingUrlOf };

type PackageRow = typeof packages.$inferSelect;
type RoleRow = typeof roles.$inferSelect;

/** A row of where each signing role stands, made when the package is sent (existing rows are kept). */
export async function ensureRoleSigningStates(tx: Tx, packageId: string): Promise<void> {
  const signing = (await tx.select({ id: roles.id, signs: roles.signs }).from(roles).where(eq(roles.packageId, packageId))).filter(isSigningRole);
  if (signing.length === 0) return;
  await tx
    .insert(roleSigningStates)
    .values(signing.map((role) => ({ packageId, roleId: role.id })))
    .onConflictDoNothing();
}

/** The signing roles with where they stand, in signing order. */
export async function signingRolesWithState(db: Queryable, packageId: string) {
  const rows = await db
    .select({ role: roles, completed: roleSigningStates.completed, notified: roleSigningStates.notified })
    .from(roles)
    .leftJoin(roleSigningStates, and(eq(roleSigningStates.packageId, roles.packageId), eq(roleSigningStates.roleId, roles.id)))
    .where(eq(roles.packageId, packageId))
    .orderBy(asc(roles.index), asc(roles.position));
  return rows.filter((row) => isSigningRole(row.role));
}

/** Spec 3.3 (the rule in signing-rules.ts): the rows of the roles whose turn it is. */
function turnOf<T extends { role: { id: string; index: number }; completed: Date | null }>(rows: T[]): T[] {
  const ids = new Set(whoseTurn(rows.map((row) => ({ id: row.role.id, index: row.role.index, completed: Boolean(row.completed) }))));
  return rows.filter((row) => ids.has(row.role.id));
}

/** The ids of the roles whose turn it is to sign; none once every signer has finished. */
export async function rolesWhoseTurnItIs(db: Queryable, packageId: string): Promise<string[]> {
  return turnOf(await signingRolesWithState(db, packageId)).map((row) => row.role.id);
}

/** Takes the role's first notification; false when it was taken already (a concurrent completion, a second call). */
async function claimNotification(tx: Tx, packageId: string, roleId: string): Promise<boolean> {
  const claimed = await tx
    .update(roleSigningStates)
    .set({ notified: now() })
    .where(and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, roleId), isNull(roleSigningStates.notified)))
    .returning({ roleId: roleSigningStates.roleId });
  return claimed.length > 0;
}

/**
 * E-mails the role's invitation: a new INVITATION link to its signer (to every member of a group
 * signer, each their own). With a virtual room, it says who hosts the signing session and when
 * (the link is how they join it). Answers who was written to. Also used to send an invitation again.
 */
export async function inviteRole(tx: Tx, pkg: PackageRow, role: RoleRow, senderName: string): Promise<SignerRecipient[]> {
  const recipients = await signerRecipients(tx, role);
  const room = await virtualRoomSchedule(tx, pkg);
  const virtualRoom = room ? { hostName: room.host?.name || senderName, start: room.startDatetime ? scheduleText(room.startDatetime) : "" } : undefined;
  for (const recipient of recipients) {
    const signingUrl = await invitationUrlFor(tx, pkg.id, recipient);
    const content = signingInvitationEmail(
      { signerName: recipient.name, senderName, packageName: pkg.name, message: role.emailMessage || pkg.emailMessage, signingUrl, virtualRoom },
      recipient.language || pkg.language,
    );
    await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "SIGNING_INVITATION", to: recipient.email });
  }
  return recipients;
}

/**
 * Spec 3.3: each signing role whose turn it is and that was not notified yet gets its invitation,
 * an INVITATION link e-mailed to its signer (to every member of a group signer, each their own),
 * and is marked `notified`. Does nothing unless the package is SENT (and not in the trash). Call
 * it when the package is sent and whenever a signer finishes; calling it again notifies no one twice.
 */
export async function notifySignersWhoseTurnItIs(tx: Tx, packageId: string): Promise<void> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId));
  if (!pkg || pkg.type !== "PACKAGE" || pkg.status !== "SENT" || pkg.trashed) return;
  await ensureRoleSigningStates(tx, packageId);
  const waiting = turnOf(await signingRolesWithState(tx, packageId)).filter((row) => !row.notified);
  if (waiting.length === 0) return;
  const sender = await findPackageSender(tx, pkg.ownerUserId);
  const senderName = sender ? nameOf(sender) : "";
  for (const { role } of waiting) {
    if (await claimNotification(tx, packageId, role.id)) await inviteRole(tx, pkg, role, senderName);
  }
}
