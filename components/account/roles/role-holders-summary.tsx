"use client";

import type { WireAccountRole } from "@/lib/api/account-roles";
import { useRoleHolders } from "@/lib/console/queries/account-roles";

const SHOWN = 3;

/** Who holds the role at a glance: "Jane Sender, Bob Sender and 2 more"; the whole list is in the holders dialog. */
export function RoleHoldersSummary({ role }: { role: WireAccountRole }) {
  const holders = useRoleHolders(role.id, { from: 1, to: SHOWN });
  if (holders.isPending) return <span className="text-slate-600">Loading…</span>;
  if (holders.isError) return <span className="text-rose-800">Could not load who holds it: {holders.error.message}</span>;
  const { results, count } = holders.data;
  if (count === 0) return <span className="text-slate-600">Nobody</span>;
  const names = results.map((holder) => holder.name || holder.email).join(", ");
  const more = count > results.length ? ` and ${count - results.length} more` : "";
  return (
    <span data-testid="role-holders">
      {names}
      {more}
    </span>
  );
}
