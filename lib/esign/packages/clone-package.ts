import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { approvals, documents, fields, packages, roles, supportingDocuments } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { PackageClone } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { resolveGroupSigners } from "@/lib/esign/groups/resolve-group-signers";
import { newId } from "@/lib/esign/ids";
import { unansweredRequirements } from "@/lib/esign/signing/attachments/requirements";
import { findPackage } from "./find-package";
import { resolvePackageOwner } from "./package-owner";
import { assertUniqueIds, consentApprovalRow, normalizeSigner, roleRow, senderAsSigner, senderRoleRow } from "./package-content";
import { assertCreatableStatus } from "./package-status";
import { templateVisibility } from "./create-package";
import { sendPackage } from "./send-package";

/**
 * `POST /api/packages/{id}/clone`: a template from a package (spec 4.1), a package from a template
 * (its roles filled with the people in `roles`, matched by role id; roles it lacks are added), or
 * a copy of either. A source role given with `signers: []` loses its person and becomes a
 * placeholder (the console's "Save as template" does so for every signer); the sender's role never
 * does. Documents and supporting documents are shared by content address; roles, approvals and
 * fields are copied with their ids.
 */
export async function clonePackage(db: Db, caller: Caller, sourceId: string, input: PackageClone): Promise<{ id: string }> {
  assertCreatableStatus(input.type, input.status);
  const packageId = newId();
  await db.transaction(async (tx) => {
    // Locked so that the four reads below see one state of the source.
    const source = await findPackage(tx, caller, sourceId, { forUpdate: true });
    const owner = await resolvePackageOwner(tx, caller, input.sender);
    const sourceRoles = await tx.select().from(roles).where(eq(roles.packageId, sourceId));
    const sourceDocuments = await tx.select().from(documents).where(eq(documents.packageId, sourceId));
    const sourceApprovals = await tx.select().from(approvals).where(eq(approvals.packageId, sourceId));
    const sourceFields = await tx.select().from(fields).where(eq(fields.packageId, sourceId));

    const given = await resolveGroupSigners(tx, caller.account.id, input.roles);
    const fillings = new Map(given.map((role) => [role.id ?? "", role]));
    // Roles the source lacks are added, as the original does (the SDKs add signers to a template's placeholders this way).
    const added = given.filter((role) => !role.id || !sourceRoles.some((source) => source.id === role.id));

    const created = now();
    await tx.insert(packages).values({
      id: packageId,
      accountId: caller.account.id,
      ownerUserId: owner.userId,
      type: input.type,
      status: "DRAFT",
      name: input.name,
      description: input.description ?? source.description,
      emailMessage: input.emailMessage ?? source.emailMessage,
      language: input.language ?? source.language,
      autocomplete: input.autocomplete ?? source.autocomplete,
      notarized: source.notarized,
      notaryRoleId: source.notaryRoleId,
      visibility: templateVisibility(caller, input.type, input.visibility),
      timezoneId: input.timezoneId ?? source.timezoneId,
      due: input.due === undefined ? source.due : input.due,
      settings: input.settings ?? source.settings,
      data: input.data ?? source.data,
      conditions: source.conditions,
      documentVisibility: source.documentVisibility,
      created,
      updated: created,
    });

    // The new package belongs to the caller (or the sender it is made for): the source's sender role
    // is replaced by theirs (kept, with them as its signer, where the sender signs).
    const copiedRoles = sourceRoles
      .filter((role) => !(role.type === "SENDER" && !role.signs))
      .map((role) => {
        const filling = fillings.get(role.id);
        let signer = role.signer;
        if (role.type === "SENDER") signer = senderAsSigner(owner.sender, undefined, String(role.signer?.id ?? role.id));
        else if (filling?.signers?.[0]) signer = normalizeSigner(filling.signers[0], role.id);
        else if (filling?.signers) signer = null;
        return {
          ...role,
          packageId,
          created,
          updated: created,
          name: filling?.name ?? role.name,
          signer,
          signerEmail: signer ? String(signer.email) || null : null,
          attachmentRequirements: unansweredRequirements(role),
        };
      });
    const roleRows: (typeof roles.$inferInsert)[] = copiedRoles;
    const addedRows = added.map((role, i) => roleRow(packageId, { ...role, signers: role.signers ?? [] }, roleRows.length + i, owner.sender));
    assertUniqueIds([...roleRows, ...addedRows].map((role) => role.id), "role");
    roleRows.push(...addedRows);
    if (!roleRows.some((role) => role.type === "SENDER")) roleRows.push(senderRoleRow(packageId, roleRows.length, owner.sender));
    await tx.insert(roles).values(roleRows);
    await tx.insert(documents).values(sourceDocuments.map((document) => ({ ...document, packageId, sealedBlobSha256: null })));
    const copiedApprovals = sourceApprovals.map((approval) => ({ ...approval, packageId, accepted: null, signed: null }));
    // An added signer accepts the consent like the others.
    const addedConsents = addedRows.filter((role) => role.signs !== false).map((role) => consentApprovalRow(packageId, role.id, role.position));
    await insertRows(tx, approvals, [...copiedApprovals, ...addedConsents]);
    await insertRows(tx, fields, sourceFields.map((field) => ({ ...field, packageId })));
    // The files kept for the record go with the copy too (SupportingDocumentCloneExample), sharing their blobs.
    const sourceSupporting = await tx.select().from(supportingDocuments).where(eq(supportingDocuments.packageId, sourceId));
    if (sourceSupporting.length) {
      await tx.insert(supportingDocuments).values(sourceSupporting.map((document) => ({ ...document, packageId, created })));
    }
    await recordEvent(tx, {
      accountId: caller.account.id,
      packageId,
      name: input.type === "TEMPLATE" ? "TEMPLATE_CREATE" : "PACKAGE_CREATE",
      sessionUser: caller.user.id,
      message: `Cloned from ${sourceId}`,
      ipAddress: caller.ipAddress,
    });
    if (input.status === "SENT") await sendPackage(tx, caller, packageId);
  });
  return { id: packageId };
}
