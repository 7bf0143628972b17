"use client";

import { useTranslations } from "use-intl";
import type { WireGroup } from "@/lib/api/groups";

const SHOWN = 3;

/** "2 members: Jane Sender (manager), Bob Sender" — the first few by name, so a glance says who is in it. */
export function GroupMembersSummary({ group }: { group: WireGroup }) {
  const t = useTranslations("console.groups");
  const { members } = group;
  if (members.length === 0) return <span className="text-slate-600">{t("summary.noMembers")}</span>;
  const names = members
    .slice(0, SHOWN)
    .map((member) => {
      const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
      return member.memberType === "MANAGER" ? t("summary.manager", { name }) : name;
    })
    .join(", ");
  return (
    <span>
      <span className="font-medium text-slate-900" data-testid="group-member-count">
        {t("summary.count", { count: members.length })}
      </span>
      <span className="block text-xs text-slate-600">{members.length > SHOWN ? t("summary.more", { names, count: members.length - SHOWN }) : names}</span>
    </span>
  );
}
