"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { WirePackage } from "@/lib/api/packages";
import { usePackageList, type PackageListParams } from "@/lib/console/queries/packages";
import { BulkActions, type Noun } from "./bulk-actions";
import { ListPager } from "./list-pager";
import { PAGE_SIZE } from "./list-url";
import { pageSelection, type CheckedRows, type RowSelection } from "./selection";

export interface PackageListPageProps {
  params: PackageListParams;
  page: number;
  search: string;
  go: (change: { page?: number; search?: string }) => void;
  noun: Noun;
  /** What the list is (a folder, the trash), for the rows' caption. */
  label: string;
  inTrash: boolean;
  /** Where the search looks, said when it found nothing. */
  searchScope: string;
  /** The list's own empty state, when nothing is searched for. */
  empty: ReactNode;
  /** The rows of the page, given which are checked and a caption that says which part of the list they are. */
  children: (items: WirePackage[], selection: RowSelection, caption: string) => ReactNode;
}

/**
 * One page of a list of packages or templates, the frame the inbox and the templates share: its
 * loading and error states, the empty states (a page emptied meanwhile, a search that found
 * nothing, the list's own), the bulk actions over the checked rows, and the pager.
 */
export function PackageListPage({ params, page, search, go, noun, label, inTrash, searchScope, empty, children }: PackageListPageProps) {
  const list = usePackageList(params);
  // Checked rows belong to one list: another tab, search, order or page starts with none.
  const listKey = JSON.stringify(params);
  const [checked, setChecked] = useState<CheckedRows>({ listKey, ids: new Set() });

  if (list.isPending) return <LoadingState label={`Loading ${noun.many}…`} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const items = list.data.results;
  if (items.length === 0) {
    if (list.data.count > 0 && page > 1) {
      return (
        <EmptyState title="This page is empty." action={<Button onClick={() => go({ page: Math.ceil(list.data.count / PAGE_SIZE) })}>Go to the last page</Button>}>
          The list got shorter since this page was opened.
        </EmptyState>
      );
    }
    if (search) {
      return (
        <EmptyState title={`No ${noun.many} match “${search}”.`} action={<Button variant="secondary" onClick={() => go({ search: "", page: 1 })}>Clear the search</Button>}>
          {searchScope}
        </EmptyState>
      );
    }
    return empty;
  }

  const selection = pageSelection(
    items.map((item) => item.id),
    listKey,
    checked,
    setChecked,
  );
  const nameOf = (id: string) => items.find((item) => item.id === id)?.name ?? id;
  const caption = `${label}: ${noun.many} ${(page - 1) * PAGE_SIZE + 1} to ${(page - 1) * PAGE_SIZE + items.length} of ${list.data.count}`;
  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      {/* Until the new page arrives, the previous one stays in sight, dimmed and out of reach. */}
      <div inert={list.isPlaceholderData} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <BulkActions inTrash={inTrash} selected={[...selection.selected]} nameOf={nameOf} noun={noun} />
        {children(items, selection, caption)}
      </div>
      <ListPager page={page} count={list.data.count} shown={items.length} loading={list.isPlaceholderData} onPage={(next) => go({ page: next })} />
    </div>
  );
}
