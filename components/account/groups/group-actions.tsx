"use client";

import { Menu } from "@/components/ui/menu";
import type { WireGroup } from "@/lib/api/groups";

/** What can be done to one group; each opens its dialog. */
export type GroupDialogKind = "edit" | "delete";

export function GroupActions({ group, onOpen }: { group: WireGroup; onOpen: (dialog: GroupDialogKind, group: WireGroup) => void }) {
  return (
    <Menu
      label={
        <span>
          Actions<span className="sr-only"> for {group.name}</span>
        </span>
      }
      items={[
        { label: "Edit group", onSelect: () => onOpen("edit", group) },
        { label: "Delete group", onSelect: () => onOpen("delete", group), danger: true },
      ]}
    />
  );
}
