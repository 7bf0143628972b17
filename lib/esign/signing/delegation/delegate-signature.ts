import { and, eq, isNotNull, ne, or } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { approvals, roles, roleSigningStates, signerAttachmentFiles } from "@/lib/db/schema";
import type { ReassignRequest } from "@/lib/api/signing";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { conflict, forbidden, unprocessable } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { isSigningRole, normalizeSigner } from "@/lib/esign/packages/package-content";
import { assertMayAct, type SignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { turnOf } from "@/lib/esign/signing/ceremony/turn";
import { notifySignersWhoseTurnItIs } from "@/lib/esign/signing/turns";
import { EMAIL_OTP, findVerificationType } from "@/lib/esign/verification/verification-types";

/** Everything that must hold before the signer may hand their signature to someone else. */
async function assertMayDelegate(tx: Tx, context: SignerContext, email: string): Promise<void> {
  const { pkg, role, session } = context;
  if (!role.reassign) throw forbidden("error.forbidden.reassignNotAllowed", "The sender did not allow this signer to delegate their signature to someone else.");
  if (session.hostUserId) {
    throw conflict("error.conflict.hostedCeremony", "An in-person ceremony is hosted by the sender: a signer present in person cannot delegate from it.");
  }
  if (role.type === "SENDER") throw conflict("error.conflict.senderCannotReassign", "The sender's own signature cannot be delegated.");
  // A group already signs through whichever member is there: no one person holds the role to hand over.
  if (context.isGroup) throw conflict("error.conflict.groupCannotReassign", "A group signer cannot delegate: any other member of the group can sign instead.");
  assertMayAct(context, "delegating");
  const turn = await turnOf(tx, pkg.id, role.id);
  if (!turn.mayStart) throw conflict("error.conflict.notYourTurn", `It is not your turn to sign yet (waiting for ${turn.waitingFor.join(", ")}); you can delegate once it is.`);
  // The verification's payload names the person the sender expects (a national id, a phone); a one-time code goes to whoever the signer is.
  if (role.verification && findVerificationType(role.verification.typeId)?.id !== EMAIL_OTP) {
    throw conflict("error.conflict.verifiedSignerCannotReassign", "The sender requires this signer's identity to be verified, so the signature cannot be delegated to someone else.");
  }

  const [signed] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.packageId, pkg.id),
        eq(approvals.roleId, role.id),
        ne(approvals.documentId, CONSENT_DOCUMENT_ID),
        or(isNotNull(approvals.signed), isNotNull(approvals.accepted)),
      ),
    )
    .limit(1);
  if (signed) throw conflict("error.conflict.alreadySigned", "You have already signed part of this package; a signature can be delegated only before signing anything.");

  const signing = (await tx.select({ id: roles.id, signs: roles.signs, signerEmail: roles.signerEmail }).from(roles).where(eq(roles.packageId, pkg.id))).filter(isSigningRole);
  const taken = signing.find((other) => other.signerEmail === email);
  if (taken) {
    throw unprocessable(
      "error.validation.reassignToSigner",
      taken.id === role.id ? "You cannot delegate your signature to yourself." : `${email} already signs this package; delegate to someone who does not.`,
    );
  }
}

/**
 * `POST /api/signing/{packageId}/reassign`: the signer hands their signature to another person.
 * A new role takes the old one's place (same index, position, approvals with their fields, the
 * attachments uploaded so far), the old role is removed, ROLE_REASSIGN is recorded with
 * `newRoleId`, and the new signer is invited at once (it is their turn), the message quoted in
 * the invitation. The old role's sessions and links stay: with the role gone they answer 409 and
 * 410, telling the delegating signer why.
 */
export async function delegateSignature(tx: Tx, context: SignerContext, request: ReassignRequest): Promise<{ newRoleId: string }> {
  const email = request.email.trim().toLowerCase();
  await assertMayDelegate(tx, context, email);
  const { pkg, role, session } = context;
  const newRoleId = newId(9);
  const introduction = `${context.actorName} (${context.actorEmail}) asked you to sign in their place.`;

  await tx.insert(roles).values({
    packageId: pkg.id,
    id: newRoleId,
    position: role.position,
    index: role.index,
    type: "SIGNER",
    name: role.name,
    emailMessage: request.message ? `${introduction}\n\n${request.message}` : introduction,
    reassign: role.reassign,
    locked: role.locked,
    signer: normalizeSigner({ email, firstName: request.firstName, lastName: request.lastName }, newRoleId),
    signerEmail: email,
    attachmentRequirements: role.attachmentRequirements,
    verification: role.verification,
    data: role.data,
  });
  await tx.delete(roles).where(and(eq(roles.packageId, pkg.id), eq(roles.id, role.id)));
  // The new signer accepts the consent themselves.
  await tx
    .update(approvals)
    .set({ accepted: null })
    .where(and(eq(approvals.packageId, pkg.id), eq(approvals.roleId, role.id), eq(approvals.documentId, CONSENT_DOCUMENT_ID)));
  await tx.update(approvals).set({ roleId: newRoleId }).where(and(eq(approvals.packageId, pkg.id), eq(approvals.roleId, role.id)));
  await tx.update(signerAttachmentFiles).set({ roleId: newRoleId }).where(and(eq(signerAttachmentFiles.packageId, pkg.id), eq(signerAttachmentFiles.roleId, role.id)));
  await tx.delete(roleSigningStates).where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
  await tx.insert(roleSigningStates).values({ packageId: pkg.id, roleId: newRoleId });

  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: "ROLE_REASSIGN",
    sessionUser: role.id,
    newRoleId,
    message: `${context.actorName} (${context.actorEmail}) delegated their signature to ${request.firstName} ${request.lastName} (${email}).`,
    ipAddress: session.ipAddress ?? undefined,
    userAgent: session.userAgent ?? undefined,
  });
  await notifySignersWhoseTurnItIs(tx, pkg.id);
  return { newRoleId };
}
