import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, approvals, documents, fields, groupMembers, groups, roles, users } from "@/lib/db/schema";
import { preparedRows, tableColumnsOf, tableRowOf } from "@/lib/db/prepared-statements";
import type { WireGroupMembership, WireSender } from "@/lib/api/senders";
import { wireSender, type UserRow } from "@/lib/esign/senders/sender-record";
import type { WireGroup } from "@/lib/api/groups";
import { readMembers, wireGroup } from "@/lib/esign/groups/get-group";
import { groupIdOf } from "@/lib/esign/signing/links/signer-recipients";
import { wireAuth } from "@/lib/esign/signing/authentication/signer-auth";
import type {
  PackageStatus,
  WireApproval,
  WireDocument,
  WireField,
  WirePackage,
  WireRole,
} from "@/lib/api/packages";
import { merged, setIfPresent, wireDate, withoutNulls, type WithStoredTimes } from "@/lib/api/wire";
import { pointsToWire } from "@/lib/api/wire-units";
import { wireSettings } from "@/lib/api/package-settings";
import { requirementsOf, wireRequirement } from "@/lib/esign/signing/attachments/requirements";
import type { PackageRow } from "./find-package";
import { appendTo } from "@/lib/collections";

type RoleRow = typeof roles.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;
type ApprovalRow = typeof approvals.$inferSelect;
type FieldRow = typeof fields.$inferSelect;

export function wireField(row: FieldRow): WireField {
  const field: WireField = {
    id: row.id,
    name: row.name,
    type: row.type,
    subtype: row.subtype,
    page: row.page,
    top: pointsToWire(row.top),
    left: pointsToWire(row.left),
    width: pointsToWire(row.width),
    height: pointsToWire(row.height),
    value: row.value,
    extract: row.extract,
    data: row.data,
  };
  setIfPresent(field, "binding", row.binding);
  setIfPresent(field, "validation", row.validation ? { required: false, ...withoutNulls(row.validation) } : null);
  setIfPresent(field, "fontSize", row.fontSize);
  if (row.tooltip) field.tooltip = row.tooltip;
  return field;
}

/**
 * An approval's fields in the order the original answers them: the signature, then the fields
 * bound to it (`{signer.name}`, `{approval.signed}`, …), then the others, each group as stored.
 * Both of its SDKs' BasicPackageCreation tests send [check box, signer name] and read
 * [signer name, check box], the Java one with the name right of the box and the .NET one left of
 * it, so the order is not the page's; bound-first is the rule both readings share.
 */
export function inOriginalFieldOrder<T extends Pick<FieldRow, "type" | "binding">>(approvalFields: T[]): T[] {
  const rank = (field: T) => (field.type === "SIGNATURE" ? 0 : field.binding ? 1 : 2);
  return approvalFields.map((field, index) => ({ field, index })).sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index).map(({ field }) => field);
}

export function wireApproval(row: ApprovalRow, approvalFields: FieldRow[]): WireApproval {
  const approval: WireApproval = {
    id: row.id,
    role: row.roleId,
    name: row.name,
    optional: row.optional,
    enforceCaptureSignature: row.enforceCaptureSignature,
    fromFile: row.fromFile,
    disabled: row.disabled,
    fields: inOriginalFieldOrder(approvalFields).map(wireField),
    data: row.data,
  };
  if (row.tooltip) approval.tooltip = row.tooltip;
  setIfPresent(approval, "accepted", row.accepted);
  setIfPresent(approval, "signed", row.signed);
  return approval;
}

/** The account's groups that sign, by id, as the original's Signer carries them (`group`). */
export type SigningGroups = Map<string, WireGroup>;

/** The groups some of `roleRows` are signed by, with their members. */
export async function readSigningGroups(db: Queryable, roleRows: Pick<RoleRow, "signer">[]): Promise<SigningGroups> {
  const ids = [...new Set(roleRows.flatMap((role) => (groupIdOf(role) ? [groupIdOf(role)!] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(groups).where(inArray(groups.id, ids));
  const members = await readMembers(db, ids);
  return new Map(rows.map((row) => [row.id, wireGroup(row, members.get(row.id) ?? [])]));
}

function signerTypeOf(row: WithStoredTimes<RoleRow>, group: Record<string, unknown> | undefined): string {
  if (row.type === "SENDER") return "ACCOUNT_SENDER";
  if (!group) return "EXTERNAL_SIGNER";
  return group.id ? "GROUP_SIGNER" : "AD_HOC_GROUP_SIGNER";
}

/** The group on a signer: the account's group as it is now, or an ad-hoc one as stored, both in the original's Group shape. */
function wireSignerGroup(row: WithStoredTimes<RoleRow>, stored: Record<string, unknown>, signingGroups: SigningGroups): Record<string, unknown> {
  const current = typeof stored.id === "string" ? signingGroups.get(stored.id) : undefined;
  if (current) return current;
  const members = Array.isArray(stored.members) ? (stored.members as Record<string, unknown>[]) : [];
  return {
    id: String(stored.id ?? ""),
    name: String(stored.name ?? ""),
    email: String(stored.email ?? ""),
    emailMembers: false,
    reciprocalDelegation: false,
    members: members.map((member) => ({ firstName: "", lastName: "", pending: false, memberType: "AD_HOC_GROUP_MEMBER", ...member })),
    created: wireDate(row.created),
    updated: wireDate(row.updated),
  };
}

/**
 * A role's signer as the original service shows it: what the client gave (nulls dropped), with
 * the members it always carries (`name`, `signerType`, dates, …). The sender's role is an
 * ACCOUNT_SENDER, a group's an (AD_HOC_)GROUP_SIGNER, anyone else an EXTERNAL_SIGNER.
 */
/** How a reader sees a package: its owner also reads the unmasked security answers they wrote. */
export interface PackageReader {
  withAnswers?: boolean;
}

export function wireSigner(row: WithStoredTimes<RoleRow>, signingGroups: SigningGroups = new Map(), reader: PackageReader = {}): Record<string, unknown> {
  const stored = withoutNulls(row.signer ?? {});
  const group = stored.group as Record<string, unknown> | undefined;
  const name = group ? String(group.name ?? stored.firstName ?? "") : [stored.firstName, stored.lastName].filter(Boolean).join(" ");
  const signer = merged(stored, {
    name,
    signerType: signerTypeOf(row, group),
    timezoneId: stored.timezoneId ?? "GMT",
    knowledgeBasedAuthentication: stored.knowledgeBasedAuthentication ?? { knowledgeBasedAuthenticationStatus: "NOT_YET_ATTEMPTED" },
    // Signers are invited by e-mail, as the original does unless told otherwise (Signet texts only authentication codes).
    notificationMethods: stored.notificationMethods ?? { primary: ["EMAIL"] },
    auth: wireAuth(stored.auth, { withAnswers: reader.withAnswers }),
    delivery: merged({ email: false, download: false, provider: false }, (stored.delivery as Record<string, unknown> | undefined) ?? {}),
    professionalIdentityFields: stored.professionalIdentityFields ?? [],
    userCustomFields: stored.userCustomFields ?? [],
    specialTypes: stored.specialTypes ?? [],
    created: wireDate(row.created),
    updated: wireDate(row.updated),
  });
  if (group) signer.group = wireSignerGroup(row, group, signingGroups);
  return signer;
}

export function wireRole(row: WithStoredTimes<RoleRow>, signingGroups: SigningGroups = new Map(), reader: PackageReader = {}): WireRole {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    index: row.index,
    reassign: row.reassign,
    locked: row.locked,
    emailMessage: { content: row.emailMessage },
    attachmentRequirements: requirementsOf(row).map(wireRequirement),
    specialTypes: [],
    signers: row.signer ? [wireSigner(row, signingGroups, reader)] : [],
    data: row.data,
  };
}

export function wireDocument(row: WithStoredTimes<DocumentRow>, documentApprovals: WireApproval[]): WireDocument {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    index: row.index,
    size: row.size,
    extract: row.extract,
    extractionTypes: row.extractionTypes,
    tagged: row.tagged,
    externalSigned: false,
    pages: row.pages.map((page) => ({ id: `${row.id}-${page.index}`, index: page.index, version: 1, top: 0, left: 0, width: pointsToWire(page.width), height: pointsToWire(page.height) })),
    approvals: documentApprovals,
    fields: [],
    data: row.data,
  };
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

/** The key of an approval among a package's: its document and its id. */
export const approvalKey = (documentId: string, approvalId: string) => `${documentId}\u0000${approvalId}`;

/** Fields by their approval (approvalKey), each approval's in position order. */
export function fieldsByApproval(fieldRows: FieldRow[]): Map<string, FieldRow[]> {
  const byApproval = new Map<string, FieldRow[]>();
  for (const field of fieldRows.sort(byPosition)) appendTo(byApproval, approvalKey(field.documentId, field.approvalId), field);
  return byApproval;
}

/** Roles in signing order (index), insertion order among equals. */
export async function readRoles(db: Queryable, packageId: string, reader: PackageReader = {}): Promise<WireRole[]> {
  const rows = await db.select().from(roles).where(eq(roles.packageId, packageId)).orderBy(asc(roles.index), asc(roles.position));
  const signingGroups = await readSigningGroups(db, rows);
  return rows.map((row) => wireRole(row, signingGroups, reader));
}

/** Documents in index order with their approvals and fields. */
export async function readDocuments(db: Queryable, packageId: string): Promise<WireDocument[]> {
  // One after the other: `db` may be a transaction, whose single connection takes one query at a time.
  const documentRows = await db.select().from(documents).where(eq(documents.packageId, packageId)).orderBy(asc(documents.index), asc(documents.position));
  const approvalRows = await db.select().from(approvals).where(eq(approvals.packageId, packageId));
  const fieldRows = await db.select().from(fields).where(eq(fields.packageId, packageId));
  const fieldsOfApproval = fieldsByApproval(fieldRows);
  const approvalsByDocument = new Map<string, WireApproval[]>();
  for (const approval of approvalRows.sort(byPosition)) {
    const wire = wireApproval(approval, fieldsOfApproval.get(approvalKey(approval.documentId, approval.id)) ?? []);
    appendTo(approvalsByDocument, approval.documentId, wire);
  }
  return documentRows.map((row) => wireDocument(row, approvalsByDocument.get(row.id) ?? []));
}

/**
 * The packages' senders as the original's Sender (its `sender` member), by user id. A sender
 * since deleted from the account (kept for the packages they own) shows as LOCKED: they can no
 * longer act. One prepared statement (lib/db/prepared-statements.ts), the users' group
 * memberships gathered as JSON beside them: every list page and package read runs it. One sender
 * (a package, the pages of someone's own folders) has a text of its own: PostgreSQL plans an
 * array of ids for each call anew (its plan for any length estimates ten), 0.5 ms each time.
 */
export async function readSenders(db: Queryable, accountId: string, userIds: string[]): Promise<Map<string, WireSender>> {
  if (userIds.length === 0) return new Map();
  const rows = await preparedRows(
    db,
    sql`select ${userColumns.selectList}, ${accountMemberships.locked},
      (select coalesce(json_agg(json_build_object('groupId', g.id, 'groupName', g.name, 'memberType', m.member_type) order by g.name, g.id), '[]')
        from ${groupMembers} m join ${groups} g on g.id = m.group_id where g.account_id = ${accountId} and m.user_id = "users"."id")
    from ${users} left join ${accountMemberships} on ${accountMemberships.userId} = ${users.id} and ${accountMemberships.accountId} = ${accountId}
    where ${userIds.length === 1 ? sql`${users.id} = ${userIds[0]}` : sql`${users.id} = any(${sql.param(userIds)}::text[])`}`,
  );
  return new Map(
    rows.map((values) => {
      const user = tableRowOf(userColumns, values) as UserRow;
      const locked = Boolean(values[userColumns.columns.length]) || user.status === "DELETED";
      return [user.id, wireSender({ user, locked }, values[userColumns.columns.length + 1] as WireGroupMembership[])];
    }),
  );
}

const userColumns = tableColumnsOf(users);

/** The package as in lists and reads; lists leave documents' approvals out (see listPackages). */
export function wirePackage(row: WithStoredTimes<PackageRow>, sender: WireSender | undefined, packageRoles: WireRole[], packageDocuments: WireDocument[]): WirePackage {
  return merged(wirePackageHead(row), { sender: wirePackageSender(row, sender) }, wirePackageTail(row, packageRoles, packageDocuments)) as WirePackage;
}

/** The members a package's wire object holds before its `sender` (list-texts.ts stores them as text apart from it). */
export function wirePackageHead(row: WithStoredTimes<PackageRow>) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as WirePackage["type"],
    status: row.status as PackageStatus,
    trashed: row.trashed,
    language: row.language,
    autocomplete: row.autocomplete,
    visibility: row.visibility,
    emailMessage: row.emailMessage,
    timezoneId: row.timezoneId,
    settings: wireSettings(row.settings),
    notarized: row.notarized,
    notaryRoleId: row.notaryRoleId,
    // What Signet does not offer, said plainly: no bulk sending of templates.
    bulkSendable: false,
  };
}

/** The members a package's wire object holds after its `sender`. */
export function wirePackageTail(row: WithStoredTimes<PackageRow>, packageRoles: WireRole[], packageDocuments: WireDocument[]) {
  const tail: Pick<WirePackage, "roles" | "documents" | "conditions" | "messages" | "data" | "created" | "updated" | "due" | "completed" | "purged"> = {
    roles: packageRoles,
    documents: packageDocuments,
    conditions: row.conditions,
    messages: [],
    data: row.data,
    created: wireDate(row.created),
    updated: wireDate(row.updated),
  };
  if (row.due) tail.due = wireDate(row.due);
  if (row.completed) tail.completed = wireDate(row.completed);
  if (row.purged) tail.purged = wireDate(row.purged);
  return tail;
}

/** The package's sender as on the wire: a sender whose user row is gone shows with only the id known. */
export function wirePackageSender(row: Pick<PackageRow, "ownerUserId">, sender: WireSender | undefined): WireSender {
  return sender ?? missingSender(row.ownerUserId);
}

/** A sender whose user row is gone: only the id is known. */
function missingSender(userId: string): WireSender {
  const epoch = wireDate(new Date(0));
  return {
    id: userId,
    email: "",
    firstName: "",
    lastName: "",
    name: "",
    company: "",
    title: "",
    phone: "",
    language: "",
    timezoneId: "GMT",
    status: "LOCKED",
    type: "REGULAR",
    created: epoch,
    updated: epoch,
    memberships: [],
    hasDelegates: false,
    userCustomFields: [],
    professionalIdentityFields: [],
    specialTypes: [],
    data: {},
  };
}

/** The whole package as `GET /api/packages/{id}` answers it. */
export async function readPackage(db: Queryable, row: PackageRow, reader: PackageReader = {}): Promise<WirePackage> {
  const packageRoles = await readRoles(db, row.id, reader);
  const packageDocuments = await readDocuments(db, row.id);
  const senders = await readSenders(db, row.accountId, [row.ownerUserId]);
  return wirePackage(row, senders.get(row.ownerUserId), packageRoles, packageDocuments);
}
