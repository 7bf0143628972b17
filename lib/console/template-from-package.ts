import type { z } from "zod";
import type { WirePackage, packageClone } from "@/lib/api/packages";

/** A template's name from the package's, within the service's 256 characters. */
export function templateName(name: string): string {
  const suffix = " (template)";
  return `${name.slice(0, 256 - suffix.length)}${suffix}`;
}

/**
 * The clone body of the console's "Save as template": every signer's role is given with no
 * signers, so the template keeps the role (id, name, order, fields, message, settings) as a
 * placeholder and "Use template" asks for its person. The sender's own role (type `SENDER`) stays
 * the sender's. Through the clone's own `roles`, so one request makes the template, and API callers
 * who give no roles get the copy they always got.
 */
export function templateFromPackage(pkg: Pick<WirePackage, "name" | "roles">): z.input<typeof packageClone> {
  return {
    name: templateName(pkg.name),
    type: "TEMPLATE",
    roles: pkg.roles.filter((role) => role.type !== "SENDER").map((role) => ({ id: role.id, signers: [] })),
  };
}
