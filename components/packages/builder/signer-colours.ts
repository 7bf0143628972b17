import type { WirePackage, WireRole } from "@/lib/api/packages";
import { isSigningRole } from "@/lib/console/queries/package-progress";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";

/**
 * One colour per signer, shared by the signer list and the field editor, so a signer's fields
 * wear the colour of their row. Text colours reach 4.5:1 on their tint and on white.
 */

export interface SignerColour {
  /** Said beside the colour, never the colour alone: a key of console.builder.colours. */
  name: string;
  /** Borders, outlines, the dot beside a signer's name. */
  solid: string;
  /** Backgrounds (field boxes, chips). */
  tint: string;
  /** Text on `tint` or on white. */
  text: string;
}

const PALETTE: readonly SignerColour[] = [
  { name: "blue", solid: "#0369a1", tint: "#e0f2fe", text: "#0c4a6e" },
  { name: "orange", solid: "#c2410c", tint: "#ffedd5", text: "#7c2d12" },
  { name: "green", solid: "#15803d", tint: "#dcfce7", text: "#14532d" },
  { name: "purple", solid: "#7e22ce", tint: "#f3e8ff", text: "#581c87" },
  { name: "pink", solid: "#be185d", tint: "#fce7f3", text: "#831843" },
  { name: "teal", solid: "#0f766e", tint: "#ccfbf1", text: "#134e4a" },
  { name: "brown", solid: "#92400e", tint: "#fef3c7", text: "#78350f" },
  { name: "indigo", solid: "#4338ca", tint: "#e0e7ff", text: "#312e81" },
];

/**
 * The colour of the signer at `roleIndexInPackage`: the role's position in `signingRoles(pkg)`,
 * which is the order the signers were added, so a signer keeps their colour when the signing
 * order changes. Colours repeat after eight.
 */
export function signerColour(roleIndexInPackage: number): SignerColour {
  const slot = ((roleIndexInPackage % PALETTE.length) + PALETTE.length) % PALETTE.length;
  return PALETTE[slot]!;
}

/**
 * The roles that sign (signers, template placeholders, and the sender when they sign as `Owner`)
 * in the order they were added. The service lists roles in signing order; the order of addition
 * is the order of their approvals on the consent document (each signing role gets one when
 * added). Roles without one (another service) follow, in the order listed.
 */
export function signingRoles(pkg: Pick<WirePackage, "roles" | "documents">): WireRole[] {
  const consent = pkg.documents.find((document) => document.id === CONSENT_DOCUMENT_ID);
  const added = new Map(consent?.approvals.map((approval, position) => [approval.role, position]) ?? []);
  const rank = (role: WireRole) => added.get(role.id) ?? Number.MAX_SAFE_INTEGER;
  return pkg.roles
    .filter((role) => isSigningRole(pkg, role))
    .map((role, listed) => ({ role, listed }))
    .sort((a, b) => rank(a.role) - rank(b.role) || a.listed - b.listed)
    .map(({ role }) => role);
}

/** The colour of one role of the package (its place in `signingRoles`); the first colour for a role that does not sign. */
export function signerColourOf(pkg: Pick<WirePackage, "roles" | "documents">, roleId: string): SignerColour {
  return signerColour(Math.max(0, signingRoles(pkg).findIndex((role) => role.id === roleId)));
}
