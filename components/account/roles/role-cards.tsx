"use client";

import { useTranslations } from "use-intl";
import { useRoleWords } from "@/components/account/roles/role-words";
import { RoleActions } from "./role-actions";
import { RoleBadges } from "./role-badges";
import { RoleHoldersSummary } from "./role-holders-summary";
import { RolePermissions } from "./role-permissions";
import type { RoleRowsProps } from "./role-table";

/** The account's roles as cards (phones), the same content as the table's rows. */
export function RoleCards({ roles, descriptions, mayManage, onOpen }: RoleRowsProps) {
  const t = useTranslations("console.roles");
  const words = useRoleWords();
  return (
    <ul aria-label={t("caption", { count: roles.length })} className="space-y-3">
      {roles.map((role) => (
        <li key={role.id} data-testid="role-row" data-role-id={role.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <p>
            <span className="font-medium text-slate-900">{words.name(role)}</span>
            <RoleBadges role={role} />
          </p>
          {words.description(role) ? <p className="mt-1 text-xs text-slate-600">{words.description(role)}</p> : null}
          <div className="mt-2 text-sm">
            <RolePermissions role={role} descriptions={descriptions} />
          </div>
          <p className="mt-2 text-sm text-slate-800">
            <span className="text-slate-600">{t("heldBy")} </span>
            <RoleHoldersSummary role={role} />
          </p>
          <div className="mt-3 flex justify-end">
            <RoleActions role={role} mayManage={mayManage} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}
