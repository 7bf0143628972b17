import type { Db } from "@/lib/db/client";
import { approvals, documents, packages, roles } from "@/lib/db/schema";
import type { PackageCreate } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { newPackageDefaults } from "@/lib/esign/account-settings/account-defaults";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { consentDocument } from "@/lib/esign/documents/consent-document";
import { CONSENT_DOCUMENT_ID, CONSENT_DOCUMENT_NAME } from "@/lib/esign/documents/consent-document-id";
import { prepareDocuments, rolesNamedByTags, type DocumentFile } from "@/lib/esign/documents/prepare-documents";
import { CreatedBlobs, storeDocuments } from "@/lib/esign/documents/store-documents";
import { badRequest, forbidden } from "@/lib/esign/errors";
import { resolveGroupSigners, signerRefsOf } from "@/lib/esign/groups/resolve-group-signers";
import { newId } from "@/lib/esign/ids";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { assertRequirementIdsUnique } from "@/lib/esign/signing/attachments/requirements";
import { withConditionIds } from "./conditions";
import { assertUniqueIds, consentApprovalRow, roleRow, senderRoleRow } from "./package-content";
import { resolvePackageOwner } from "./package-owner";
import { assertCreatableStatus } from "./package-status";
import { sendPackage } from "./send-package";

/**
 * Sharing a template with the whole account takes templates_layouts.share_templates; without it a
 * template is the sender's own unless they ask for ACCOUNT, which is refused.
 */
export function templateVisibility(caller: Caller, type: "PACKAGE" | "TEMPLATE", requested: "ACCOUNT" | "SENDER" | undefined): "ACCOUNT" | "SENDER" {
  const mayShare = caller.permissions.has(PERMISSIONS.templatesShare);
  if (type === "TEMPLATE" && requested === "ACCOUNT" && !mayShare) {
    throw forbidden("error.forbidden.noPermission", `Sharing a template with the account needs the permission ${PERMISSIONS.templatesShare}.`);
  }
  return requested ?? (type === "TEMPLATE" && !mayShare ? "SENDER" : "ACCOUNT");
}

/**
 * `POST /api/packages`: a package or template with its roles, documents (files validated before
 * anything is stored), approvals and fields, the consent document and the sender's role, in one
 * transaction. With status SENT it is also sent.
 */
export async function createPackage(db: Db, caller: Caller, input: PackageCreate, files: DocumentFile[]): Promise<{ id: string }> {
  assertCreatableStatus(input.type, input.status);
  const visibility = templateVisibility(caller, input.type, input.visibility);
  const packageId = newId();
  const owner = await resolvePackageOwner(db, caller, input.sender);
  const roleInputs = await resolveGroupSigners(db, caller.account.id, input.roles, signerRefsOf(input.roles));
  const roleRows = roleInputs.map((role, i) => roleRow(packageId, role, i, owner.sender));
  const senderRoles = roleRows.filter((role) => role.type === "SENDER");
  if (senderRoles.length > 1) {
    throw badRequest("error.validation.senderRoles", `Roles ${senderRoles.map((role) => `"${role.id}"`).join(" and ")} are all the sender's; the sender has one role.`);
  }
  if (senderRoles.length === 0) roleRows.push(senderRoleRow(packageId, roleRows.length, owner.sender));
  assertUniqueIds(roleRows.map((role) => role.id), "roles");
  assertRequirementIdsUnique(roleRows);
  assertUniqueIds(input.documents.flatMap((document) => (document.id ? [document.id] : [])), "documents");

  const packageRoles = roleRows.map((role) => ({ id: role.id, name: role.name ?? role.id }));
  const prepared = await prepareDocuments(caller.account.id, input.documents, files, packageRoles);
  // Text tags may name roles the package lacks: they become roles of their own, to be filled before sending.
  for (const id of rolesNamedByTags(prepared, packageRoles)) roleRows.push(roleRow(packageId, { id, name: id, signers: [] }, roleRows.length, owner.sender));
  // The sender's role the package added for them signs only once given an approval.
  const approvedRoles = new Set(prepared.flatMap((document) => document.approvals.map((approval) => approval.role)));
  for (const role of roleRows) if (role.type === "SENDER" && approvedRoles.has(role.id)) role.signs = true;
  const signingRoles = roleRows.filter((role) => role.signs !== false);
  const roleIds = new Set(roleRows.map((role) => role.id));
  const consent = await consentDocument();

  const blobs = await CreatedBlobs.open();
  try {
    // The consent's bytes as one more blob: no store is called inside the transaction.
    const consentBlob = { bytes: consent.bytes, sha256: consent.sha256, shared: true };
    await blobs.storeAhead(db, [consentBlob, ...prepared.map((document) => document.file)]);
    await db.transaction(async (tx) => {
      const created = now();
      const { settings, due } = await newPackageDefaults(tx, caller.account.id, { settings: input.settings, due: input.due }, created);
      await tx.insert(packages).values({
        id: packageId,
        accountId: caller.account.id,
        ownerUserId: owner.userId,
        type: input.type,
        status: "DRAFT",
        name: input.name,
        description: input.description ?? "",
        emailMessage: input.emailMessage ?? "",
        language: input.language ?? "en",
        autocomplete: input.autocomplete ?? true,
        notarized: input.notarized ?? false,
        notaryRoleId: input.notaryRoleId ?? "",
        visibility,
        timezoneId: input.timezoneId ?? "GMT",
        due,
        settings,
        // The original service marks what its API created; the Java SDK's own tests check for it.
        data: { origin: "api", ...input.data },
        conditions: withConditionIds(input.conditions ?? []),
        created,
        updated: created,
      });
      await tx.insert(roles).values(roleRows);
      await tx.insert(documents).values({
        packageId,
        id: CONSENT_DOCUMENT_ID,
        position: 0,
        index: 0,
        name: CONSENT_DOCUMENT_NAME,
        blobSha256: await blobs.put(consentBlob, tx),
        fileName: "consent.pdf",
        size: consent.bytes.byteLength,
        pages: consent.pages,
      });
      if (signingRoles.length) {
        await tx.insert(approvals).values(signingRoles.map((role, i) => consentApprovalRow(packageId, role.id, i)));
      }
      await storeDocuments(tx, blobs, packageId, prepared, roleIds, 1, { caller, recordAdds: false });
      await recordEvent(tx, {
        accountId: caller.account.id,
        packageId,
        name: input.type === "TEMPLATE" ? "TEMPLATE_CREATE" : "PACKAGE_CREATE",
        sessionUser: caller.user.id,
        ipAddress: caller.ipAddress,
        // Their own package is no one's behalf: the event need not look the owner up again.
        ...(owner.userId === caller.user.id ? { onBehalfOf: null } : {}),
      });
      if (input.status === "SENT") {
        await sendPackage(tx, caller, packageId);
      }
    });
    await blobs.committed(db);
  } catch (error) {
    await blobs.removeUnreferenced(db);
    throw error;
  }
  return { id: packageId };
}
