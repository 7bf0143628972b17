"use client";

import { useState } from "react";
import { ListPager } from "@/components/packages/inbox/list-pager";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useRoleHolders } from "@/lib/console/queries/account-roles";

/** Everyone who holds the role, a page at a time. Roles are given and taken on the senders page. */
export function RoleHoldersDialog({ role, onClose }: { role: WireAccountRole; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const holders = useRoleHolders(role.id, pageWindow(page));

  let body;
  if (holders.isPending) body = <LoadingState label="Loading who holds it…" />;
  else if (holders.isError) body = <ErrorState error={holders.error} onRetry={() => void holders.refetch()} />;
  else if (holders.data.count === 0) body = <p className="text-sm text-slate-700">Nobody holds this role.</p>;
  else {
    body = (
      <div aria-busy={holders.isPlaceholderData || undefined}>
        <ul aria-label={`Holders of ${role.name}`} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {holders.data.results.map((holder) => (
            <li key={holder.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="role-holder">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{holder.name || holder.email}</p>
                <p className="break-all text-slate-700">{holder.email}</p>
              </div>
              {holder.status === "ACTIVE" ? null : <Badge tone={holder.status === "LOCKED" ? "danger" : "warning"}>{holder.status === "LOCKED" ? "Locked" : "Invited"}</Badge>}
            </li>
          ))}
        </ul>
        <ListPager page={page} count={holders.data.count} shown={holders.data.results.length} loading={holders.isPlaceholderData} onPage={setPage} />
      </div>
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Who holds ${role.name}`}>
      <div className="space-y-3">
        {role.enabled ? null : <p className="text-sm text-amber-900">The role is disabled: it gives its holders nothing until it is enabled again.</p>}
        {body}
        <p className="text-xs text-slate-600">To give a sender this role or take it away, use “Account roles” in their actions on the Senders page.</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
