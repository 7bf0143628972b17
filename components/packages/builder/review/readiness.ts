import type { WirePackage } from "@/lib/api/packages";
import { uploadedDocuments } from "../documents/document-order";
import { signingRoles } from "../signer-colours";
import { needsSigner, roleDisplayName } from "../signers/role-labels";

export interface Readiness {
  /** What the service will refuse to send without. */
  blocking: string[];
  /** What is allowed but likely a mistake. */
  warnings: string[];
}

/** What is missing before sending (the service's rules: a document, and a signer in every signing role), and what looks unfinished. */
export function readinessOf(pkg: WirePackage, template: boolean): Readiness {
  const blocking: string[] = [];
  const warnings: string[] = [];
  const documents = uploadedDocuments(pkg.documents);
  const roles = signingRoles(pkg);
  if (documents.length === 0) blocking.push("Add a document.");
  if (roles.length === 0) blocking.push(template ? "Add a placeholder." : "Add a signer.");
  if (!template) {
    for (const role of roles.filter(needsSigner)) blocking.push(`Give ${role.name || role.id} a signer with an e-mail address.`);
  }
  for (const role of roles) {
    const hasField = documents.some((document) => document.approvals.some((approval) => approval.role === role.id && approval.fields.length > 0));
    if (!hasField && documents.length > 0) warnings.push(`${template ? role.name || role.id : roleDisplayName(role)} has no field to sign yet.`);
  }
  return { blocking, warnings };
}
