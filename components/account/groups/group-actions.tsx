"use client";

import { useTranslations } from "use-intl";
import { Menu } from "@/components/ui/menu";
import type { WireGroup } from "@/lib/api/groups";

/** What can be done to one group; each opens its dialog. */
export type GroupDialogKind = "edit" | "delete";

export function GroupActions({ group, onOpen }: { group: WireGroup; onOpen: (dialog: GroupDialogKind, group: WireGroup) => void }) {
  const t = useTranslations("console.groups");
  return (
    <Menu
      label={<span>{t.rich("actions.menu", { name: group.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}</span>}
      items={[
        { label: t("actions.edit"), onSelect: () => onOpen("edit", group) },
        { label: t("actions.delete"), onSelect: () => onOpen("delete", group), danger: true },
      ]}
    />
  );
}
