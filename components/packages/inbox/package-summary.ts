import type { WirePackage, WireRole } from "@/lib/api/packages";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";

/** How a listed package reads: its link and its people. */

/** A draft opens in the builder; anything else (a trashed draft too) on its page. */
export function packageHref(pkg: Pick<WirePackage, "id" | "status" | "trashed">): string {
  const base = `/packages/${encodeURIComponent(pkg.id)}`;
  return pkg.status === "DRAFT" && !pkg.trashed ? `${base}/edit` : base;
}

/** The person (or group) in a role, or the role's own name while no one fills it. */
export function roleHolder(role: WireRole): { name: string; filled: boolean } {
  const signer = role.signers[0] as { firstName?: string; lastName?: string; email?: string; group?: { name?: string } } | undefined;
  if (!signer) return { name: role.name || role.id, filled: false };
  const name = signer.group?.name || `${signer.firstName ?? ""} ${signer.lastName ?? ""}`.trim() || signer.email || role.name || role.id;
  return { name, filled: true };
}

export function senderName(pkg: WirePackage): string {
  return `${pkg.sender.firstName} ${pkg.sender.lastName}`.trim() || pkg.sender.email;
}

/** Documents people see (the consent document is the service's own). */
export function visibleDocuments(pkg: WirePackage) {
  return pkg.documents.filter((document) => document.id !== CONSENT_DOCUMENT_ID);
}
