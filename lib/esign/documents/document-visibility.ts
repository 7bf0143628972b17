import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { approvals, documents, packages as packagesTable, roles } from "@/lib/db/schema";
import type { DocumentVisibilityRequest, DocumentVisibilityResponse } from "@/lib/api/document-visibility";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest } from "@/lib/esign/errors";
import { findPackage, type PackageRow } from "@/lib/esign/packages/find-package";
import { changePackage } from "@/lib/esign/packages/package-change";
import { documentNotFound } from "./document-changes";

/**
 * Document visibility (the original's `…/documents/visibility`): which roles see which documents.
 * A document listed in a configuration is seen only by the roles it names; a document not listed is
 * seen by everyone. The package's owner (the SENDER role, and the console) sees every document, and
 * a role always sees a document it has approvals on (configuring otherwise is refused).
 *
 * Kept as the package's `documentVisibility` column in the original's shape; a configuration's
 * documents and roles removed since are not answered.
 */
export type VisibilityConfiguration = { documentUid: string; roleUids: string[] };

type RoleLike = { id: string; type: string };

/** The stored configurations, without the documents and roles the package no longer has. */
async function currentConfigurations(db: Queryable, pkg: PackageRow): Promise<VisibilityConfiguration[]> {
  if (pkg.documentVisibility.length === 0) return [];
  const documentIds = new Set((await db.select({ id: documents.id }).from(documents).where(eq(documents.packageId, pkg.id))).map((row) => row.id));
  const roleIds = new Set((await db.select({ id: roles.id }).from(roles).where(eq(roles.packageId, pkg.id))).map((row) => row.id));
  return pkg.documentVisibility
    .filter((configuration) => documentIds.has(configuration.documentUid))
    .map((configuration) => ({ documentUid: configuration.documentUid, roleUids: configuration.roleUids.filter((id) => roleIds.has(id)) }));
}

/** `GET /api/packages/{packageId}/documents/visibility`. */
export async function readDocumentVisibility(db: Db, caller: Caller, packageId: string): Promise<DocumentVisibilityResponse> {
  return db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId);
    return { configurations: await currentConfigurations(tx, pkg) };
  });
}

/**
 * `POST /api/packages/{packageId}/documents/visibility`: replaces the package's configurations (an
 * empty list shows every document to everyone again). Drafts only. Refused with 400 when a
 * configuration names a document or role the package lacks, names a document twice, or hides a
 * document from a role that has approvals on it (that signer could not sign it).
 */
export async function configureDocumentVisibility(db: Db, caller: Caller, packageId: string, input: DocumentVisibilityRequest): Promise<DocumentVisibilityResponse> {
  return changePackage(db, caller, packageId, "its document visibility", async ({ tx, row, record }) => {
    const documentRows = await tx.select({ id: documents.id, name: documents.name }).from(documents).where(eq(documents.packageId, row.id));
    const roleRows = await tx.select({ id: roles.id, type: roles.type }).from(roles).where(eq(roles.packageId, row.id));
    const approvalRows = await tx.select({ documentId: approvals.documentId, roleId: approvals.roleId }).from(approvals).where(eq(approvals.packageId, row.id));
    const roleIds = new Set(roleRows.map((role) => role.id));
    const sender = new Set(roleRows.filter((role) => role.type === "SENDER").map((role) => role.id));

    const seen = new Set<string>();
    const configurations: VisibilityConfiguration[] = [];
    for (const configuration of input.configurations) {
      const document = documentRows.find((candidate) => candidate.id === configuration.documentUid);
      if (!document) {
        throw badRequest("error.validation.documentVisibility.invalidDocument", `Document ${configuration.documentUid} is not in the package.`);
      }
      if (seen.has(document.id)) {
        throw badRequest("error.validation.documentVisibility.duplicateDocument", `Document ${document.id} is configured more than once.`);
      }
      seen.add(document.id);
      const roleUids = [...new Set(configuration.roleUids)];
      const unknown = roleUids.find((id) => !roleIds.has(id));
      if (unknown) throw badRequest("error.validation.documentVisibility.invalidRole", `Role ${unknown} is not in the package.`);
      const signing = [...new Set(approvalRows.filter((approval) => approval.documentId === document.id).map((approval) => approval.roleId))];
      const hiddenSigner = signing.find((id) => !sender.has(id) && !roleUids.includes(id));
      if (hiddenSigner) {
        throw badRequest(
          "error.validation.documentVisibility.signerHasApprovals",
          `Role ${hiddenSigner} has fields to sign on "${document.name}" (${document.id}); it cannot be hidden from them.`,
        );
      }
      configurations.push({ documentUid: document.id, roleUids });
    }
    await tx.update(packagesTable).set({ documentVisibility: configurations }).where(eq(packagesTable.id, row.id));
    await record("PACKAGE_UPDATE", {
      message: configurations.length
        ? `Document visibility: ${configurations.map((configuration) => `${configuration.documentUid} → ${configuration.roleUids.join(", ") || "owner only"}`).join("; ")}`
        : "Document visibility: every document to everyone",
    });
    return { configurations };
  });
}

/**
 * Whether a role sees a document: the owner's role always; otherwise a document not configured,
 * one whose configuration names the role, or one the role has approvals on.
 */
export function seesDocument(configurations: VisibilityConfiguration[], role: RoleLike, documentId: string, approvedDocumentIds: ReadonlySet<string>): boolean {
  if (role.type === "SENDER") return true;
  const configuration = configurations.find((candidate) => candidate.documentUid === documentId);
  return !configuration || configuration.roleUids.includes(role.id) || approvedDocumentIds.has(documentId);
}

/** The ids of the package's documents hidden from a role (empty when none is, or for the owner's role). */
export async function documentsHiddenFrom(db: Queryable, pkg: Pick<PackageRow, "id" | "documentVisibility">, role: RoleLike): Promise<Set<string>> {
  if (pkg.documentVisibility.length === 0 || role.type === "SENDER") return new Set();
  const approved = new Set(
    (await db.select({ documentId: approvals.documentId }).from(approvals).where(and(eq(approvals.packageId, pkg.id), eq(approvals.roleId, role.id)))).map(
      (row) => row.documentId,
    ),
  );
  return new Set(
    pkg.documentVisibility.map((configuration) => configuration.documentUid).filter((id) => !seesDocument(pkg.documentVisibility, role, id, approved)),
  );
}

/** A signer asking for a document hidden from them is answered as for a document that does not exist (404), as the original does. */
export async function assertDocumentVisible(db: Queryable, pkg: Pick<PackageRow, "id" | "documentVisibility">, role: RoleLike, documentId: string): Promise<void> {
  if ((await documentsHiddenFrom(db, pkg, role)).has(documentId)) throw documentNotFound(documentId);
}
