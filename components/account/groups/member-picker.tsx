"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { ListSearch } from "@/components/packages/inbox/list-search";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { useMemberCandidates } from "@/lib/console/queries/groups";
import { isForbidden } from "@/lib/console/queries/senders";

const srOnly = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

/**
 * Finds senders of the account by name, e-mail or company and adds them as members: only the
 * account's senders can be picked (spec 2.9 rule 1). `isMember` tells which are in already.
 */
export function MemberPicker({ isMember, onAdd }: { isMember: (email: string) => boolean; onAdd: (sender: WireSender) => void }) {
  const t = useTranslations("console.groups");
  const [search, setSearch] = useState("");
  const candidates = useMemberCandidates(search);

  let results;
  if (candidates.isPending) results = <LoadingState label={t("picker.loading")} />;
  else if (isForbidden(candidates.error)) {
    results = (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        {t("picker.forbidden")}
      </p>
    );
  } else if (candidates.isError) results = <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />;
  else if (candidates.data.results.length === 0) {
    results = <p className="p-2 text-sm text-slate-700">{search ? t("picker.noMatch", { search }) : t("picker.noSenders")}</p>;
  } else {
    const more = candidates.data.count - candidates.data.results.length;
    results = (
      <>
        <ul
          aria-label={t("picker.candidates")}
          aria-busy={candidates.isPlaceholderData || undefined}
          // Until the new search answers, the previous senders stay in sight, dimmed and out of reach.
          inert={candidates.isPlaceholderData}
          className={`divide-y divide-slate-200 rounded-md border border-slate-200 ${candidates.isPlaceholderData ? "opacity-60" : ""}`}
        >
          {candidates.data.results.map((sender) => {
            const added = isMember(sender.email);
            const name = sender.name || sender.email;
            return (
              <li key={sender.id} className="flex items-center justify-between gap-2 px-3 py-2" data-testid="member-candidate">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {name}
                    {sender.status === "ACTIVE" ? null : (
                      <span className="ml-2">
                        <Badge tone={sender.status === "LOCKED" ? "danger" : "warning"}>{sender.status === "LOCKED" ? t("picker.locked") : t("picker.invited")}</Badge>
                      </span>
                    )}
                  </p>
                  <p className="break-all text-slate-700">{sender.email}</p>
                </div>
                <Button variant="secondary" className="shrink-0" disabled={added} onClick={() => onAdd(sender)}>
                  {added ? t.rich("picker.added", { name, hidden: srOnly }) : t.rich("picker.add", { name, hidden: srOnly })}
                </Button>
              </li>
            );
          })}
        </ul>
        {more > 0 ? <p className="mt-1 text-xs text-slate-600">{t("picker.more", { count: more })}</p> : null}
      </>
    );
  }

  return (
    <div
      className="space-y-2"
      // Enter in the search box searches at once; it must not save the group around it.
      onKeyDown={(event) => {
        if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <h3 className="text-sm font-medium text-slate-800">{t("picker.heading")}</h3>
      <ListSearch label={t("picker.searchLabel")} placeholder={t("picker.searchPlaceholder")} value={search} onSearch={setSearch} />
      {results}
    </div>
  );
}
