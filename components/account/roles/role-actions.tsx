"use client";

import { useTranslations } from "use-intl";
import { useRoleWords } from "@/components/account/roles/role-words";
import { Menu, type MenuItem } from "@/components/ui/menu";
import type { WireAccountRole } from "@/lib/api/account-roles";

/** What can be done to one role; each opens its dialog. */
export type RoleDialogKind = "holders" | "edit" | "enable" | "disable" | "delete";

/** `mayManage`: the user may change roles. Predefined roles cannot change, whoever asks: only who holds them can be seen. */
export function RoleActions({ role, mayManage, onOpen }: { role: WireAccountRole; mayManage: boolean; onOpen: (dialog: RoleDialogKind, role: WireAccountRole) => void }) {
  const t = useTranslations("console.roles");
  const words = useRoleWords();
  const items: MenuItem[] = [{ label: t("actions.holders"), onSelect: () => onOpen("holders", role) }];
  if (mayManage && !role.predefined) {
    items.push({ label: t("actions.edit"), onSelect: () => onOpen("edit", role) });
    items.push(role.enabled ? { label: t("actions.disable"), onSelect: () => onOpen("disable", role) } : { label: t("actions.enable"), onSelect: () => onOpen("enable", role) });
    items.push({ label: t("actions.delete"), onSelect: () => onOpen("delete", role), danger: true });
  }
  return <Menu label={<span>{t.rich("actions.menu", { name: words.name(role), hidden: (chunks) => <span className="sr-only">{chunks}</span> })}</span>} items={items} />;
}
