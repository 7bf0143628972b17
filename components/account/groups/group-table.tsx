"use client";

import { useTranslations } from "use-intl";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { WireGroup } from "@/lib/api/groups";
import { GroupActions, type GroupDialogKind } from "./group-actions";
import { GroupMembersSummary } from "./group-members-summary";

/** The groups of one page as a table (wide screens); `onOpen` absent: the user may not change groups, so no actions. */
export function GroupTable({ groups, caption, onOpen }: { groups: WireGroup[]; caption: string; onOpen?: (dialog: GroupDialogKind, group: WireGroup) => void }) {
  const t = useTranslations("console.groups");
  return (
    <DataTable
      caption={caption}
      columns={
        <>
          <ColumnHeader>{t("columns.name")}</ColumnHeader>
          <ColumnHeader>{t("columns.email")}</ColumnHeader>
          <ColumnHeader>{t("columns.members")}</ColumnHeader>
          {onOpen ? (
            <ColumnHeader><span className="sr-only">{t("columns.actions")}</span></ColumnHeader>
          ) : null}
        </>
      }
    >
      {groups.map((group) => (
        <tr key={group.id} data-testid="group-row" data-group-id={group.id}>
          <td className="px-3 py-3 align-top font-medium text-slate-900">{group.name}</td>
          <td className="px-3 py-3 align-top break-all text-slate-800">{group.email}</td>
          <td className="px-3 py-3 align-top text-slate-800">
            <GroupMembersSummary group={group} />
          </td>
          {onOpen ? (
            <td className="px-3 py-3 text-right align-top">
              <GroupActions group={group} onOpen={onOpen} />
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
