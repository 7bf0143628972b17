import type { WirePackage } from "@/lib/api/packages";
import { signingRoles } from "@/lib/console/queries/package-progress";
import { roleHolder } from "@/components/packages/inbox/package-summary";
import { roleLabel } from "./template-summary";

/** A template's signing roles: a placeholder's name, or who already fills it. */
export function TemplateRoles({ template }: { template: WirePackage }) {
  const roles = signingRoles(template);
  if (roles.length === 0) return <span className="text-sm text-slate-600">No roles yet</span>;
  return (
    <ul className="space-y-0.5 text-sm text-slate-800">
      {roles.map((role) => {
        const holder = roleHolder(role);
        return (
          <li key={role.id}>
            {role.type === "SENDER" ? "You (sender)" : holder.filled ? `${roleLabel(role)}: ${holder.name}` : roleLabel(role)}
          </li>
        );
      })}
    </ul>
  );
}
