"use client";

import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { signingRoles } from "@/lib/console/queries/package-progress";
import { roleHolder } from "@/components/packages/inbox/package-summary";
import { roleLabel } from "./template-summary";

/** A template's signing roles: a placeholder's name, or who already fills it. */
export function TemplateRoles({ template }: { template: WirePackage }) {
  const t = useTranslations("console.templates.roles");
  const roles = signingRoles(template);
  if (roles.length === 0) return <span className="text-sm text-slate-600">{t("none")}</span>;
  return (
    <ul className="space-y-0.5 text-sm text-slate-800">
      {roles.map((role) => {
        const holder = roleHolder(role);
        return (
          <li key={role.id}>
            {role.type === "SENDER" ? t("sender") : holder.filled ? t("filled", { role: roleLabel(role), name: holder.name }) : roleLabel(role)}
          </li>
        );
      })}
    </ul>
  );
}
