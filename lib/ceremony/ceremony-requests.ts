import type { z } from "zod";
import type { DocumentSigning, ReassignRequest, ceremonyViewResponse } from "@/lib/api/signing";
import { loadOnce } from "@/lib/load-once";
import type * as CeremonyContracts from "./ceremony-contracts";

/** The ceremony's calls to `/api/signing/{packageId}/...`, made by the signer's browser with its session cookie. */

export type CeremonyView = z.infer<typeof ceremonyViewResponse>;
export type CeremonyDocument = CeremonyView["documents"][number];
export type CeremonyApproval = CeremonyDocument["approvals"][number];
export type CeremonyField = CeremonyApproval["fields"][number];

/** An answer of the service that is not a success, with the service's own message for the signer. */
export class CeremonyRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error's `entity`, e.g. `{attemptsLeft}` after a wrong code or answer. */
    readonly entity?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function signingPath(packageId: string, ...rest: string[]): string {
  return `/api/signing/${[packageId, ...rest].map(encodeURIComponent).join("/")}`;
}

async function call(path: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: "application/json", ...(init?.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}), ...init?.headers } });
  } catch {
    throw new CeremonyRequestError(0, "network", "The service could not be reached. Check your connection and try again.");
  }
  const body = (await response.json().catch(() => null)) as { messageKey?: string; message?: string; entity?: Record<string, unknown> } | null;
  if (!response.ok) {
    throw new CeremonyRequestError(response.status, body?.messageKey ?? "error", body?.message ?? `The request failed (HTTP ${response.status}).`, body?.entity);
  }
  return body;
}

const post = (path: string, body?: unknown) => call(path, { method: "POST", body: JSON.stringify(body ?? {}) });

const loadContracts = loadOnce(() => import("./ceremony-contracts"));

/**
 * The service's answer to `request`, checked against the schema `pick` names. The schemas load
 * beside the call; a refusal of the service is the error to report, not a failed load.
 */
async function checked<Schema extends z.ZodType>(pick: (contracts: typeof CeremonyContracts) => Schema, request: Promise<unknown>): Promise<z.output<Schema>> {
  const contracts = loadContracts();
  const answer = await request;
  return pick(await contracts).parse(answer);
}

export async function fetchCeremonyView(packageId: string): Promise<CeremonyView> {
  return checked((c) => c.ceremonyViewResponse, call(signingPath(packageId)));
}

export const takeGroupLock = (packageId: string) => post(signingPath(packageId, "lock"));
export const acceptConsent = (packageId: string) => post(signingPath(packageId, "consent"));
export const recordDocumentViewed = (packageId: string, documentId: string) => post(signingPath(packageId, "documents", documentId, "viewed"));
export async function signDocument(packageId: string, documentId: string, signing: DocumentSigning) {
  return checked((c) => c.documentSigned, post(signingPath(packageId, "documents", documentId, "sign"), signing));
}
export const adoptNotarialCertificate = (packageId: string) => post(signingPath(packageId, "notary"));
export const declinePackage = (packageId: string, reason: string) => post(signingPath(packageId, "decline"), { reason });
export const optOut = (packageId: string, reason: string) => post(signingPath(packageId, "opt-out"), { reason });
export async function sendOneTimeCode(packageId: string) {
  return checked((c) => c.oneTimeCodeSent, post(signingPath(packageId, "verification", "otp")));
}
export const verifyOneTimeCode = (packageId: string, code: string) => post(signingPath(packageId, "verification", "otp", "verify"), { code });

/** The signer's own authentication (auth CHALLENGE or SMS), before anything else of the ceremony. */
export async function answerSecurityQuestions(packageId: string, answers: string[]) {
  return checked((c) => c.signerAuthenticationStatus, post(signingPath(packageId, "authentication", "answers"), { answers }));
}
export async function sendSmsCode(packageId: string) {
  return checked((c) => c.signerAuthenticationStatus, post(signingPath(packageId, "authentication", "sms")));
}
export async function verifySmsCode(packageId: string, code: string) {
  return checked((c) => c.signerAuthenticationStatus, post(signingPath(packageId, "authentication", "sms", "verify"), { code }));
}

/** The signer's copy once the package is sealed: each READY answer is a new download link of the signer. */
export async function askForSignerCopy(packageId: string) {
  return checked((c) => c.ceremonyCopyOffer, post(signingPath(packageId, "copy")));
}

export function documentPdfUrl(packageId: string, documentId: string): string {
  return signingPath(packageId, "documents", documentId, "pdf");
}

export async function delegateSigning(packageId: string, delegate: ReassignRequest) {
  return checked((c) => c.reassignResponse, post(signingPath(packageId, "reassign"), delegate));
}

/** In person: the host hands the device to another signer; answers the view as that signer. */
export async function handDeviceTo(packageId: string, roleId: string) {
  return checked((c) => c.ceremonyViewResponse, post(signingPath(packageId, "host", "signer"), { roleId }));
}

/** Uploads one file for an attachment requirement (multipart, part `file`); answers the requirement. */
export async function uploadAttachment(packageId: string, requirementId: string, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return checked((c) => c.ceremonyAttachmentRequirement, call(signingPath(packageId, "attachments", requirementId), { method: "POST", body: form }));
}

export async function removeAttachmentFile(packageId: string, requirementId: string, fileId: string) {
  return checked((c) => c.ceremonyAttachmentRequirement, call(signingPath(packageId, "attachments", requirementId, "files", fileId), { method: "DELETE" }));
}
