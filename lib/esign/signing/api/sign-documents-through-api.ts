import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { approvals, documents, fields, packages, roles } from "@/lib/db/schema";
import type { SignedDocumentsRequest, SignedDocumentsResult } from "@/lib/api/api-signing";
import type { Caller } from "@/lib/esign/accounts/caller";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { conflict, notFound, unprocessable } from "@/lib/esign/errors";
import { findPackage } from "@/lib/esign/packages/find-package";
import { acceptConsent } from "@/lib/esign/signing/ceremony/accept-consent";
import { signDocument } from "@/lib/esign/signing/ceremony/sign-document";
import { throughTheApi } from "./through-the-api";
import { assertMayAct, loadSignerContext, type SignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { turnOf } from "@/lib/esign/signing/ceremony/turn";
import type { SigningSession } from "@/lib/esign/signing/session";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CAPTURE_SUBTYPES = new Set(["CAPTURE", "MOBILE_CAPTURE"]);

/**
 * The caller's `handdrawn` as a PNG data URL, when it is one (a data URL or bare base64 of a PNG).
 * The original's SDKs send their own vector encoding of a pad's strokes, which Signet cannot draw:
 * that (and an empty one) is none, and a capture approval is then signed with the signer's name.
 */
export function handdrawnPng(handdrawn: string | undefined): string | null {
  const text = (handdrawn ?? "").trim();
  if (!text) return null;
  const base64 = text.startsWith("data:image/png;base64,") ? text.slice("data:image/png;base64,".length) : text;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, "base64");
  return bytes.subarray(0, 8).equals(PNG_MAGIC) ? `data:image/png;base64,${base64}` : null;
}

/** Where the request comes from: the address and the program that sent it. */
export interface ApiSigningOrigin {
  ipAddress: string;
  userAgent: string | null;
}

/**
 * `POST /api/packages/{packageId}/documents/signed_documents` with an API key: the caller signs
 * their own approvals (the sender's role, or a role whose signer they are) in one transaction.
 * Another account's package, or one the caller may not see, is a 404; a caller with no signing
 * role in the package a 422.
 */
export async function signOwnDocumentsThroughApi(db: Db, caller: Caller, packageId: string, request: SignedDocumentsRequest, origin: ApiSigningOrigin): Promise<SignedDocumentsResult> {
  return db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId, { followers: true });
    const roleRows = (await tx.select().from(roles).where(eq(roles.packageId, pkg.id))).filter((role) => role.signs);
    const own =
      (pkg.ownerUserId === caller.user.id ? roleRows.find((role) => role.type === "SENDER") : undefined) ??
      roleRows.find((role) => !role.signer?.group && role.signerEmail === caller.user.email.toLowerCase());
    if (!own) {
      throw unprocessable("error.validation.noApprovalsToSign", "You have no approvals in this package to sign: it asks nothing of you as a signer.");
    }
    if (pkg.status !== "SENT" || pkg.trashed) {
      throw conflict("error.conflict.packageNotSent", `The package is ${pkg.trashed ? "in the trash" : pkg.status}; only a package out for signing (SENT) can be signed.`);
    }
    const session: SigningSession = { id: `api:${caller.user.id}`, packageId: pkg.id, roleId: own.id, memberEmail: null, hostUserId: null, ...origin };
    return signRoleDocuments(tx, await loadSignerContext(tx, session, true), request);
  });
}

/**
 * The same with the session of a signer authentication token (the SDKs' `ESIGNLIVE_SESSION_ID`
 * cookie): the session's signer signs their approvals, from the address of this request.
 */
export async function signSessionDocumentsThroughApi(db: Db, session: SigningSession, request: SignedDocumentsRequest, origin: ApiSigningOrigin): Promise<SignedDocumentsResult> {
  return db.transaction(async (tx) => signRoleDocuments(tx, await loadSignerContext(tx, { ...session, ...origin }, true), request));
}

/**
 * The role signs, document after document in their order, every approval it has not signed on the
 * documents named (all of them when none is), the consent accepted first: DOCUMENT_SIGNED for each
 * (its message saying it was through the API and from where), then SIGNER_COMPLETE and the
 * package's completion as in the ceremony. Fields keep their values; dates and bindings are filled.
 */
async function signRoleDocuments(tx: Tx, context: SignerContext, request: SignedDocumentsRequest): Promise<SignedDocumentsResult> {
  const { pkg, role, session } = context;
  assertMayAct(context, "signing");
  if (context.isGroup) {
    throw conflict("error.conflict.groupSignsInCeremony", "A group's signature is given by one of its members in the signing ceremony, not through the API.");
  }
  const turn = await turnOf(tx, pkg.id, role.id);
  if (!turn.mayStart) throw conflict("error.conflict.notYourTurn", `It is not this signer's turn to sign yet: waiting for ${turn.waitingFor.join(", ")}.`);

  const documentRows = (await tx.select().from(documents).where(and(eq(documents.packageId, pkg.id), ne(documents.id, CONSENT_DOCUMENT_ID)))).sort(
    (a, b) => a.index - b.index || a.position - b.position,
  );
  const named = new Set((request.documents ?? []).map((document) => document.id).filter((id) => id !== CONSENT_DOCUMENT_ID));
  for (const id of named) {
    if (!documentRows.some((row) => row.id === id)) throw notFound("error.notFound.documentNotFound", `The package has no document "${id}" to sign.`);
  }
  const roleApprovals = (await tx.select().from(approvals).where(and(eq(approvals.packageId, pkg.id), eq(approvals.roleId, role.id)))).filter(
    (approval) => approval.documentId !== CONSENT_DOCUMENT_ID && !approval.disabled,
  );
  if (roleApprovals.length === 0) {
    throw unprocessable("error.validation.noApprovalsToSign", `${context.actorName} has no approvals in this package to sign.`);
  }
  const chosen = documentRows.filter((row) => named.size === 0 || named.has(row.id));
  const pendingOf = (documentId: string) => roleApprovals.filter((approval) => approval.documentId === documentId && !approval.signed && !approval.accepted);
  const toSign = chosen.filter((row) => pendingOf(row.id).length > 0);
  if (toSign.length === 0) {
    throw conflict("error.conflict.nothingToSign", `${context.actorName} has already signed every approval of theirs on ${named.size ? "the documents named" : "this package"}.`);
  }

  const message = throughTheApi(session.ipAddress);
  let ready = context;
  if (!context.state.consentAccepted) {
    await acceptConsent(tx, context, message);
    ready = { ...context, state: { ...context.state, consentAccepted: new Date() } };
  }
  const image = handdrawnPng(request.handdrawn);
  const signatureFields = await tx.select({ approvalId: fields.approvalId, subtype: fields.subtype, type: fields.type }).from(fields).where(eq(fields.packageId, pkg.id));
  const isCapture = (approvalId: string) => signatureFields.some((field) => field.approvalId === approvalId && field.type === "SIGNATURE" && CAPTURE_SUBTYPES.has(field.subtype));

  let roleCompleted = false;
  for (const document of toSign) {
    const result = await signDocument(
      tx,
      ready,
      document.id,
      {
        approvals: pendingOf(document.id).map((approval) => ({
          id: approval.id,
          fields: [],
          signature: image && (isCapture(approval.id) || approval.enforceCaptureSignature) ? { image } : undefined,
        })),
      },
      { means: "API" },
    );
    roleCompleted = result.roleCompleted;
  }
  const [after] = await tx.select({ status: packages.status }).from(packages).where(eq(packages.id, pkg.id));
  return { packageId: pkg.id, roleId: role.id, signedDocuments: toSign.map((row) => row.id), roleCompleted, packageStatus: after?.status ?? pkg.status };
}
