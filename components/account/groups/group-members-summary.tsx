import type { WireGroup } from "@/lib/api/groups";

const SHOWN = 3;

/** "2 members: Jane Sender (manager), Bob Sender" — the first few by name, so a glance says who is in it. */
export function GroupMembersSummary({ group }: { group: WireGroup }) {
  const { members } = group;
  if (members.length === 0) return <span className="text-slate-600">No members</span>;
  const names = members.slice(0, SHOWN).map((member) => {
    const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
    return member.memberType === "MANAGER" ? `${name} (manager)` : name;
  });
  const more = members.length > SHOWN ? ` and ${members.length - SHOWN} more` : "";
  return (
    <span>
      <span className="font-medium text-slate-900" data-testid="group-member-count">
        {members.length === 1 ? "1 member" : `${members.length} members`}
      </span>
      <span className="block text-xs text-slate-600">
        {names.join(", ")}
        {more}
      </span>
    </span>
  );
}
