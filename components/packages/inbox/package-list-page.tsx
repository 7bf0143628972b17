"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { usePackageList, type PackageListParams } from "@/lib/console/queries/packages";
import { BulkActions, type FolderStatusAction, type Noun } from "./bulk-actions";
import { PagedList } from "./paged-list";
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
  /** The folder's status change for checked rows (Completed: archive; Archived: unarchive). */
  statusAction?: FolderStatusAction;
  /** Where the search looks, said when it found nothing. */
  searchScope: string;
  /** The list's own empty state, when nothing is searched for. */
  empty: ReactNode;
  /** The rows of the page, given which are checked and a caption that says which part of the list they are. */
  children: (items: WirePackage[], selection: RowSelection, caption: string) => ReactNode;
}

/**
 * One page of a list of packages or templates, the frame the inbox and the templates share: a
 * paged list whose rows can be checked, with the bulk actions over the checked ones.
 */
export function PackageListPage({ params, page, search, go, noun, label, inTrash, statusAction, searchScope, empty, children }: PackageListPageProps) {
  const t = useTranslations("console.packages.list");
  const list = usePackageList(params);
  // Checked rows belong to one list: another tab, search, order or page starts with none.
  const listKey = JSON.stringify(params);
  const [checked, setChecked] = useState<CheckedRows>({ listKey, ids: new Set() });
  return (
    <PagedList list={list} page={page} search={search} go={go} things={noun.many} label={t("ofFolder", { label, things: noun.many })} searchScope={searchScope} empty={empty}>
      {(items, caption) => {
        const selection = pageSelection(
          items.map((item) => item.id),
          listKey,
          checked,
          setChecked,
        );
        const nameOf = (id: string) => items.find((item) => item.id === id)?.name ?? id;
        return (
          <>
            <BulkActions inTrash={inTrash} statusAction={statusAction} selected={[...selection.selected]} nameOf={nameOf} noun={noun} />
            {children(items, selection, caption)}
          </>
        );
      }}
    </PagedList>
  );
}
