import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { roles, roleSigningStates } from "@/lib/db/schema";
import type { AttachmentRequirementInput, RoleUpdate } from "@/lib/api/packages";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { attachmentRejectedEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import type { PackageChange } from "@/lib/esign/packages/package-change";
import { findPackageSender, senderName as nameOf } from "@/lib/esign/packages/package-content";
import { invitationUrlFor } from "@/lib/esign/signing/links/signing-links";
import { signerRecipients } from "@/lib/esign/signing/links/signer-recipients";
import { attachmentFilesOf, statusOf } from "./requirement-files";
import { requirementsOf, type AttachmentRequirement } from "./requirements";

type RoleRow = typeof roles.$inferSelect;
type PackageRow = PackageChange["row"];

/** The refusal of any other change to a sent package's role: the original's answer to it too. */
const notDraft = (what: string) =>
  conflict("error.conflict.packageNotDraft", `The package is SENT; ${what} can only change while it is a DRAFT. On a sent package a role's PUT only reviews its signer's attachments.`);

const same = (a: unknown, b: unknown) => String(a ?? "").trim().toLowerCase() === String(b ?? "").trim().toLowerCase();

/**
 * Everything but the attachments' review must be what it is (or absent): the SDKs send the whole
 * role back (`updateSigner`), so what they did not change is compared, not refused.
 */
function assertOnlyReview(current: RoleRow, input: RoleUpdate, requirements: AttachmentRequirement[]): void {
  if (input.name !== undefined && input.name !== null && input.name !== current.name) throw notDraft("the role's name");
  if (input.index !== undefined && input.index !== current.index) throw notDraft("the signing order");
  if (input.reassign !== undefined && input.reassign !== current.reassign) throw notDraft("whether the signer may delegate");
  if (input.signers !== undefined && current.type !== "SENDER") {
    const wanted = input.signers[0] as Record<string, unknown> | undefined;
    const stored = (current.signer ?? null) as Record<string, unknown> | null;
    if (!wanted !== !stored) throw notDraft("the role's signer");
    if (wanted && stored && !wanted.group && !(["email", "firstName", "lastName"] as const).every((key) => wanted[key] === undefined || same(wanted[key], stored[key]))) {
      throw notDraft("the role's signer");
    }
  }
  const inputs = input.attachmentRequirements ?? [];
  if (inputs.length !== requirements.length) throw notDraft("the attachment requirements");
  for (const entry of inputs) {
    const match = matchOf(requirements, entry);
    if (!match) throw notDraft("the attachment requirements");
    if ((entry.description !== undefined && entry.description !== match.description) || (entry.required !== undefined && entry.required !== match.required)) {
      throw notDraft("the attachment requirements");
    }
  }
}

const matchOf = (requirements: AttachmentRequirement[], entry: AttachmentRequirementInput) =>
  requirements.find((requirement) => (entry.id ? requirement.id === entry.id : requirement.name.toLowerCase() === entry.name.toLowerCase()));

type Decision = { kind: "none" } | { kind: "accept" } | { kind: "reject"; comment: string };

/** What the sender asks of one requirement: nothing, accept or reject (with the refusals the statuses impose). */
function decisionFor(requirement: AttachmentRequirement, entry: AttachmentRequirementInput, fileCount: number): Decision {
  const wanted = entry.status === "ACCEPTED" ? "COMPLETE" : entry.status;
  const accepted = requirement.review?.outcome === "ACCEPTED";
  const comment = (entry.comment ?? "").trim();
  if (wanted === undefined) return { kind: "none" };
  if (wanted === "REJECTED") {
    if (requirement.status === "REJECTED" && comment === requirement.comment) return { kind: "none" };
    if (accepted) throw conflict("error.conflict.attachmentAccepted", `"${requirement.name}" was accepted; an accepted attachment cannot be rejected.`);
    if (fileCount === 0) throw conflict("error.conflict.attachmentNotUploaded", `The signer has uploaded nothing for "${requirement.name}" yet; there is nothing to reject.`);
    return { kind: "reject", comment };
  }
  if (wanted === "COMPLETE") {
    if (accepted) return { kind: "none" };
    if (requirement.status === "REJECTED" || entry.accepted === true || entry.status === "ACCEPTED") {
      if (fileCount === 0) throw conflict("error.conflict.attachmentNotUploaded", `The signer has uploaded nothing for "${requirement.name}" yet; there is nothing to accept.`);
      return { kind: "accept" };
    }
    return { kind: "none" };
  }
  // INCOMPLETE: only the signer's files make it so.
  if (requirement.status === "INCOMPLETE") return { kind: "none" };
  throw conflict("error.conflict.attachmentStatus", `"${requirement.name}" has files; only removing them makes it INCOMPLETE. Accept it (COMPLETE) or reject it (REJECTED).`);
}

/**
 * `PUT /api/packages/{packageId}/roles/{roleId}` on a SENT package: the sender's review of the
 * files the role's signer uploaded, as the original's SDK does it (`acceptAttachment`,
 * `rejectAttachment`: the whole role back, one requirement's `status` and `comment` changed).
 *
 * - REJECTED with a comment: the requirement is REJECTED until the signer uploads again (then
 *   COMPLETE, waiting for a new review); a required one holds the signer back from finishing. The
 *   signer is e-mailed in their language, with the comment and a link back to the ceremony.
 * - COMPLETE on a rejected requirement (or with `accepted: true`, our extension, on one never
 *   rejected): accepted for good, the comment cleared; the signer can no longer change its files.
 *   The wire status stays COMPLETE, as the original's; `accepted` says it.
 *
 * Anything else in the body must be as it is (409 packageNotDraft otherwise). Each review is an
 * audit event (ATTACHMENT_ACCEPT, ATTACHMENT_REJECT). Runs in the caller's transaction.
 */
export async function reviewRoleAttachments(change: PackageChange, current: RoleRow, input: RoleUpdate, userId: string): Promise<void> {
  const { tx, row: pkg, record } = change;
  const requirements = requirementsOf(current);
  if (input.attachmentRequirements === undefined || requirements.length === 0) throw notDraft("roles");
  assertOnlyReview(current, input, requirements);

  const files = await attachmentFilesOf(tx, pkg.id, { roleId: current.id });
  const countOf = (id: string) => files.filter((file) => file.requirementId === id).length;
  const at = now().toISOString();
  const rejected: AttachmentRequirement[] = [];
  const accepted: AttachmentRequirement[] = [];
  const updated = requirements.map((requirement) => {
    const entry = input.attachmentRequirements!.find((candidate) => matchOf([requirement], candidate));
    const decision = entry ? decisionFor(requirement, entry, countOf(requirement.id)) : { kind: "none" as const };
    if (decision.kind === "none") return requirement;
    const review = { outcome: decision.kind === "accept" ? ("ACCEPTED" as const) : ("REJECTED" as const), at, by: userId };
    const next: AttachmentRequirement = {
      ...requirement,
      review,
      comment: decision.kind === "reject" ? decision.comment : "",
      status: statusOf({ review }, countOf(requirement.id)),
    };
    (decision.kind === "accept" ? accepted : rejected).push(next);
    return next;
  });
  if (rejected.length === 0 && accepted.length === 0) return;

  if (rejected.length > 0) {
    const [state] = await tx
      .select({ completed: roleSigningStates.completed })
      .from(roleSigningStates)
      .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, current.id)));
    if (state?.completed) {
      throw conflict("error.conflict.signerCompleted", `The signer of role ${current.id} has finished signing and can no longer upload; their attachments can only be accepted.`);
    }
  }

  await tx.update(roles).set({ attachmentRequirements: updated, updated: now() }).where(and(eq(roles.packageId, pkg.id), eq(roles.id, current.id)));
  for (const requirement of accepted) await record("ATTACHMENT_ACCEPT", { message: requirement.name.slice(0, 255) });
  for (const requirement of rejected) {
    await record("ATTACHMENT_REJECT", { message: `${requirement.name}${requirement.comment ? `: ${requirement.comment}` : ""}`.slice(0, 1000) });
  }
  if (rejected.length > 0) await tellSigner(tx, pkg, current, rejected);
}

/** Each rejection e-mailed to the role's signer (each member of a group), in their language, with a link back. */
async function tellSigner(tx: Tx, pkg: PackageRow, role: RoleRow, rejected: AttachmentRequirement[]): Promise<void> {
  const sender = await findPackageSender(tx, pkg.ownerUserId);
  const senderName = sender ? nameOf(sender) : "";
  for (const recipient of await signerRecipients(tx, role)) {
    const signingUrl = await invitationUrlFor(tx, pkg.id, recipient);
    for (const requirement of rejected) {
      const content = attachmentRejectedEmail(
        { signerName: recipient.name, senderName, packageName: pkg.name, attachmentName: requirement.name, comment: requirement.comment, signingUrl },
        recipient.language || pkg.language,
      );
      await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "ATTACHMENT_REJECTED", to: recipient.email });
    }
  }
}
