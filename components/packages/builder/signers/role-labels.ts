import { useTranslations } from "use-intl";
import type { WireRole } from "@/lib/api/packages";

/** How the builder names a role and its signer. */

export const OWNER_ROLE_ID = "Owner";

interface SignerView {
  firstName: string;
  lastName: string;
  email: string;
  group: { id: string; name: string } | null;
}

export function signerOf(role: WireRole): SignerView | null {
  const signer = role.signers[0];
  if (!signer) return null;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const group = signer.group && typeof signer.group === "object" ? (signer.group as Record<string, unknown>) : null;
  return {
    firstName: text(signer.firstName),
    lastName: text(signer.lastName),
    email: text(signer.email),
    group: group ? { id: text(group.id), name: text(group.name) } : null,
  };
}

/** Whether a role of a package still needs a person (a role from a template, or one emptied). */
export function needsSigner(role: WireRole): boolean {
  return !signerOf(role)?.email;
}

/** The name people read: the signer's name, the group's, else the role's. */
export function roleDisplayName(role: WireRole): string {
  const signer = signerOf(role);
  if (signer?.group) return signer.group.name || signer.email;
  const name = signer ? `${signer.firstName} ${signer.lastName}`.trim() || signer.email : "";
  return name || role.name || role.id;
}

/** The line under the name: who the signer is, in the console's language. */
export function useRoleDetail(): (role: WireRole) => string {
  const t = useTranslations("console.builder.signers");
  return (role) => {
    const signer = signerOf(role);
    if (role.type === "SENDER") return signer?.email ? t("youTheSenderWithEmail", { email: signer.email }) : t("youTheSender");
    if (!signer?.email) return t("noSignerYet");
    if (signer.group) return t("groupWithEmail", { email: signer.email });
    return signer.email;
  };
}

/** The first free `Signer<n>` (the name text tags such as {{esl:Signer1:signature}} refer to). */
export function nextSignerRoleId(roles: Pick<WireRole, "id" | "name">[]): string {
  const taken = new Set(roles.flatMap((role) => [role.id.toLowerCase(), role.name.toLowerCase()]));
  let n = 1;
  while (taken.has(`signer${n}`)) n++;
  return `Signer${n}`;
}
