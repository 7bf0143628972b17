/** Package payloads of the ceremony's end-to-end tests, as an integrator posts them. */

export const person = (first: string, last: string) => ({ email: `${first.toLowerCase()}@example.test`, firstName: first, lastName: last });

/** A full-name signature field on the first page, `left` points from the page's left edge. */
export const fullNameSignature = (left: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left, width: 200, height: 50 });

export interface PayloadRole {
  id: string;
  index: number;
  signers: Record<string, unknown>[];
  attachmentRequirements?: Record<string, unknown>[];
}

/** A DRAFT package of one document on which each role signs once, the signatures side by side. */
export function oneSignatureEachPackage(options: { name: string; document: { id: string; name: string }; roles: PayloadRole[]; settings?: Record<string, unknown> }) {
  return {
    name: options.name,
    type: "PACKAGE",
    status: "DRAFT",
    ...(options.settings ? { settings: options.settings } : {}),
    roles: options.roles.map((role) => ({ type: "SIGNER", ...role })),
    documents: [{ ...options.document, approvals: options.roles.map((role, i) => ({ role: role.id, fields: [fullNameSignature(72 + 258 * i)] })) }],
  };
}
