/** Package payloads of the ceremony's end-to-end tests, as an integrator posts them. */

export const person = (first: string, last: string) => ({ email: `${first.toLowerCase()}@example.test`, firstName: first, lastName: last });

/**
 * The API places fields in pixels of the page at 93.6 dpi, 1.3 per PDF point, as the original
 * service does; these payloads are written in points and sent in that unit.
 */
export function inWireUnits<T extends { top: number; left: number; width: number; height: number }>(field: T): T {
  return { ...field, top: field.top * 1.3, left: field.left * 1.3, width: field.width * 1.3, height: field.height * 1.3 };
}

/** Every field of a payload's documents sent in the wire's unit (see `inWireUnits`). */
export function withFieldsInWireUnits<T extends { documents: { approvals: { fields: { top: number; left: number; width: number; height: number }[] }[] }[] }>(payload: T): T {
  return {
    ...payload,
    documents: payload.documents.map((document) => ({
      ...document,
      approvals: document.approvals.map((approval) => ({ ...approval, fields: approval.fields.map(inWireUnits) })),
    })),
  };
}

/** A full-name signature field on the first page, `left` points from the page's left edge. */
export const fullNameSignature = (left: number) => inWireUnits({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left, width: 200, height: 50 });

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
