import type { OrderChange, WireDocument } from "@/lib/api/packages";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";

/**
 * The document order as the service keeps it (spec 3.4, lib/esign/signing/ceremony/signing-rules.ts):
 * documents are listed by index, then in the order they were added, and signers must sign them in
 * order exactly when the documents (the consent aside) do not all share one index. So a custom
 * order can only be kept as a signing order: there is no separate "enforce" setting.
 */

export function isConsent(document: Pick<WireDocument, "id">): boolean {
  return document.id === CONSENT_DOCUMENT_ID;
}

/** The documents a sender uploaded, in the order the service lists them. */
export function uploadedDocuments<T extends Pick<WireDocument, "id">>(documents: T[]): T[] {
  return documents.filter((document) => !isConsent(document));
}

/** Whether signers must sign the documents in their order: their indexes differ. */
export function isOrderEnforced(documents: Pick<WireDocument, "id" | "index">[]): boolean {
  return new Set(uploadedDocuments(documents).map((document) => document.index)).size > 1;
}

/** Indexes 1, 2, 3… in the given order: the order is kept and enforced. */
export function enforcedOrder(documentIds: string[]): OrderChange {
  return documentIds.map((id, position) => ({ id, index: position + 1 }));
}

/** One index for all: any order, the documents listed in the order they were added. */
export function freeOrder(documentIds: string[]): OrderChange {
  return documentIds.map((id) => ({ id, index: 0 }));
}

/** The index a new upload takes so that it lands last (after the others when the order is enforced, beside them otherwise). */
export function indexForNewDocument(documents: Pick<WireDocument, "id" | "index">[], offset: number): number {
  const uploaded = uploadedDocuments(documents);
  if (!isOrderEnforced(documents)) return uploaded[0]?.index ?? 0;
  return Math.max(...uploaded.map((document) => document.index)) + 1 + offset;
}
