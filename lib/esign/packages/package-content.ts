import type { ApprovalInput, FieldInput, RoleInput, SignerInput } from "@/lib/api/packages";
import { SIGNATURE_SUBTYPES } from "@/lib/api/packages";
import { approvals, fields, roles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertFieldOnPage } from "@/lib/esign/documents/field-geometry";
import { badRequest } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";

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

function senderAsSigner(caller: Caller, signer: SignerInput | undefined): Record<string, unknown> {
  return normalizeSigner(
    { ...signer, email: caller.user.email, firstName: caller.user.firstName, lastName: caller.user.lastName, group: undefined },
    OWNER_ROLE_ID,
  );
}

/** One role row. The sender's role (`Owner`) always carries the sender as its signer. */
export function roleRow(packageId: string, input: RoleInput, position: number, caller: Caller): RoleRow {
  const id = input.id ?? newId(9);
  const isOwner = id === OWNER_ROLE_ID;
  if (input.type === "SENDER" && !isOwner) {
    throw badRequest("error.validation.senderRoleId", `Role "${id}" has type SENDER; the sender's role must have the id "Owner".`);
  }
  const signerInput = input.signers[0];
  const signer = isOwner ? senderAsSigner(caller, signerInput) : signerInput ? normalizeSigner(signerInput, id) : null;
  return {
    packageId,
    id,
    position,
    index: input.index ?? 0,
    type: isOwner ? "SENDER" : "SIGNER",
    name: input.name ?? (isOwner ? `${caller.user.firstName} ${caller.user.lastName}`.trim() : id),
    emailMessage: messageContent(input.emailMessage),
    reassign: input.reassign ?? false,
    signer,
    signerEmail: signer ? String(signer.email) || null : null,
    attachmentRequirements: attachmentRequirementRows(input.attachmentRequirements ?? []),
    data: input.data ?? {},
  };
}

/** Attachments a signer is asked to upload, with the defaults the wire shows. */
export function attachmentRequirementRows(requirements: Record<string, unknown>[]): Record<string, unknown>[] {
  return requirements.map((requirement) => ({
    id: newId(9),
    status: "INCOMPLETE",
    required: false,
    description: "",
    comment: "",
    data: {},
    ...requirement,
  }));
}

/** Every package has its sender among its roles; when the sender does not sign, this role has no approvals. */
export function senderRoleRow(packageId: string, position: number, caller: Caller): RoleRow {
  return {
    packageId,
    id: newId(9),
    position,
    index: 0,
    type: "SENDER",
    name: `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email,
    signer: senderAsSigner(caller, undefined),
    signerEmail: caller.user.email.toLowerCase(),
  };
}

export function assertUniqueIds(ids: string[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw badRequest("error.validation.duplicateId", `Two ${what} have the id "${id}".`);
    seen.add(id);
  }
}

export function fieldRow(
  target: { packageId: string; documentId: string; approvalId: string },
  input: FieldInput,
  position: number,
): FieldRow {
  if (input.type === "SIGNATURE" && !(SIGNATURE_SUBTYPES as readonly string[]).includes(input.subtype)) {
    throw badRequest("error.validation.fieldSubtype", `A SIGNATURE field cannot have subtype ${input.subtype}.`);
  }
  return {
    ...target,
    id: input.id ?? newId(9),
    position,
    type: input.type,
    subtype: input.subtype,
    name: input.name ?? "",
    page: input.page,
    top: input.top,
    left: input.left,
    width: input.width,
    height: input.height,
    value: input.value ?? "",
    binding: input.binding ?? null,
    validation: input.validation ?? null,
    extract: input.extract ?? false,
    data: input.data ?? {},
  };
}

/** Rows for approvals and their fields on one document, checked against its roles and pages. */
export function approvalRows(
  packageId: string,
  documentId: string,
  documentName: string,
  inputs: ApprovalInput[],
  roleIds: Set<string>,
  pages: PageSize[],
  firstPosition = 0,
): { approvals: ApprovalRow[]; fields: FieldRow[] } {
  const approvalRowsOut: ApprovalRow[] = [];
  const fieldRowsOut: FieldRow[] = [];
  inputs.forEach((input, i) => {
    if (!roleIds.has(input.role)) {
      throw badRequest(
        "error.validation.unknownRole",
        `An approval on document "${documentName}" refers to role "${input.role}", which the package does not have.`,
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
    input.fields.forEach((field, j) => {
      assertFieldOnPage(field, pages, `Field ${field.name || field.id || j + 1} of role "${input.role}" on document "${documentName}"`);
      fieldRowsOut.push(fieldRow({ packageId, documentId, approvalId }, field, j));
    });
  });
  assertUniqueIds(approvalRowsOut.map((row) => row.id), `approvals on document "${documentName}"`);
  return { approvals: approvalRowsOut, fields: fieldRowsOut };
}

/** The consent document's approval for a signing role: acceptance only, no fields. */
export function consentApprovalRow(packageId: string, roleId: string, position: number): ApprovalRow {
  return { packageId, documentId: "default-consent", id: newId(9), position, roleId, name: "" };
}
