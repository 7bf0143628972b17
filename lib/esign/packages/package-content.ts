import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvals, fields, roles, users } from "@/lib/db/schema";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { assertFieldOnPage } from "@/lib/esign/documents/field-geometry";
import type { ApprovalInput, FieldInput, RoleInput, SignerInput } from "@/lib/api/packages";
import { isAcceptanceMarker, isPlaced, SIGNATURE_SUBTYPES } from "@/lib/api/packages";
import { wireToPoints } from "@/lib/api/wire-units";
import { badRequest } from "@/lib/esign/errors";
import { prepareSignerAuth } from "@/lib/esign/signing/authentication/signer-auth";
import { newId } from "@/lib/esign/ids";
import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
import { requirementRows } from "@/lib/esign/signing/attachments/requirements";

/**
 * Turning wire input into rows: roles with their signer, approvals with their fields. Shared by
 * package creation, cloning and the single-role, approval and field endpoints.
 */

export const OWNER_ROLE_ID = "Owner";
/** The name the original gives the sender's own role; its sample code finds that role by it. */
export const OWNER_ROLE_NAME = "Owner";

type RoleRow = typeof roles.$inferInsert;
type ApprovalRow = typeof approvals.$inferInsert;
type FieldRow = typeof fields.$inferInsert;

/**
 * A role takes part in signing: every signer, and the sender's role when the sender signs (given
 * as a role by the id `Owner` or the sender's e-mail, or holding approvals): `signs` on the row.
 */
export function isSigningRole(role: { signs: boolean }): boolean {
  return role.signs;
}

function messageContent(message: RoleInput["emailMessage"]): string {
  if (message === undefined) return "";
  return typeof message === "string" ? message : (message.content ?? "");
}

/** The original Signer's members Signet keeps as the client gave them and echoes, without acting on them. */
const KEPT_SIGNER_MEMBERS = [
  "timezoneId",
  "address",
  "knowledgeBasedAuthentication",
  "notificationMethods",
  "signature",
  "external",
  "professionalIdentityFields",
  "userCustomFields",
  "specialTypes",
] as const;

/** The suffix by which the original service and its SDKs recognise an ad-hoc group's e-mail. */
export const AD_HOC_GROUP_EMAIL_SUFFIX = "@adhoc.groups.e-signlive.com";

function groupOf(signer: Partial<SignerInput>, roleId: string): Record<string, unknown> | undefined {
  const group = signer.group;
  if (!group) return undefined;
  if (group.id) return { id: group.id, email: group.email ?? "", name: group.name ?? "" };
  return { name: group.name ?? "", email: group.email || `${roleId.toLowerCase().replace(/[^a-z0-9]/g, "")}.${newId(8).toLowerCase()}${AD_HOC_GROUP_EMAIL_SUFFIX}`, members: group.members ?? [] };
}

/** The signer as stored and echoed: client members kept, group signers shaped as spec 2.3 says. */
export function normalizeSigner(signer: Partial<SignerInput>, roleId: string, previousAuth?: unknown): Record<string, unknown> {
  const group = groupOf(signer, roleId);
  const normalized: Record<string, unknown> = {
    id: signer.id ?? roleId,
    email: String(group?.email ?? signer.email ?? "").toLowerCase(),
    firstName: group ? String(group.name || signer.firstName || "") : (signer.firstName ?? ""),
    lastName: group ? "" : (signer.lastName ?? ""),
    company: signer.company ?? "",
    title: signer.title ?? "",
    phone: signer.phone ?? "",
    language: signer.language ?? "",
    delivery: signer.delivery ?? { email: true, download: true, provider: false },
    // Checked and stored with its answers hashed (400 or 422 when it cannot be enforced here).
    auth: prepareSignerAuth(signer.auth, roleId, { previous: previousAuth, signerPhone: signer.phone, knowledgeBasedAuthentication: signer.knowledgeBasedAuthentication }),
    data: signer.data ?? {},
  };
  for (const member of KEPT_SIGNER_MEMBERS) if (signer[member] !== undefined) normalized[member] = signer[member];
  if (group) normalized.group = group;
  return normalized;
}

/**
 * The package's owner as its SENDER role shows them: the account member who owns it, under the
 * name, title and company the package was created with (the original's "custom sender info").
 */
export interface PackageSender {
  email: string;
  firstName: string;
  lastName: string;
  title?: string;
  company?: string;
  /** The sender's own language: the e-mails the package sends them are written in it. */
  language?: string;
}

export async function findPackageSender(db: Queryable, ownerUserId: string): Promise<PackageSender> {
  const [sender] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, title: users.title, company: users.company, language: users.language })
    .from(users)
    .where(eq(users.id, ownerUserId));
  return sender;
}

/** How e-mails name the package's sender (or any person with these members): full name, else e-mail. */
export function senderName(sender: PackageSender): string {
  return `${sender.firstName} ${sender.lastName}`.trim() || sender.email;
}

/** The sender's role's signer: always the package's sender, whatever the payload said. */
export function senderAsSigner(sender: PackageSender, signer?: Partial<SignerInput>, signerId = OWNER_ROLE_ID): Record<string, unknown> {
  return normalizeSigner(
    {
      ...signer,
      email: sender.email,
      firstName: sender.firstName,
      lastName: sender.lastName,
      title: sender.title ?? signer?.title,
      company: sender.company ?? signer?.company,
      group: undefined,
    },
    signerId,
  );
}

/** The role a client names as the SDKs name a signer: by role id, by its signer's id, or by its signer's e-mail. */
export function roleNamedBy<T extends { id: string; signer: Record<string, unknown> | null; signerEmail: string | null }>(rows: T[], id: string): T | undefined {
  return rows.find((row) => row.id === id) ?? rows.find((row) => row.signer?.id === id) ?? rows.find((row) => row.signerEmail === id.toLowerCase());
}

/** Whether a role input is the sender's own: the id `Owner`, the type SENDER, or a signer with the sender's e-mail. */
export function isSenderRoleInput(input: Pick<RoleInput, "id" | "type" | "signers">, sender: PackageSender): boolean {
  const email = input.signers[0]?.group ? undefined : input.signers[0]?.email?.toLowerCase();
  return input.id === OWNER_ROLE_ID || input.type === "SENDER" || email === sender.email.toLowerCase();
}

/**
 * One role row. The sender's role (see `isSenderRoleInput`) has the type SENDER, signs, and always
 * carries the sender as its signer.
 */
export function roleRow(packageId: string, input: RoleInput, position: number, sender: PackageSender): RoleRow {
  const id = input.id ?? newId(9);
  const isSender = isSenderRoleInput(input, sender);
  const signerInput = input.signers[0];
  const signer = isSender ? senderAsSigner(sender, signerInput, signerInput?.id ?? id) : signerInput ? normalizeSigner(signerInput, id) : null;
  return {
    packageId,
    id,
    position,
    index: input.index ?? 0,
    type: isSender ? "SENDER" : "SIGNER",
    signs: true,
    name: input.name ?? (isSender ? OWNER_ROLE_NAME : id),
    emailMessage: messageContent(input.emailMessage),
    reassign: input.reassign ?? false,
    signer,
    signerEmail: signer ? String(signer.email) || null : null,
    attachmentRequirements: requirementRows(input.attachmentRequirements ?? [], id),
    data: input.data ?? {},
  };
}

/** Every package has its sender among its roles; when the sender does not sign, this role has no approvals and does not sign. */
export function senderRoleRow(packageId: string, position: number, sender: PackageSender): RoleRow {
  const id = newId(9);
  return {
    packageId,
    id,
    position,
    index: 0,
    type: "SENDER",
    signs: false,
    name: OWNER_ROLE_NAME,
    signer: senderAsSigner(sender, undefined, id),
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
  if (!isPlaced(input)) {
    throw badRequest(
      "error.validation.fieldPosition",
      `${where} has no position: give page, top, left, width and height. The document places a field (extract, extractAnchor) only when it is uploaded.`,
    );
  }
  const box = { top: wireToPoints(input.top), left: wireToPoints(input.left), width: wireToPoints(input.width), height: wireToPoints(input.height) };
  assertFieldOnPage({ page: input.page, ...box }, pages, where);
  // Member by member: a literal that spreads an object before further members is built on a slow
  // path (about 10 µs a field here), and a document's text tags make thousands of fields at once.
  return {
    packageId: target.packageId,
    documentId: target.documentId,
    approvalId: target.approvalId,
    id: input.id ?? newId(9),
    position,
    type: input.type,
    subtype: input.subtype,
    name: input.name ?? "",
    page: input.page,
    top: box.top,
    left: box.left,
    width: box.width,
    height: box.height,
    value: input.value ?? null,
    fontSize: input.fontSize ?? null,
    tooltip: input.tooltip ?? "",
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
        `An approval on document "${documentName}" refers to role "${input.role}", which is not a role of the package.`,
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
      fromFile: input.fromFile ?? false,
      disabled: input.disabled ?? false,
      tooltip: input.tooltip ?? "",
      data: input.data ?? {},
    });
    const approvalFields = input.fields
      .filter((field) => !isAcceptanceMarker(field))
      .map((field, j) =>
        fieldRow({ packageId, documentId, approvalId }, field, j, pages, `Field ${field.name || field.id || j + 1} of role "${input.role}" on document "${documentName}"`),
      );
    assertUniqueIds(approvalFields.map((row) => row.id), `fields of approval "${approvalId}" on document "${documentName}"`);
    fieldRowsOut.push(...approvalFields);
  });
  assertUniqueIds(approvalRowsOut.map((row) => row.id), `approvals on document "${documentName}"`);
  return { approvals: approvalRowsOut, fields: fieldRowsOut };
}

/** Ids of the roles of a package: any of them may hold approvals (the sender's role too, which then signs). */
export async function findRoleIds(db: Queryable, packageId: string): Promise<Set<string>> {
  const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.packageId, packageId));
  return new Set(rows.map((role) => role.id));
}

/**
 * After approvals were given to `roleIds`: the sender's role among them that did not sign until
 * now signs from now on, with the consent to accept like every signer. Answers the roles enlisted.
 */
export async function enlistSigningRoles(tx: Queryable, packageId: string, roleIds: Iterable<string>): Promise<string[]> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return [];
  const enlisted = await tx
    .update(roles)
    .set({ signs: true })
    .where(and(eq(roles.packageId, packageId), inArray(roles.id, wanted), eq(roles.signs, false)))
    .returning({ id: roles.id, position: roles.position });
  if (enlisted.length) await tx.insert(approvals).values(enlisted.map((role) => consentApprovalRow(packageId, role.id, role.position)));
  return enlisted.map((role) => role.id);
}

/** The consent document's approval for a signing role: acceptance only, no fields. */
export function consentApprovalRow(packageId: string, roleId: string, position: number): ApprovalRow {
  return { packageId, documentId: CONSENT_DOCUMENT_ID, id: newId(9), position, roleId, name: "" };
}
