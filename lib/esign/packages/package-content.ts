import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvals, fields, roles, users } from "@/lib/db/schema";
import { assertFieldOnPage } from "@/lib/esign/documents/field-geometry";
import type { ApprovalInput, FieldInput, RoleInput, SignerInput } from "@/lib/api/packages";
import { SIGNATURE_SUBTYPES } from "@/lib/api/packages";
import { boxToPoints } from "@/lib/api/wire-units";
import { badRequest } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
import { requirementRows } from "@/lib/esign/signing/attachments/requirements";

/**
 * Turning wire input into rows: roles with their signer, approvals with their fields. Shared by
 * package creation, cloning and the single-role, approval and field endpoints.
 */

export const OWNER_ROLE_ID = "Owner";

type RoleRow = typeof roles.$inferInsert;
type ApprovalRow = typeof approvals.$inferInsert;
type FieldRow = typeof fields.$inferInsert;

/** A role takes part in signing when it is a signer, or the sender signing as `Owner`. */
export function isSigningRole(role: { id: string; type: string }): boolean {
  return role.type === "SIGNER" || role.id === OWNER_ROLE_ID;
}

function messageContent(message: RoleInput["emailMessage"]): string {
  if (message === undefined) return "";
  return typeof message === "string" ? message : (message.content ?? "");
}

/** The signer as stored and echoed: client members kept, group signers shaped as spec 2.3 says. */
export function normalizeSigner(signer: Partial<SignerInput>, roleId: string): Record<string, unknown> {
  const normalized: Record<string, unknown> = {
    id: signer.id ?? roleId,
    email: (signer.group?.email ?? signer.email ?? "").toLowerCase(),
    firstName: signer.group ? (signer.group.name ?? signer.firstName ?? "") : (signer.firstName ?? ""),
    lastName: signer.group ? "" : (signer.lastName ?? ""),
    company: signer.company ?? "",
    title: signer.title ?? "",
    phone: signer.phone ?? "",
    language: signer.language ?? "",
    delivery: signer.delivery ?? { email: true, download: true, provider: false },
    auth: signer.auth ?? { scheme: "NONE", challenges: [] },
    data: signer.data ?? {},
  };
  if (signer.group) normalized.group = { id: signer.group.id, email: signer.group.email ?? "", name: signer.group.name ?? "" };
  return normalized;
}

/** The package's owner: the person behind its sender role and, when they sign, its `Owner` role. */
export interface PackageSender {
  email: string;
  firstName: string;
  lastName: string;
}

export async function findPackageSender(db: Queryable, ownerUserId: string): Promise<PackageSender> {
  const [sender] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ownerUserId));
  return sender;
}

/** How e-mails name the package's sender (or any person with these members): full name, else e-mail. */
export function senderName(sender: PackageSender): string {
  return `${sender.firstName} ${sender.lastName}`.trim() || sender.email;
}

/** The `Owner` role's signer: always the package's sender, whatever the payload said. */
export function senderAsSigner(sender: PackageSender, signer?: Partial<SignerInput>): Record<string, unknown> {
  return normalizeSigner({ ...signer, email: sender.email, firstName: sender.firstName, lastName: sender.lastName, group: undefined }, OWNER_ROLE_ID);
}

/** One role row. The sender's role (`Owner`) always carries the sender as its signer. */
export function roleRow(packageId: string, input: RoleInput, position: number, sender: PackageSender): RoleRow {
  const id = input.id ?? newId(9);
  const isOwner = id === OWNER_ROLE_ID;
  if (input.type === "SENDER" && !isOwner) {
    throw badRequest("error.validation.senderRoleId", `Role "${id}" has type SENDER; the sender's role must have the id "Owner".`);
  }
  const signerInput = input.signers[0];
  const signer = isOwner ? senderAsSigner(sender, signerInput) : signerInput ? normalizeSigner(signerInput, id) : null;
  return {
    packageId,
    id,
    position,
    index: input.index ?? 0,
    type: isOwner ? "SENDER" : "SIGNER",
    name: input.name ?? (isOwner ? senderName(sender) : id),
    emailMessage: messageContent(input.emailMessage),
    reassign: input.reassign ?? false,
    signer,
    signerEmail: signer ? String(signer.email) || null : null,
    attachmentRequirements: requirementRows(input.attachmentRequirements ?? [], id),
    data: input.data ?? {},
  };
}

/** Every package has its sender among its roles; when the sender does not sign, this role has no approvals. */
export function senderRoleRow(packageId: string, position: number, sender: PackageSender): RoleRow {
  return {
    packageId,
    id: newId(9),
    position,
    index: 0,
    type: "SENDER",
    name: senderName(sender),
    signer: senderAsSigner(sender),
    signerEmail: sender.email.toLowerCase(),
  };
}

export function assertUniqueIds(ids: string[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw badRequest("error.validation.duplicateId", `Two ${what} have the id "${id}".`);
    seen.add(id);
  }
}

/**
 * A field as stored: positions turned from the wire's unit into PDF points, and checked to lie on
 * their page (`pages`, in points) before anything is written.
 */
export function fieldRow(
  target: { packageId: string; documentId: string; approvalId: string },
  input: FieldInput,
  position: number,
  pages: PageSize[],
  where: string,
): FieldRow {
  if (input.type === "SIGNATURE" && !(SIGNATURE_SUBTYPES as readonly string[]).includes(input.subtype)) {
    throw badRequest("error.validation.fieldSubtype", `A SIGNATURE field cannot have subtype ${input.subtype}.`);
  }
  const box = boxToPoints({ top: input.top, left: input.left, width: input.width, height: input.height });
  assertFieldOnPage({ page: input.page, ...box }, pages, where);
  return {
    ...target,
    id: input.id ?? newId(9),
    position,
    type: input.type,
    subtype: input.subtype,
    name: input.name ?? "",
    page: input.page,
    ...box,
    value: input.value ?? "",
    binding: input.binding ?? null,
    validation: input.validation ?? null,
    extract: input.extract ?? false,
    data: input.data ?? {},
  };
}

/**
 * Rows for approvals and their fields on one document, checked against its pages and against
 * `signingRoleIds`: only roles that sign (signers, and the sender as `Owner`) hold approvals.
 */
export function approvalRows(
  packageId: string,
  documentId: string,
  documentName: string,
  inputs: ApprovalInput[],
  signingRoleIds: Set<string>,
  pages: PageSize[],
  firstPosition = 0,
): { approvals: ApprovalRow[]; fields: FieldRow[] } {
  const approvalRowsOut: ApprovalRow[] = [];
  const fieldRowsOut: FieldRow[] = [];
  inputs.forEach((input, i) => {
    if (!signingRoleIds.has(input.role)) {
      throw badRequest(
        "error.validation.unknownRole",
        `An approval on document "${documentName}" refers to role "${input.role}", which is not a signing role of the package.`,
      );
    }
    const approvalId = input.id ?? newId(9);
    approvalRowsOut.push({
      packageId,
      documentId,
      id: approvalId,
      position: firstPosition + i,
      roleId: input.role,
      name: input.name ?? "",
      optional: input.optional ?? false,
      enforceCaptureSignature: input.enforceCaptureSignature ?? false,
      data: input.data ?? {},
    });
    const approvalFields = input.fields.map((field, j) =>
      fieldRow({ packageId, documentId, approvalId }, field, j, pages, `Field ${field.name || field.id || j + 1} of role "${input.role}" on document "${documentName}"`),
    );
    assertUniqueIds(approvalFields.map((row) => row.id), `fields of approval "${approvalId}" on document "${documentName}"`);
    fieldRowsOut.push(...approvalFields);
  });
  assertUniqueIds(approvalRowsOut.map((row) => row.id), `approvals on document "${documentName}"`);
  return { approvals: approvalRowsOut, fields: fieldRowsOut };
}

/** Ids of the roles that may hold approvals in a package. */
export async function findSigningRoleIds(db: Queryable, packageId: string): Promise<Set<string>> {
  const rows = await db.select({ id: roles.id, type: roles.type }).from(roles).where(eq(roles.packageId, packageId));
  return new Set(rows.filter(isSigningRole).map((role) => role.id));
}

/** The consent document's approval for a signing role: acceptance only, no fields. */
export function consentApprovalRow(packageId: string, roleId: string, position: number): ApprovalRow {
  return { packageId, documentId: "default-consent", id: newId(9), position, roleId, name: "" };
}
