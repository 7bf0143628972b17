/**
 * The whole audit trail (`?events=all`, the console's history) names what the sender knows: a
 * builder's event is stored with the ids it changed ("r2dSu9uQYSUA for role Signer2"), which say
 * nothing to a person. This words such an event's `data` from the package as it is now: signers by
 * name, fields and signatures by kind and signer, documents by name. What no longer exists (a
 * deleted field) is left unnamed rather than shown as an id. Pure: the caller reads the package.
 */

export interface PackageNames {
  /** Role id → the signer's name (or group's, or the placeholder's). */
  roles: ReadonlyMap<string, string>;
  /** Approval id → its role and what it signs with. */
  approvals: ReadonlyMap<string, { roleId: string; kind: string }>;
  /** Field id → its kind and the role whose it is. */
  fields: ReadonlyMap<string, { roleId: string; kind: string }>;
  /** Document id → its name. */
  documents: ReadonlyMap<string, string>;
}

const FIELD_KINDS: Record<string, string> = {
  FULLNAME: "Signature",
  CAPTURE: "Signature drawn by hand",
  MOBILE_CAPTURE: "Signature drawn by hand",
  INITIALS: "Initials",
  TEXTFIELD: "Text field",
  TEXTAREA: "Text area",
  CHECKBOX: "Check box",
  RADIO: "Radio button",
  LIST: "List",
  DATE: "Date",
  DATEPICKER: "Date",
  LABEL: "Label",
  QRCODE: "QR code",
  CUSTOMFIELD: "Custom field",
};

const BINDING_KINDS: Record<string, string> = {
  "{signer.name}": "Name",
  "{approval.signed}": "Date signed",
  "{signer.title}": "Title",
  "{signer.company}": "Company",
};

/** A field's kind in words ("Initials", "Date signed"). */
export function fieldKindWords(subtype: string, binding: string | null): string {
  return (binding && BINDING_KINDS[binding]) || FIELD_KINDS[subtype] || "Field";
}

/** The events whose stored message holds ids; every other keeps its message. */
export function senderData(event: string, message: string, names: PackageNames): string {
  const role = (id: string) => names.roles.get(id) ?? id;
  const field = (id: string) => {
    const known = names.fields.get(id);
    return known ? `${known.kind} of ${role(known.roleId)}` : "";
  };
  const approval = (id: string) => {
    const known = names.approvals.get(id);
    return known ? `${known.kind} of ${role(known.roleId)}` : "";
  };
  /** "a:1, b:2" → "1. A, 2. B". */
  const order = (name: (id: string) => string) =>
    message
      .split(", ")
      .map((entry) => entry.split(":"))
      .filter((parts) => parts.length === 2)
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map(([id, index]) => `${index}. ${name(id!)}`)
      .join(", ");
  let match: RegExpExecArray | null;
  switch (event) {
    case "APPROVAL_ADD":
      match = /^(\S+) for role (.+)$/.exec(message);
      return match ? (names.approvals.has(match[1]!) ? approval(match[1]!) : `For ${role(match[2]!)}`) : message;
    case "APPROVAL_UPDATE":
    case "APPROVAL_DELETE":
      return approval(message);
    case "FIELD_ADD":
      match = /^(\S+) \((\w+)\)$/.exec(message);
      return match ? field(match[1]!) || FIELD_KINDS[match[2]!] || "" : message;
    case "FIELD_UPDATE":
    case "FIELD_DELETE":
      match = /^([^\s:]+)(: .*)?$/.exec(message);
      return match ? [field(match[1]!), match[2]?.slice(2)].filter(Boolean).join(": ") : message;
    case "ROLE_ADD":
    case "ROLE_UPDATE":
    case "ROLE_DELETE":
      return role(message);
    case "ROLE_REORDER":
      return order(role);
    case "DOCUMENT_REORDER":
      return order((id) => names.documents.get(id) ?? id);
    case "ROLE_VERIFICATION_SET":
    case "ROLE_VERIFICATION_DELETE":
      match = /^role=(\S+) typeId=(.+)$/.exec(message);
      return match ? `${role(match[1]!)}: ${match[2]}` : message;
    case "SIGNER_UNLOCK":
      match = /^role=(\S+)$/.exec(message);
      return match ? role(match[1]!) : message;
    default:
      // "(role Signer2)" in the wording of invitations, texts and hosting.
      return message.replace(/\(role ([^)\s]+)\)/g, (whole, id: string) => (names.roles.has(id) ? `(${role(id)})` : whole));
  }
}
