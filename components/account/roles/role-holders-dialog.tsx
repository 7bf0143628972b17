"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useRoleWords } from "@/components/account/roles/role-words";
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
  const t = useTranslations("console.roles");
  const words = useRoleWords();
  const [page, setPage] = useState(1);
  const holders = useRoleHolders(role.id, pageWindow(page));

  let body;
  if (holders.isPending) body = <LoadingState label={t("holdersDialog.loading")} />;
  else if (holders.isError) body = <ErrorState error={holders.error} onRetry={() => void holders.refetch()} />;
  else if (holders.data.count === 0) body = <p className="text-sm text-slate-700">{t("holdersDialog.nobody")}</p>;
  else {
    body = (
      <div aria-busy={holders.isPlaceholderData || undefined}>
        <ul aria-label={t("holdersDialog.list", { name: words.name(role) })} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {holders.data.results.map((holder) => (
            <li key={holder.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="role-holder">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{holder.name || holder.email}</p>
                <p className="break-all text-slate-700">{holder.email}</p>
              </div>
              {holder.status === "ACTIVE" ? null : <Badge tone={holder.status === "LOCKED" ? "danger" : "warning"}>{holder.status === "LOCKED" ? t("holdersDialog.locked") : t("holdersDialog.invited")}</Badge>}
            </li>
          ))}
        </ul>
        <ListPager page={page} count={holders.data.count} shown={holders.data.results.length} loading={holders.isPlaceholderData} onPage={setPage} />
      </div>
    );
  }

  return (
    <Dialog open onClose={onClose} title={t("holdersDialog.title", { name: words.name(role) })}>
      <div className="space-y-3">
        {role.enabled ? null : <p className="text-sm text-amber-900">{t("holdersDialog.disabled")}</p>}
        {body}
        <p className="text-xs text-slate-600">{t("holdersDialog.howToGive")}</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t("holdersDialog.done")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
