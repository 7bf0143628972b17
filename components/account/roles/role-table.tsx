"use client";

import { useTranslations } from "use-intl";
import { useRoleWords } from "@/components/account/roles/role-words";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { RoleActions, type RoleDialogKind } from "./role-actions";
import { RoleBadges } from "./role-badges";
import { RoleHoldersSummary } from "./role-holders-summary";
import { RolePermissions } from "./role-permissions";

export interface RoleRowsProps {
  roles: WireAccountRole[];
  descriptions: ReadonlyMap<string, string>;
  mayManage: boolean;
  onOpen: (dialog: RoleDialogKind, role: WireAccountRole) => void;
}

/** The account's roles as a table (wide screens). */
export function RoleTable({ roles, descriptions, mayManage, onOpen }: RoleRowsProps) {
  const t = useTranslations("console.roles");
  const words = useRoleWords();
  return (
    <DataTable
      caption={t("caption", { count: roles.length })}
      columns={
        <>
          <ColumnHeader>{t("columns.role")}</ColumnHeader>
          <ColumnHeader>{t("columns.permissions")}</ColumnHeader>
          <ColumnHeader>{t("columns.heldBy")}</ColumnHeader>
          <ColumnHeader><span className="sr-only">{t("columns.actions")}</span></ColumnHeader>
        </>
      }
    >
      {roles.map((role) => (
        <tr key={role.id} data-testid="role-row" data-role-id={role.id}>
          <td className="px-3 py-3 align-top">
            <span className="font-medium text-slate-900">{words.name(role)}</span>
            <RoleBadges role={role} />
            {words.description(role) ? <p className="mt-1 text-xs text-slate-600">{words.description(role)}</p> : null}
          </td>
          <td className="px-3 py-3 align-top">
            <RolePermissions role={role} descriptions={descriptions} />
          </td>
          <td className="px-3 py-3 align-top text-slate-800">
            <RoleHoldersSummary role={role} />
          </td>
          <td className="px-3 py-3 text-right align-top">
            <RoleActions role={role} mayManage={mayManage} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
