import { and, asc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { accountMemberships, approvals, documents, notaryJournalEntries, packages, roles, roleSigningStates, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { unprocessable } from "@/lib/esign/errors";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { requiredScheme } from "@/lib/esign/signing/authentication/signer-auth";
import { wireDate } from "@/lib/api/wire";
import { notarialCertificateAdopted } from "./adopt-notarial-certificate";
import { findNotaryCommission, type NotaryCommissionRow } from "./notary-commission";

type PackageRow = typeof packages.$inferSelect;
type RoleRow = typeof roles.$inferSelect;

export interface Notary {
  user: typeof users.$inferSelect;
  commission: NotaryCommissionRow | null;
  role: RoleRow;
}

/** The words the notary adopts in their step of the ceremony, and which the seal stands for. */
export function notarialCertificate(notaryName: string, jurisdiction: string): string {
  return `I, ${notaryName}, a notary public commissioned in ${jurisdiction}, certify that the signers of this document appeared before me, were identified, and signed it of their own free will; in witness whereof I apply my electronic notary seal.`;
}

export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The notary of a notarized package: its role `notaryRoleId` and the account's sender whose e-mail that role's signer has. */
export async function findNotary(db: Queryable, pkg: Pick<PackageRow, "id" | "accountId" | "notarized" | "notaryRoleId">): Promise<Notary | null> {
  if (!pkg.notarized || !pkg.notaryRoleId) return null;
  const [role] = await db.select().from(roles).where(and(eq(roles.packageId, pkg.id), eq(roles.id, pkg.notaryRoleId)));
  if (!role?.signerEmail) return null;
  const [member] = await db
    .select({ user: users })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, pkg.accountId), eq(accountMemberships.locked, false), sql`lower(${users.email}) = ${role.signerEmail.toLowerCase()}`));
  if (!member) return null;
  return { user: member.user, role, commission: await findNotaryCommission(db, member.user.id) };
}

/**
 * Before a notarized package goes out: it names its notary's role, that role's signer is an
 * active sender of the account with a notary commission in force, and the notary signs last
 * (their signing order after every other signer's). A 422 names what is missing.
 */
export async function assertNotaryReady(tx: Queryable, packageId: string): Promise<void> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId));
  if (!pkg?.notarized) return;
  const refuse = (key: string, message: string) => unprocessable(`error.validation.notary.${key}`, message);
  if (!pkg.notaryRoleId) throw refuse("noNotaryRole", "A notarized package needs its notary: set notaryRoleId to the role of the sender who notarizes it.");
  const roleRows = await tx.select().from(roles).where(eq(roles.packageId, packageId));
  const role = roleRows.find((row) => row.id === pkg.notaryRoleId);
  if (!role || !isSigningRole(role) || !role.signerEmail) {
    throw refuse("notaryRoleNotFound", `The notary's role "${pkg.notaryRoleId}" is not a signing role of this package with a signer.`);
  }
  const notary = await findNotary(tx, pkg);
  if (!notary || notary.user.status !== "ACTIVE") {
    throw refuse("notarySenderRequired", `The notary (${role.signerEmail}) must be an active sender of this account.`);
  }
  if (!notary.commission) {
    throw refuse("notaryCommissionMissing", `The notary ${role.signerEmail} has no notary commission on file (commission number, jurisdiction, expiry); set it at /api/account/senders/${notary.user.id}/notaryCommission.`);
  }
  if (notary.commission.expirationDate <= now()) {
    throw refuse("notaryCommissionExpired", `The notary commission ${notary.commission.number} of ${role.signerEmail} expired on ${notary.commission.expirationDate.toISOString().slice(0, 10)}.`);
  }
  const others = roleRows.filter((row) => row.id !== role.id && isSigningRole(row));
  if (others.length === 0) throw refuse("noSignerToNotarize", "A notarized package needs a signer besides its notary.");
  const late = others.filter((row) => row.index >= role.index).map((row) => `"${row.id}"`);
  if (late.length > 0) {
    throw refuse("notaryMustSignLast", `The notary signs last: role(s) ${late.join(", ")} sign at or after the notary's role "${role.id}"; give the notary the highest signing order.`);
  }
}

/**
 * When the notary of a notarized package completes their step: one journal entry per signer
 * and document they signed, numbered after the notary's earlier entries (the notary's user row
 * is locked so two notarizations never take one number).
 */
export async function recordNotarization(tx: Tx, pkg: PackageRow, roleId: string): Promise<void> {
  if (!pkg.notarized || pkg.notaryRoleId !== roleId) return;
  const notary = await findNotary(tx, pkg);
  if (!notary) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, notary.user.id)).for("update");
  const signed = await tx
    .selectDistinct({ documentId: approvals.documentId, documentName: documents.name, documentIndex: documents.index, role: roles, signedByName: roleSigningStates.signedByName, signedByEmail: roleSigningStates.signedByEmail })
    .from(approvals)
    .innerJoin(documents, and(eq(documents.packageId, approvals.packageId), eq(documents.id, approvals.documentId)))
    .innerJoin(roles, and(eq(roles.packageId, approvals.packageId), eq(roles.id, approvals.roleId)))
    .leftJoin(roleSigningStates, and(eq(roleSigningStates.packageId, approvals.packageId), eq(roleSigningStates.roleId, approvals.roleId)))
    .where(and(eq(approvals.packageId, pkg.id), ne(approvals.roleId, roleId), ne(approvals.documentId, CONSENT_DOCUMENT_ID), or(isNotNull(approvals.signed), isNotNull(approvals.accepted))))
    .orderBy(asc(documents.index), asc(roles.index), asc(roles.position));
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${notaryJournalEntries.sequenceNumber}), 0)::int` })
    .from(notaryJournalEntries)
    .where(eq(notaryJournalEntries.notaryUserId, notary.user.id));
  const at = now();
  const adopted = await notarialCertificateAdopted(tx, pkg.id, roleId);
  const seen = new Set<string>();
  const rows: (typeof notaryJournalEntries.$inferInsert)[] = [];
  for (const entry of signed) {
    const key = `${entry.documentId}\u0000${entry.role.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const signer = (entry.role.signer ?? {}) as { firstName?: string; lastName?: string; email?: string; auth?: unknown };
    const name = entry.signedByName || `${signer.firstName ?? ""} ${signer.lastName ?? ""}`.trim() || entry.role.signerEmail || entry.role.id;
    rows.push({
      notaryUserId: notary.user.id,
      sequenceNumber: Number(last) + rows.length + 1,
      accountId: pkg.accountId,
      packageId: pkg.id,
      packageName: pkg.name,
      documentId: entry.documentId,
      documentName: entry.documentName,
      documentType: "PDF",
      signerName: name,
      signerEmail: entry.signedByEmail ?? entry.role.signerEmail ?? "",
      signatureType: "ELECTRONIC",
      idType: requiredScheme(signer.auth) ?? "EMAIL",
      idValue: "",
      jurisdiction: notary.commission?.jurisdiction ?? "",
      comment: `Notarized by ${displayName(notary.user)}${notary.commission ? `, commission ${notary.commission.number}` : ""}${adopted ? `; notarial certificate adopted ${wireDate(adopted)}` : ""}`,
      created: at,
    });
  }
  if (rows.length) await tx.insert(notaryJournalEntries).values(rows);
}
