import type { WirePackage } from "@/lib/api/packages";
import { uploadedDocuments } from "../documents/document-order";
import { signingRoles } from "../signer-colours";
import { needsSigner, roleDisplayName } from "../signers/role-labels";

/** One thing to do or to look at: a key of console.builder.review.readiness, with the name it mentions. */
export type ReadinessItem = { key: "addDocument" | "addPlaceholder" | "addSigner" } | { key: "giveSigner" | "noField"; name: string };

export interface Readiness {
  /** What the service will refuse to send without. */
  blocking: ReadinessItem[];
  /** What is allowed but likely a mistake. */
  warnings: ReadinessItem[];
}

/** What is missing before sending (the service's rules: a document, and a signer in every signing role), and what looks unfinished. */
export function readinessOf(pkg: WirePackage, template: boolean): Readiness {
  const blocking: ReadinessItem[] = [];
  const warnings: ReadinessItem[] = [];
  const documents = uploadedDocuments(pkg.documents);
  const roles = signingRoles(pkg);
  if (documents.length === 0) blocking.push({ key: "addDocument" });
  if (roles.length === 0) blocking.push({ key: template ? "addPlaceholder" : "addSigner" });
  if (!template) {
    for (const role of roles.filter(needsSigner)) blocking.push({ key: "giveSigner", name: role.name || role.id });
  }
  for (const role of roles) {
    const hasField = documents.some((document) => document.approvals.some((approval) => approval.role === role.id && approval.fields.length > 0));
    if (!hasField && documents.length > 0) warnings.push({ key: "noField", name: template ? role.name || role.id : roleDisplayName(role) });
  }
  return { blocking, warnings };
}
