import { and, eq, ne } from "drizzle-orm";
import { assertDocumentVisible } from "@/lib/esign/documents/document-visibility";
import type { Tx } from "@/lib/db/client";
import { approvals, approvalSignatures, documents, fields } from "@/lib/db/schema";
import type { ApprovalSigning, DocumentSigning } from "@/lib/api/signing";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { badRequest, conflict, forbidden, notFound, unprocessable } from "@/lib/esign/errors";
import { formatSigningDate, initialsOf } from "@/lib/esign/sealing/field-stamps";
import { accountSignatureFonts } from "@/lib/esign/signing/account-signature-fonts";
import { signatureFontNamed } from "@/lib/esign/signing/signature-fonts";
import { isRoleVerified } from "@/lib/esign/signing/verification/assert-available";
import { signerCustomFieldValues, withCustomFieldValues } from "@/lib/esign/custom-fields/signer-values";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { finishRoleIfDone } from "./finish-role";
import { assertMayAct, type SignerContext } from "./signer-context";
import { fieldValueProblem, isFilled, openDocuments, radioGroupOf } from "./signing-rules";
import { turnOf } from "./turn";
import { throughTheApi } from "@/lib/esign/signing/api/through-the-api";
import { notarialCertificateAdopted } from "@/lib/esign/notary/adopt-notarial-certificate";

type ApprovalRow = typeof approvals.$inferSelect;
type FieldRow = typeof fields.$inferSelect;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Checks everything a signer may not skip before signing documents: their turn, the consent, the verification. */
async function assertReadyToSign(tx: Tx, context: SignerContext): Promise<void> {
  assertMayAct(context, "signing");
  const { pkg, role, state } = context;
  const turn = await turnOf(tx, pkg.id, role.id);
  if (!turn.mayStart) throw conflict("error.conflict.notYourTurn", `It is not your turn to sign yet: waiting for ${turn.waitingFor.join(", ")}.`);
  if (!state.consentAccepted) throw conflict("error.conflict.consentNotAccepted", "Accept the consent to use electronic records and signatures first.");
  if (!(await isRoleVerified(tx, pkg.id, role.id))) throw forbidden("error.forbidden.verificationRequired", "Verify your identity before signing.");
}

/** Spec 3.4: the document must be open to this signer (with indexes, the ones before it are done). */
async function assertDocumentOpen(tx: Tx, context: SignerContext, documentId: string): Promise<string> {
  const { pkg, role } = context;
  const documentRows = await tx.select().from(documents).where(and(eq(documents.packageId, pkg.id), ne(documents.id, CONSENT_DOCUMENT_ID)));
  const document = documentRows.find((row) => row.id === documentId);
  if (!document) throw notFound("error.notFound.documentNotFound", `The package has no document "${documentId}" to sign.`);
  await assertDocumentVisible(tx, pkg, role, documentId);
  const roleApprovals = await tx.select().from(approvals).where(and(eq(approvals.packageId, pkg.id), eq(approvals.roleId, role.id)));
  const open = openDocuments(
    documentRows.map((row) => ({
      id: row.id,
      index: row.index,
      position: row.position,
      doneBySigner: roleApprovals
        .filter((approval) => approval.documentId === row.id && !approval.optional && !approval.disabled)
        .every((approval) => approval.signed || approval.accepted),
    })),
  );
  if (!open.has(documentId)) throw conflict("error.conflict.documentOrder", `Sign the documents in their order: "${document.name}" comes later.`);
  return document.name;
}

interface PreparedApproval {
  approval: ApprovalRow;
  kind: "FULLNAME" | "INITIALS" | "CAPTURE" | "ACCEPT";
  text: string | null;
  font: string | null;
  image: Buffer | null;
  imageUploaded: boolean;
  values: Map<string, string>;
}

/** A signature image from the request: a PNG of at most 512 KB. */
function signatureImage(dataUrl: string, where: string): Buffer {
  const image = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (image.length > 512 * 1024 || !image.subarray(0, 8).equals(PNG_MAGIC)) throw badRequest("error.validation.signatureImage", `The signature of ${where} is not a PNG image of at most 512 KB.`);
  return image;
}

/**
 * How a document is signed: in the ceremony's pages, or through the API (`POST
 * …/documents/signed_documents`, api-signing.ts). Through the API a hand-drawn signature comes as
 * the caller sent it or not at all: a CAPTURE approval without a PNG is signed with the signer's
 * name (typed), and every signature is recorded, stamped and told as made through the API.
 */
export interface SigningMeans {
  means: "CEREMONY" | "API";
}

/** Validates one approval's signature and field values against its fields; answers what to write. */
function prepareApproval(
  context: SignerContext,
  approval: ApprovalRow,
  approvalFields: FieldRow[],
  input: ApprovalSigning,
  at: Date,
  offeredFonts: readonly string[],
  { means }: SigningMeans,
): PreparedApproval {
  const where = `approval "${approval.id}"`;
  const signatureField = approvalFields.find((field) => field.type === "SIGNATURE");
  let kind: PreparedApproval["kind"] = "ACCEPT";
  let text: string | null = null;
  let font: string | null = null;
  let image: Buffer | null = null;
  let imageUploaded = false;
  const fontOf = (name: string | undefined): string | null => {
    if (name === undefined) return null;
    const font = offeredFonts.find((offered) => offered === signatureFontNamed(name)?.name);
    if (!font) {
      throw unprocessable(
        "error.validation.signatureFont",
        `The signature of ${where} is in the font "${name}", which is not one the account offers: ${offeredFonts.length ? offeredFonts.join(", ") : "none"}.`,
      );
    }
    return font;
  };
  if (signatureField) {
    // Through the API, a capture approval without an image is signed with the name (see SigningMeans).
    const capture = (signatureField.subtype === "CAPTURE" || signatureField.subtype === "MOBILE_CAPTURE" || approval.enforceCaptureSignature) && (means === "CEREMONY" || Boolean(input.signature?.image));
    const initials = !capture && signatureField.subtype === "INITIALS";
    if (capture && !input.signature?.image) throw unprocessable("error.validation.signatureRequired", `${where} needs a hand-drawn signature.`);
    if (capture && input.signature?.uploaded) throw unprocessable("error.validation.signatureDrawn", `${where} needs a signature drawn by hand, not an uploaded image.`);
    if (initials && input.signature?.image) throw badRequest("error.validation.signatureImage", `${where} is signed with initials, not an image.`);
    if (input.signature?.image) {
      // A full-name signature may also be drawn or uploaded: the signer chooses how to sign.
      image = signatureImage(input.signature.image, where);
      imageUploaded = input.signature.uploaded === true;
      kind = "CAPTURE";
    } else if (initials) {
      kind = "INITIALS";
      text = input.signature?.text ?? initialsOf(context.actorName);
      font = fontOf(input.signature?.font);
    } else {
      kind = "FULLNAME";
      text = input.signature?.text ?? context.actorName;
      font = fontOf(input.signature?.font);
    }
  }

  const given = new Map(input.fields.map((field) => [field.id, field.value]));
  const values = new Map<string, string>();
  for (const id of given.keys()) {
    const field = approvalFields.find((candidate) => candidate.id === id);
    if (!field || field.type !== "INPUT" || field.subtype === "LABEL") throw badRequest("error.validation.unknownField", `${where} has no field "${id}" a signer fills.`);
  }
  const signer = context.role.signer ?? {};
  const bindings: Record<string, string> = {
    "{approval.signed}": formatSigningDate(at, context.pkg.timezoneId),
    "{signer.name}": context.actorName,
    "{signer.title}": String(signer.title ?? ""),
    "{signer.company}": String(signer.company ?? ""),
  };
  // A required radio button is met when any button of its group is chosen.
  const requiredIsMet = (field: FieldRow, value: string) => {
    const group = radioGroupOf(field);
    if (group === null) return isFilled(field, value);
    return approvalFields.some((other) => radioGroupOf(other) === group && isFilled(other, given.get(other.id) ?? other.value ?? ""));
  };
  for (const field of approvalFields) {
    if (field.type !== "INPUT") continue;
    if (field.binding && field.binding in bindings) {
      values.set(field.id, bindings[field.binding]!);
      continue;
    }
    if (field.subtype === "LABEL") continue;
    let value = given.get(field.id) ?? field.value ?? "";
    if (field.subtype === "DATE" && !value) value = bindings["{approval.signed}"]!;
    const label = field.name ? `"${field.name}"` : `"${field.id}"`;
    if (field.validation?.required === true && !requiredIsMet(field, value)) throw unprocessable("error.validation.fieldRequired", `The field ${label} of ${where} is required.`);
    const problem = fieldValueProblem(field, value);
    if (problem) throw unprocessable("error.validation.fieldValue", `The field ${label} of ${where} ${problem}.`);
    values.set(field.id, value);
  }
  return { approval, kind, text, font, image, imageUploaded, values };
}

/**
 * The signer signs every one of their approvals on a document at once: signatures (typed name,
 * initials or hand-drawn), field values checked against each field's validation, date and
 * binding labels filled. Optional approvals may be left out. Records DOCUMENT_SIGNED, then
 * finishes the role (and the package) when nothing is left.
 */
export async function signDocument(
  tx: Tx,
  context: SignerContext,
  documentId: string,
  request: DocumentSigning,
  signing: SigningMeans = { means: "CEREMONY" },
): Promise<{ roleCompleted: boolean }> {
  if (documentId === CONSENT_DOCUMENT_ID) throw badRequest("error.validation.consentIsAccepted", "The consent document is accepted, not signed: use the consent endpoint.");
  await assertReadyToSign(tx, context);
  await assertDocumentOpen(tx, context, documentId);
  const { pkg, role, session } = context;
  if (signing.means === "CEREMONY" && pkg.notarized && pkg.notaryRoleId === role.id && !(await notarialCertificateAdopted(tx, pkg.id, role.id))) {
    throw conflict("error.conflict.notarialCertificateNotAdopted", "Adopt the notarial certificate for the documents before signing them as their notary.");
  }

  // A disabled approval (the sender turned it off) is never signed.
  const pending = (await tx.select().from(approvals).where(and(eq(approvals.packageId, pkg.id), eq(approvals.documentId, documentId), eq(approvals.roleId, role.id)))).filter(
    (approval) => !approval.signed && !approval.accepted && !approval.disabled,
  );
  if (pending.length === 0) throw conflict("error.conflict.documentSigned", "You have already signed this document.");
  const requested = new Map(request.approvals.map((approval) => [approval.id, approval]));
  for (const id of requested.keys()) {
    if (!pending.some((approval) => approval.id === id)) throw badRequest("error.validation.unknownApproval", `You have no unsigned approval "${id}" on this document.`);
  }
  const missing = pending.filter((approval) => !approval.optional && !requested.has(approval.id));
  if (missing.length > 0) throw unprocessable("error.validation.approvalRequired", `Sign every required approval of the document: ${missing.map((approval) => `"${approval.id}"`).join(", ")} missing.`);

  const at = now();
  // Custom fields the signer leaves as shown take their value (or the default): see signer-values.ts.
  const documentFields = withCustomFieldValues(
    await tx.select().from(fields).where(and(eq(fields.packageId, pkg.id), eq(fields.documentId, documentId))),
    await signerCustomFieldValues(tx, pkg.accountId, context.actorEmail),
  );
  const offeredFonts = await accountSignatureFonts(tx, pkg.accountId);
  const prepared = pending
    .filter((approval) => requested.has(approval.id))
    .map((approval) => prepareApproval(context, approval, documentFields.filter((field) => field.approvalId === approval.id), requested.get(approval.id)!, at, offeredFonts, signing));

  const store = await blobStore();
  for (const { approval, kind, text, font, image, imageUploaded, values } of prepared) {
    const imageSha256 = image ? (await store.put(image, tx)).sha256 : null;
    for (const [fieldId, value] of values) {
      await tx.update(fields).set({ value }).where(and(eq(fields.packageId, pkg.id), eq(fields.documentId, documentId), eq(fields.approvalId, approval.id), eq(fields.id, fieldId)));
    }
    await tx
      .update(approvals)
      // The original answers a signature made through the API as accepted (clicked) and signed (confirmed) at once.
      .set(kind === "ACCEPT" ? { accepted: at } : signing.means === "API" ? { accepted: at, signed: at } : { signed: at })
      .where(and(eq(approvals.packageId, pkg.id), eq(approvals.documentId, documentId), eq(approvals.id, approval.id)));
    await tx.insert(approvalSignatures).values({
      packageId: pkg.id,
      documentId,
      approvalId: approval.id,
      roleId: role.id,
      kind,
      text,
      font,
      imageSha256,
      imageUploaded,
      signerName: context.actorName,
      signerEmail: context.actorEmail,
      signedAt: at,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      means: signing.means,
    });
  }
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: "DOCUMENT_SIGNED",
    sessionUser: role.id,
    documentId,
    message: signing.means === "API" ? throughTheApi(session.ipAddress) : undefined,
    ipAddress: session.ipAddress ?? undefined,
    userAgent: session.userAgent ?? undefined,
  });
  return { roleCompleted: await finishRoleIfDone(tx, context) };
}
