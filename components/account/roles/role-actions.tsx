"use client";

import { Menu, type MenuItem } from "@/components/ui/menu";
import type { WireAccountRole } from "@/lib/api/account-roles";

/** What can be done to one role; each opens its dialog. */
export type RoleDialogKind = "holders" | "edit" | "enable" | "disable" | "delete";

/** `mayManage`: the user may change roles. Predefined roles cannot change, whoever asks: only who holds them can be seen. */
export function RoleActions({ role, mayManage, onOpen }: { role: WireAccountRole; mayManage: boolean; onOpen: (dialog: RoleDialogKind, role: WireAccountRole) => void }) {
  const items: MenuItem[] = [{ label: "Who holds it", onSelect: () => onOpen("holders", role) }];
  if (mayManage && !role.predefined) {
    items.push({ label: "Edit role", onSelect: () => onOpen("edit", role) });
    items.push(role.enabled ? { label: "Disable role", onSelect: () => onOpen("disable", role) } : { label: "Enable role", onSelect: () => onOpen("enable", role) });
    items.push({ label: "Delete role", onSelect: () => onOpen("delete", role), danger: true });
  }
  return (
    <Menu
      label={
        <span>
          Actions<span className="sr-only"> for {role.name}</span>
        </span>
      }
      items={items}
    />
  );
}
