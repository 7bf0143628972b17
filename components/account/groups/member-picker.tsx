"use client";

import { useState } from "react";
import { ListSearch } from "@/components/packages/inbox/list-search";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { useMemberCandidates } from "@/lib/console/queries/groups";
import { isForbidden } from "@/lib/console/queries/senders";

/**
 * Finds senders of the account by name, e-mail or company and adds them as members: only the
 * account's senders can be picked (spec 2.9 rule 1). `isMember` tells which are in already.
 */
export function MemberPicker({ isMember, onAdd }: { isMember: (email: string) => boolean; onAdd: (sender: WireSender) => void }) {
  const [search, setSearch] = useState("");
  const candidates = useMemberCandidates(search);

  let results;
  if (candidates.isPending) results = <LoadingState label="Loading senders…" />;
  else if (isForbidden(candidates.error)) {
    results = (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        Adding members needs permission to see the account&apos;s senders, which your account roles do not include. Ask the account owner if you need it.
      </p>
    );
  } else if (candidates.isError) results = <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />;
  else if (candidates.data.results.length === 0) {
    results = <p className="p-2 text-sm text-slate-700">{search ? `No sender matches “${search}”.` : "The account has no senders yet."}</p>;
  } else {
    const more = candidates.data.count - candidates.data.results.length;
    results = (
      <>
        <ul
          aria-label="Senders to add"
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
                        <Badge tone={sender.status === "LOCKED" ? "danger" : "warning"}>{sender.status === "LOCKED" ? "Locked" : "Invited"}</Badge>
                      </span>
                    )}
                  </p>
                  <p className="break-all text-slate-700">{sender.email}</p>
                </div>
                <Button variant="secondary" className="shrink-0" disabled={added} onClick={() => onAdd(sender)}>
                  {added ? "Added" : "Add"}
                  <span className="sr-only"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        {more > 0 ? <p className="mt-1 text-xs text-slate-600">{more} more match; narrow the search to find them.</p> : null}
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
      <h3 className="text-sm font-medium text-slate-800">Add members</h3>
      <ListSearch label="Find a sender to add" placeholder="Find a sender by name or e-mail" value={search} onSearch={setSearch} />
      {results}
    </div>
  );
}
