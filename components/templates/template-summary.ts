import type { WirePackage, WireRole } from "@/lib/api/packages";
import { signingRoles } from "@/lib/console/queries/package-progress";

/** The template's builder. */
export function templateEditHref(template: Pick<WirePackage, "id">): string {
  return `/templates/${encodeURIComponent(template.id)}/edit`;
}

/** The roles someone must fill to start a package: signing roles with no one in them (the sender's role is filled by whoever starts it). */
export function rolesToFill(template: WirePackage): WireRole[] {
  return signingRoles(template).filter((role) => role.type !== "SENDER" && role.signers.length === 0);
}

/** What a role is called in the template. */
export function roleLabel(role: WireRole): string {
  return role.name || role.id;
}
