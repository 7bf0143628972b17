"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { usePackageList, type PackageListParams } from "@/lib/console/queries/packages";
import { BulkActions } from "./bulk-actions";
import { INBOX_TAB_IDS, INBOX_TABS, type InboxTab, type InboxTabDefinition } from "./inbox-tabs";
import { ListPager } from "./list-pager";
import { ListSearch } from "./list-search";
import { ListSortSelect } from "./list-sort";
import { ListTabs } from "./list-tabs";
import { PAGE_SIZE, pageWindow, useListUrl, type ListView } from "./list-url";
import { NewDraftButton } from "./new-draft-button";
import { PackageCards } from "./package-cards";
import { PackageTable } from "./package-table";
import { pageSelection, type CheckedRows } from "./selection";
import { useWideScreen } from "./use-wide-screen";

const DEFAULT_VIEW: ListView<InboxTab> = { tab: "inbox", search: "", sort: "updated", dir: "desc", page: 1 };
const PACKAGE_NOUN = { one: "package", many: "packages" };

/** `/packages`: the sender's folders of packages, searched, sorted and paged, with bulk actions. */
export function PackageInbox() {
  const { view, go } = useListUrl(INBOX_TAB_IDS, DEFAULT_VIEW);
  // `?ownerEmail=`: another sender's folders, opened from the account's senders.
  const ownerEmail = useSearchParams().get("ownerEmail")?.trim() || undefined;
  const tab = INBOX_TABS.find((candidate) => candidate.id === view.tab)!;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {ownerEmail ? (
          <div>
            <h1 className="text-2xl font-semibold tracking-tight break-all text-slate-900">Packages of {ownerEmail}</h1>
            <p className="mt-1 text-sm text-slate-700">
              <Link href="/account/senders" className="text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
                Back to senders
              </Link>{" "}
              ·{" "}
              <Link href="/packages" className="text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
                Your own packages
              </Link>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Packages</h1>
            <NewDraftButton type="PACKAGE" />
          </>
        )}
      </div>
      <ListTabs label="Folders" idPrefix="packages" tabs={INBOX_TABS} selected={view.tab} onSelect={(next) => go({ tab: next, page: 1 })}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ListSearch label="Search packages" placeholder="Search by name or description" value={view.search} onSearch={(search) => go({ search, page: 1 }, { replace: true })} />
          <ListSortSelect sort={view.sort} dir={view.dir} onChange={(sort, dir) => go({ sort, dir, page: 1 })} />
        </div>
        {/* A new tab starts from its loading state, not from the previous tab's rows. */}
        <InboxList key={`${ownerEmail ?? ""}:${view.tab}`} view={view} tab={tab} ownerEmail={ownerEmail} go={go} />
      </ListTabs>
    </div>
  );
}

interface InboxListProps {
  view: ListView<InboxTab>;
  tab: InboxTabDefinition;
  ownerEmail: string | undefined;
  go: (change: Partial<ListView<InboxTab>>) => void;
}

function InboxList({ view, tab, ownerEmail, go }: InboxListProps) {
  const params: PackageListParams = { type: "PACKAGE", query: tab.query, search: view.search || undefined, sort: view.sort, dir: view.dir, ...pageWindow(view.page), ownerEmail };
  const list = usePackageList(params);
  const wide = useWideScreen();
  // Checked rows belong to one list: another tab, search, order or page starts with none.
  const listKey = JSON.stringify(params);
  const [checked, setChecked] = useState<CheckedRows>({ listKey, ids: new Set() });

  if (list.isPending) return <LoadingState label="Loading packages…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const packages = list.data.results;
  const pageIds = packages.map((pkg) => pkg.id);
  const selection = pageSelection(pageIds, listKey, checked, setChecked);

  if (packages.length === 0) {
    if (list.data.count > 0 && view.page > 1) {
      return (
        <EmptyState title="This page is empty." action={<Button onClick={() => go({ page: Math.ceil(list.data.count / PAGE_SIZE) })}>Go to the last page</Button>}>
          The list got shorter since this page was opened.
        </EmptyState>
      );
    }
    if (view.search) {
      return (
        <EmptyState title={`No packages match “${view.search}”.`} action={<Button variant="secondary" onClick={() => go({ search: "", page: 1 })}>Clear the search</Button>}>
          Search looks in package names and descriptions in this folder. Try other words or another folder.
        </EmptyState>
      );
    }
    return (
      <EmptyState title={tab.empty.title} action={tab.empty.offerNewPackage && !ownerEmail ? <NewDraftButton type="PACKAGE" label="Start a new package" testId="empty-new-package" /> : undefined}>
        {tab.empty.text}
      </EmptyState>
    );
  }

  const nameOf = (id: string) => packages.find((pkg) => pkg.id === id)?.name ?? id;
  const caption = `${tab.label}: packages ${(view.page - 1) * PAGE_SIZE + 1} to ${(view.page - 1) * PAGE_SIZE + packages.length} of ${list.data.count}`;
  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      {/* Until the new page arrives, the previous one stays in sight, dimmed and out of reach. */}
      <div inert={list.isPlaceholderData} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <BulkActions inTrash={tab.id === "trash"} selected={[...selection.selected]} nameOf={nameOf} noun={PACKAGE_NOUN} />
        {wide ? (
          <PackageTable packages={packages} selection={selection} caption={caption} sorting={{ sort: view.sort, dir: view.dir, onSort: (sort, dir) => go({ sort, dir, page: 1 }) }} />
        ) : (
          <PackageCards packages={packages} selection={selection} label={caption} />
        )}
      </div>
      <ListPager page={view.page} count={list.data.count} shown={packages.length} loading={list.isPlaceholderData} onPage={(page) => go({ page })} />
    </div>
  );
}
