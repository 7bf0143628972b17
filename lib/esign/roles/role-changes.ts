import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { approvals, fields, roles } from "@/lib/db/schema";
import type { OrderChange, RoleInput, RoleUpdate, SignerInput, WireRole } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, notFound } from "@/lib/esign/errors";
import { resolveGroupSigners, signerRefsOf } from "@/lib/esign/groups/resolve-group-signers";
import { changePackage } from "@/lib/esign/packages/package-change";
import {
  assertUniqueIds,
  consentApprovalRow,
  findPackageSender,
  isSigningRole,
  normalizeSigner,
  senderAsSigner,
  roleRow,
  senderRoleRow,
} from "@/lib/esign/packages/package-content";
import { readRoles, readSigningGroups, wireRole, type PackageReader } from "@/lib/esign/packages/read-package";
import { assertRequirementIdsUnique, requirementRows, requirementsOf } from "@/lib/esign/signing/attachments/requirements";
import { reviewRoleAttachments } from "@/lib/esign/signing/attachments/review-attachments";
import { notifySignersWhoseTurnItIs } from "@/lib/esign/signing/turns";

export const roleNotFound = (roleId: string) => notFound("error.notFound.roleNotFound", `Role ${roleId} was not found in the package.`);

export async function findRole(tx: Queryable, packageId: string, roleId: string) {
  const [row] = await tx.select().from(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  if (!row) throw roleNotFound(roleId);
  return row;
}

export async function readRole(db: Queryable, packageId: string, roleId: string, reader: PackageReader = {}): Promise<WireRole> {
  const row = await findRole(db, packageId, roleId);
  return wireRole(row, await readSigningGroups(db, [row]), reader);
}

async function nextPosition(tx: Queryable, packageId: string): Promise<number> {
  const rows = await tx.select({ position: roles.position }).from(roles).where(eq(roles.packageId, packageId)).orderBy(asc(roles.position));
  return rows.length ? rows[rows.length - 1].position + 1 : 0;
}

/** The signers of a package's roles, for an ad-hoc group's members to name. */
async function packageSignerRefs(tx: Queryable, packageId: string) {
  const rows = await tx.select({ id: roles.id, signer: roles.signer }).from(roles).where(eq(roles.packageId, packageId));
  return signerRefsOf(rows.map((row) => ({ id: row.id, signers: row.signer && !row.signer.group ? [row.signer as Partial<SignerInput>] : [] })));
}

/**
 * `POST .../roles`: a new role in a draft. The sender's own role (`Owner`, or the sender's
 * e-mail) replaces the sender's role the package added for them, unless the sender already signs
 * in another role.
 */
export async function addRole(db: Db, caller: Caller, packageId: string, input: RoleInput): Promise<WireRole> {
  return changePackage(db, caller, packageId, "roles", async ({ tx, row: pkg, record }) => {
    const [resolved] = await resolveGroupSigners(tx, caller.account.id, [input], [...(await packageSignerRefs(tx, packageId)), ...signerRefsOf([input])]);
    const row = roleRow(packageId, resolved, await nextPosition(tx, packageId), await findPackageSender(tx, pkg.ownerUserId));
    const packageRoles = await tx.select().from(roles).where(eq(roles.packageId, packageId));
    if (packageRoles.some((role) => role.id === row.id)) throw conflict("error.conflict.roleExists", `The package already has a role with the id "${row.id}".`);
    assertRequirementIdsUnique([...packageRoles, row]);
    if (row.type === "SENDER") {
      const current = packageRoles.find((role) => role.type === "SENDER");
      if (current?.signs) throw conflict("error.conflict.senderRoleExists", `The sender already signs in role "${current.id}".`);
      if (current) await tx.delete(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, current.id)));
    }
    const [inserted] = await tx.insert(roles).values(row).returning();
    if (isSigningRole(inserted)) await tx.insert(approvals).values(consentApprovalRow(packageId, inserted.id, inserted.position));
    await record("ROLE_ADD", { message: inserted.id });
    return readRole(tx, packageId, inserted.id);
  });
}

/**
 * `PUT .../roles/{roleId}`: name, order, signer and the role's other settings, in a draft. On a
 * SENT package, only the sender's review of the signer's attachments (reviewRoleAttachments).
 */
export async function updateRole(db: Db, caller: Caller, packageId: string, roleId: string, input: RoleUpdate): Promise<WireRole> {
  return changePackage(db, caller, packageId, "roles", async (change) => {
    const { tx, record } = change;
    const current = await findRole(tx, packageId, roleId);
    if (input.id !== undefined && input.id !== roleId) {
      throw badRequest("error.validation.roleIdChange", `A role's id cannot change (from "${roleId}" to "${input.id}").`);
    }
    if (change.row.status === "SENT") {
      await reviewRoleAttachments(change, current, input, caller.user.id);
      return readRole(tx, packageId, roleId);
    }
    const changes: Partial<typeof roles.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.index !== undefined) changes.index = input.index;
    if (input.reassign !== undefined) changes.reassign = input.reassign;
    if (input.data !== undefined) changes.data = input.data;
    if (input.attachmentRequirements !== undefined) {
      changes.attachmentRequirements = requirementRows(input.attachmentRequirements, roleId, requirementsOf(current));
      const others = await tx.select().from(roles).where(and(eq(roles.packageId, packageId), ne(roles.id, roleId)));
      assertRequirementIdsUnique([...others, { id: roleId, attachmentRequirements: changes.attachmentRequirements }]);
    }
    if (input.emailMessage !== undefined) {
      changes.emailMessage = typeof input.emailMessage === "string" ? input.emailMessage : (input.emailMessage.content ?? "");
    }
    if (input.signers?.[0] && current.type === "SENDER") {
      // The sender's role keeps the sender as its signer; what a client sets of their own (their
      // notification methods and phone, language, authentication, …) is taken, as the original's
      // NotificationMethodsForOwnerInAdhocGroupExample sets the owner's SMS notification so.
      const sender = await findPackageSender(tx, change.row.ownerUserId);
      changes.signer = senderAsSigner(sender, input.signers[0], String(current.signer?.id ?? roleId));
      changes.signerEmail = sender.email.toLowerCase();
    }
    if (input.signers !== undefined && current.type !== "SENDER") {
      const [{ signers }] = await resolveGroupSigners(tx, caller.account.id, [{ signers: input.signers }], await packageSignerRefs(tx, packageId));
      const signer = signers[0] ? normalizeSigner(signers[0], roleId, current.signer?.auth) : null;
      changes.signer = signer;
      changes.signerEmail = signer ? String(signer.email) || null : null;
    }
    changes.updated = now();
    const [updated] = await tx
      .update(roles)
      .set(changes)
      .where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)))
      .returning();
    await record("ROLE_UPDATE", { message: roleId });
    return readRole(tx, packageId, updated.id);
  }, { allowed: "draftOrSent" });
}

/** `DELETE .../roles/{roleId}`: the role and its approvals and fields, in a draft. */
export async function deleteRole(db: Db, caller: Caller, packageId: string, roleId: string): Promise<void> {
  await changePackage(db, caller, packageId, "roles", async ({ tx, row: pkg, record }) => {
    const current = await findRole(tx, packageId, roleId);
    if (current.type === "SENDER" && !current.signs) {
      throw conflict("error.conflict.senderRole", "The sender's role belongs to every package and cannot be deleted.");
    }
    await tx.delete(fields).where(and(eq(fields.packageId, packageId), fieldsOfRole(packageId, roleId)));
    await tx.delete(approvals).where(and(eq(approvals.packageId, packageId), eq(approvals.roleId, roleId)));
    await tx.delete(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
    // The sender no longer signs, and is still the package's sender.
    if (current.type === "SENDER") await tx.insert(roles).values(senderRoleRow(packageId, await nextPosition(tx, packageId), await findPackageSender(tx, pkg.ownerUserId)));
    await record("ROLE_DELETE", { message: roleId });
  });
}

function fieldsOfRole(packageId: string, roleId: string) {
  return sql`(${fields.documentId}, ${fields.approvalId}) in (select ${approvals.documentId}, ${approvals.id} from ${approvals}
    where ${approvals.packageId} = ${packageId} and ${approvals.roleId} = ${roleId})`;
}

/** `PUT .../roles` with `[{id, index}]`: the signing order (spec 3.3), while the package is a draft or sent. */
export async function reorderRoles(db: Db, caller: Caller, packageId: string, order: OrderChange): Promise<WireRole[]> {
  return changePackage(
    db,
    caller,
    packageId,
    "the signing order",
    async ({ tx, record }) => {
      assertUniqueIds(order.map((entry) => entry.id), "entries of the new order");
      const existing = new Set((await tx.select({ id: roles.id }).from(roles).where(eq(roles.packageId, packageId))).map((row) => row.id));
      const unknown = order.filter((entry) => !existing.has(entry.id)).map((entry) => entry.id);
      if (unknown.length) throw badRequest("error.validation.unknownRole", `The package has no role(s) ${unknown.join(", ")}.`);
      for (const entry of order) {
        await tx.update(roles).set({ index: entry.index }).where(and(eq(roles.packageId, packageId), eq(roles.id, entry.id)));
      }
      await record("ROLE_REORDER", { message: order.map((entry) => `${entry.id}:${entry.index}`).join(", ") });
      // While SENT the new order may make it someone's turn (spec 3.3).
      await notifySignersWhoseTurnItIs(tx, packageId);
      return readRoles(tx, packageId);
    },
    { allowed: "draftOrSent" },
  );
}
