import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { fieldInput, type ApprovalInput, type WireDocument, type WirePackage } from "@/lib/api/packages";
import type { ApplyLayoutQuery, LayoutInput, LayoutListQuery } from "@/lib/api/layouts";
import type { Db, Queryable } from "@/lib/db/client";
import { approvals, documents, fields, packages, roles } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { Caller } from "@/lib/esign/accounts/caller";
import { replaceApprovalsOf } from "@/lib/esign/approvals/approval-changes";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { findDocument, readDocument } from "@/lib/esign/documents/document-changes";
import { notFound, unprocessable } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { pageWindow } from "@/lib/esign/listing";
import { findPackage } from "@/lib/esign/packages/find-package";
import { changePackage } from "@/lib/esign/packages/package-change";
import { readPackage, wireField } from "@/lib/esign/packages/read-package";

/**
 * Layouts (the original's document layouts): one document's signatures and fields, kept apart
 * from any package, to lay onto another package's document. A layout is stored as a package of
 * type LAYOUT holding that one document (no consent), its roles and approvals; it is never sent
 * and never listed with packages or templates.
 */

const layoutNotFound = (what: string) => notFound("error.notFound.layout", `Layout ${what} was not found.`);

/** `POST /api/layouts`: a layout of one document of a package the caller may read. Answers the layout as a package. */
export async function createLayout(db: Db, caller: Caller, input: LayoutInput): Promise<WirePackage> {
  const layoutId = newId();
  const row = await db.transaction(async (tx) => {
    const source = await findPackage(tx, caller, input.id);
    const sourceDocuments = await tx.select().from(documents).where(and(eq(documents.packageId, source.id), ne(documents.id, CONSENT_DOCUMENT_ID)));
    const wanted = input.documents[0];
    const document =
      sourceDocuments.find((candidate) => wanted.id && candidate.id === wanted.id) ??
      sourceDocuments.find((candidate) => wanted.name && candidate.name === wanted.name) ??
      (sourceDocuments.length === 1 && !wanted.id && !wanted.name ? sourceDocuments[0] : undefined);
    if (!document) throw notFound("error.notFound.documentNotFound", `Package ${source.id} has no document ${wanted.id ?? wanted.name ?? "to make a layout of"}.`);

    const created = now();
    const [layout] = await tx
      .insert(packages)
      .values({
        id: layoutId,
        accountId: caller.account.id,
        ownerUserId: caller.user.id,
        type: "LAYOUT",
        status: "DRAFT",
        name: input.name ?? source.name,
        description: input.description ?? source.description,
        emailMessage: source.emailMessage,
        language: source.language,
        autocomplete: source.autocomplete,
        visibility: "ACCOUNT",
        timezoneId: source.timezoneId,
        settings: source.settings,
        data: source.data,
        created,
        updated: created,
      })
      .returning();
    const sourceRoles = await tx.select().from(roles).where(eq(roles.packageId, source.id));
    await tx.insert(roles).values(sourceRoles.map((role) => ({ ...role, packageId: layoutId, created, updated: created })));
    await tx.insert(documents).values({ ...document, packageId: layoutId, position: 0, sealedBlobSha256: null });
    const documentApprovals = await tx.select().from(approvals).where(and(eq(approvals.packageId, source.id), eq(approvals.documentId, document.id)));
    await insertRows(tx, approvals, documentApprovals.map((approval) => ({ ...approval, packageId: layoutId, accepted: null, signed: null })));
    const documentFields = await tx.select().from(fields).where(and(eq(fields.packageId, source.id), eq(fields.documentId, document.id)));
    await insertRows(tx, fields, documentFields.map((field) => ({ ...field, packageId: layoutId })));
    await recordEvent(tx, { accountId: caller.account.id, packageId: layoutId, name: "TEMPLATE_CREATE", sessionUser: caller.user.id, message: `Layout of document ${document.id} of ${source.id}`, ipAddress: caller.ipAddress });
    return layout;
  });
  return readPackage(db, row);
}

/** `GET /api/layouts`: the account's layouts by name, each whole (its document's approvals included), as the SDKs read them. */
export async function listLayouts(db: Queryable, caller: Caller, query: LayoutListQuery): Promise<{ results: WirePackage[]; count: number }> {
  const where = and(eq(packages.accountId, caller.account.id), eq(packages.type, "LAYOUT"), ne(packages.status, "DELETED"));
  const { offset, limit } = pageWindow(query.from, query.to);
  const order = query.dir.startsWith("DESC") ? desc(packages.name) : asc(packages.name);
  const rows = await db.select().from(packages).where(where).orderBy(order, asc(packages.id)).limit(limit).offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(packages).where(where);
  return { results: await Promise.all(rows.map((row) => readPackage(db, row))), count };
}

async function findLayout(db: Queryable, caller: Caller, which: ApplyLayoutQuery) {
  const byWhat = which.layoutId ? eq(packages.id, which.layoutId) : eq(packages.name, which.layoutName!);
  const [layout] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.accountId, caller.account.id), eq(packages.type, "LAYOUT"), ne(packages.status, "DELETED"), byWhat))
    .orderBy(desc(packages.created))
    .limit(1);
  if (!layout) throw layoutNotFound(which.layoutId ?? `"${which.layoutName}"`);
  return layout;
}

/**
 * `POST /api/packages/{packageId}/documents/{documentId}/layout?layoutId=` (or `layoutName=`): the
 * layout's signatures and fields replace the document's, on a draft. Each layout role goes to the
 * package's role of the same id, the sender's to the sender's, any other to the package's signer
 * in the same place of the signing order; a role left without one is refused (422). Fields must
 * lie on the document's pages.
 */
export async function applyLayout(db: Db, caller: Caller, packageId: string, documentId: string, which: ApplyLayoutQuery): Promise<WireDocument> {
  return changePackage(db, caller, packageId, "its documents' fields", async ({ tx, record }) => {
    const document = await findDocument(tx, packageId, documentId);
    const layout = await findLayout(tx, caller, which);
    const [layoutDocument] = await tx.select().from(documents).where(eq(documents.packageId, layout.id)).orderBy(asc(documents.position)).limit(1);
    const layoutApprovals = layoutDocument
      ? await tx.select().from(approvals).where(and(eq(approvals.packageId, layout.id), eq(approvals.documentId, layoutDocument.id))).orderBy(asc(approvals.position))
      : [];
    const layoutFields = layoutDocument ? await tx.select().from(fields).where(and(eq(fields.packageId, layout.id), eq(fields.documentId, layoutDocument.id))).orderBy(asc(fields.position)) : [];

    const roleOf = roleMapping(await tx.select().from(roles).where(eq(roles.packageId, layout.id)), await tx.select().from(roles).where(eq(roles.packageId, packageId)));
    const inputs: ApprovalInput[] = layoutApprovals.map((approval) => ({
      role: roleOf(approval.roleId),
      name: approval.name,
      optional: approval.optional,
      enforceCaptureSignature: approval.enforceCaptureSignature,
      fromFile: approval.fromFile,
      disabled: approval.disabled,
      tooltip: approval.tooltip,
      data: approval.data,
      fields: layoutFields.filter((field) => field.approvalId === approval.id).map((field) => fieldInput.parse({ ...wireField(field), id: undefined })),
    }));
    await replaceApprovalsOf(tx, packageId, document, inputs);
    await record("DOCUMENT_UPDATE", { documentId, message: `Layout "${layout.name}" applied` });
    return readDocument(tx, packageId, documentId);
  });
}

type RoleRow = typeof roles.$inferSelect;

function roleMapping(layoutRoles: RoleRow[], targetRoles: RoleRow[]): (layoutRoleId: string) => string {
  const signersInOrder = (rows: RoleRow[]) => rows.filter((role) => role.type !== "SENDER").sort((a, b) => a.index - b.index || a.position - b.position);
  const layoutSigners = signersInOrder(layoutRoles);
  const targetSigners = signersInOrder(targetRoles);
  return (layoutRoleId) => {
    const same = targetRoles.find((role) => role.id === layoutRoleId);
    if (same) return same.id;
    const layoutRole = layoutRoles.find((role) => role.id === layoutRoleId);
    if (layoutRole?.type === "SENDER") {
      const sender = targetRoles.find((role) => role.type === "SENDER");
      if (sender) return sender.id;
    }
    const place = layoutSigners.findIndex((role) => role.id === layoutRoleId);
    const target = place >= 0 ? targetSigners[place] : undefined;
    if (!target) {
      throw unprocessable("error.validation.layoutRole", `The layout's role "${layoutRoleId}" has no counterpart in the package: add a signer with that id, or one more signer.`);
    }
    return target.id;
  };
}
