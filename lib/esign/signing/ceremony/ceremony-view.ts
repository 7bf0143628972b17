import { asc, eq } from "drizzle-orm";
import { refusalOption } from "@/lib/api/package-settings";
import { readDeclineReasons } from "@/lib/esign/account-settings/account-config";
import { ceremonyHandover } from "@/lib/esign/account-settings/ceremony-handover";
import { readSupportConfiguration, writtenThankYou } from "@/lib/esign/account-settings/support-and-thank-you";
import { signerCustomFieldValues, withCustomFieldValues } from "@/lib/esign/custom-fields/signer-values";
import type { Tx } from "@/lib/db/client";
import { approvals, documents, fields } from "@/lib/db/schema";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { documentsHiddenFrom } from "@/lib/esign/documents/document-visibility";
import { accountSignatureFonts } from "@/lib/esign/signing/account-signature-fonts";
import { ceremonyAttachmentRequirements } from "@/lib/esign/signing/attachments/ceremony-attachments";
import { isRoleVerified } from "@/lib/esign/signing/verification/assert-available";
import { authenticationStatus, mustAuthenticate } from "@/lib/esign/signing/authentication/authenticate-signer";
import { hostView } from "@/lib/esign/signing/hosting/host-view";
import { isInPerson } from "@/lib/esign/signing/hosting/hosting";
import { virtualRoomSchedule } from "@/lib/esign/packages/virtual-room";
import { holdsGroupLock, type SignerContext } from "./signer-context";
import { isOrderEnforced, openDocuments } from "./signing-rules";
import { roleTurns, turnIn } from "./turn";
import { resolveLocale } from "@/lib/i18n/locales";
import { wireDate } from "@/lib/api/wire";
import { displayName, findNotary, notarialCertificate } from "@/lib/esign/notary/notarization";
import { notarialCertificateAdopted } from "@/lib/esign/notary/adopt-notarial-certificate";

/**
 * What the ceremony page shows the signer: the package, who they are, what is left (consent,
 * verification, their turn, the group lock), and every document with its pages and fields — their
 * own to fill, the others' to see. Field positions are PDF points from the page's top-left.
 */
export async function ceremonyView(tx: Tx, context: SignerContext) {
  const { pkg, role, state } = context;
  const documentRows = await tx.select().from(documents).where(eq(documents.packageId, pkg.id)).orderBy(asc(documents.index), asc(documents.position));
  const approvalRows = await tx.select().from(approvals).where(eq(approvals.packageId, pkg.id)).orderBy(asc(approvals.position));
  const myApprovals = new Set(approvalRows.filter((approval) => approval.roleId === role.id).map((approval) => `${approval.documentId}/${approval.id}`));
  const customValues = await signerCustomFieldValues(tx, pkg.accountId, context.actorEmail);
  // The signer's own custom fields show their value (or the default), the others' fields as stored.
  const fieldRows = (await tx.select().from(fields).where(eq(fields.packageId, pkg.id)).orderBy(asc(fields.position))).map((field) =>
    myApprovals.has(`${field.documentId}/${field.approvalId}`) ? withCustomFieldValues([field], customValues)[0]! : field,
  );
  // Documents hidden from this role (document visibility) are not in its ceremony at all.
  const hiddenFromRole = await documentsHiddenFrom(tx, pkg, role);
  const signable = documentRows.filter((document) => document.id !== CONSENT_DOCUMENT_ID && !hiddenFromRole.has(document.id));
  const doneBySigner = (documentId: string) =>
    approvalRows.filter((approval) => approval.documentId === documentId && approval.roleId === role.id && !approval.optional && !approval.disabled).every((approval) => approval.signed || approval.accepted);
  const open = openDocuments(signable.map((document) => ({ id: document.id, index: document.index, position: document.position, doneBySigner: doneBySigner(document.id) })));
  const turns = await roleTurns(tx, pkg.id);
  const turn = turnIn(turns, role.id);
  const verification = role.verification ? { typeId: role.verification.typeId, passed: await isRoleVerified(tx, pkg.id, role.id) } : null;
  // Nothing of the documents is shown before the signer has passed their own authentication.
  const hidden = mustAuthenticate(role, state);
  const signerLanguage = typeof role.signer?.language === "string" ? role.signer.language : null;
  const room = await virtualRoomSchedule(tx, pkg);

  return {
    // The ceremony's language: the signer's own, else the package's, as one Signet ships (else English).
    language: resolveLocale(signerLanguage, pkg.language),
    package: {
      id: pkg.id,
      name: pkg.name,
      description: pkg.description,
      emailMessage: pkg.emailMessage,
      language: pkg.language,
      status: pkg.trashed ? "DELETED" : pkg.status,
      inPerson: isInPerson(pkg),
      virtualRoom: room && {
        startDatetime: room.startDatetime,
        hostName: room.host?.name ?? "",
        youHost: Boolean(room.host && (room.host.roleId === role.id || (room.host.userId && room.host.userId === context.session.hostUserId))),
      },
      refusals: {
        decline: refusalOption(pkg.settings, "DECLINE", await readDeclineReasons(tx, pkg.accountId, pkg.language)),
        optOut: refusalOption(pkg.settings, "OPT_OUT"),
      },
      handover: await ceremonyHandover(tx, pkg),
      support: await readSupportConfiguration(tx, pkg),
      thankYou: await writtenThankYou(tx, pkg, signerLanguage),
    },
    signer: {
      roleId: role.id,
      name: context.actorName,
      email: context.actorEmail,
      group: context.isGroup ? { name: String(role.signer?.firstName ?? "") } : null,
      reassign: role.reassign,
    },
    progress: {
      consentAccepted: Boolean(state.consentAccepted),
      verification,
      authentication: authenticationStatus(role, state),
      locked: Boolean(state.signerLocked),
      completed: Boolean(state.completed),
      mayStart: turn.mayStart,
      waitingFor: turn.waitingFor,
      groupLock: context.isGroup ? { heldByYou: holdsGroupLock(context), heldBy: state.lockedByName, until: state.lockedUntil } : null,
    },
    host: await hostView(tx, context.session, turns),
    documentOrderEnforced: isOrderEnforced(signable),
    notary: await notaryStep(tx, context),
    signatureFonts: await accountSignatureFonts(tx, pkg.accountId),
    attachmentRequirements: hidden ? [] : await ceremonyAttachmentRequirements(tx, pkg.id, role),
    documents: (hidden ? [] : signable).map((document) => ({
      id: document.id,
      name: document.name,
      index: document.index,
      pages: document.pages,
      open: open.has(document.id),
      done: doneBySigner(document.id),
      approvals: approvalRows
        .filter((approval) => approval.documentId === document.id)
        .map((approval) => ({
          id: approval.id,
          roleId: approval.roleId,
          mine: approval.roleId === role.id,
          optional: approval.optional,
          disabled: approval.disabled,
          enforceCaptureSignature: approval.enforceCaptureSignature,
          signed: approval.signed ?? approval.accepted,
          fields: fieldRows
            .filter((field) => field.documentId === document.id && field.approvalId === approval.id)
            .map((field) => ({
              id: field.id,
              name: field.name,
              type: field.type,
              subtype: field.subtype,
              page: field.page,
              top: field.top,
              left: field.left,
              width: field.width,
              height: field.height,
              value: field.value ?? "",
              binding: field.binding,
              validation: field.validation,
            })),
        })),
    })),
  };
}


/** The notary's step of a notarized package: who they are, their commission, and the certificate they adopt (null for anyone else). */
async function notaryStep(tx: Tx, { pkg, role }: SignerContext) {
  if (!pkg.notarized || pkg.notaryRoleId !== role.id) return null;
  const notary = await findNotary(tx, pkg);
  if (!notary) return null;
  const name = displayName(notary.user);
  const jurisdiction = notary.commission?.jurisdiction ?? "";
  const adopted = await notarialCertificateAdopted(tx, pkg.id, role.id);
  return {
    name,
    commission: notary.commission
      ? { number: notary.commission.number, jurisdiction, country: notary.commission.country, expirationDate: wireDate(notary.commission.expirationDate) }
      : null,
    certificate: notarialCertificate(name, jurisdiction),
    adopted: adopted && wireDate(adopted),
  };
}
