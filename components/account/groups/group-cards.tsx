import type { WireGroup } from "@/lib/api/groups";
import { GroupActions, type GroupDialogKind } from "./group-actions";
import { GroupMembersSummary } from "./group-members-summary";

/** The groups of one page as cards (phones), the same content as the table's rows. */
export function GroupCards({ groups, label, onOpen }: { groups: WireGroup[]; label: string; onOpen?: (dialog: GroupDialogKind, group: WireGroup) => void }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {groups.map((group) => (
        <li key={group.id} data-testid="group-row" data-group-id={group.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">{group.name}</p>
          <p className="text-sm break-all text-slate-700">{group.email}</p>
          <p className="mt-2 text-sm text-slate-800">
            <GroupMembersSummary group={group} />
          </p>
          {onOpen ? (
            <div className="mt-3 flex justify-end">
              <GroupActions group={group} onOpen={onOpen} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
