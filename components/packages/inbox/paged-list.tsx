"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { ListPager } from "./list-pager";
import { PAGE_SIZE } from "./list-url";

export interface PagedListProps<Item> {
  list: UseQueryResult<{ results: Item[]; count: number }>;
  page: number;
  search: string;
  go: (change: { page?: number; search?: string }) => void;
  /** What the list holds, plural ("senders"), in the reader's language, for its loading and no-match states. */
  things: string;
  /** Starts the caption of the rows: "<label> 21 to 40 of 57". */
  label: string;
  /** Where the search looks, said when it found nothing. */
  searchScope: string;
  /** The list's own empty state, when nothing is searched for. */
  empty: ReactNode;
  /** The rows of the page, with a caption that says which part of the list they are. */
  children: (items: Item[], caption: string) => ReactNode;
}

/**
 * One page of a paged list (packages, templates, senders): its loading and error states, the
 * empty states (a page emptied meanwhile, a search that found nothing, the list's own), the rows
 * (the previous page's dimmed until the next arrives) and the pager.
 */
export function PagedList<Item>({ list, page, search, go, things, label, searchScope, empty, children }: PagedListProps<Item>) {
  const t = useTranslations("console.packages.list");
  if (list.isPending) return <LoadingState label={t("loading", { things })} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const items = list.data.results;
  if (items.length === 0) {
    if (list.data.count > 0 && page > 1) {
      return (
        <EmptyState title={t("pageEmpty")} action={<Button onClick={() => go({ page: Math.ceil(list.data.count / PAGE_SIZE) })}>{t("lastPage")}</Button>}>
          {t("shorter")}
        </EmptyState>
      );
    }
    if (search) {
      return (
        <EmptyState title={t("noMatch", { things, search })} action={<Button variant="secondary" onClick={() => go({ search: "", page: 1 })}>{t("clearSearch")}</Button>}>
          {searchScope}
        </EmptyState>
      );
    }
    return empty;
  }

  const first = (page - 1) * PAGE_SIZE + 1;
  const caption = t("caption", { label, first, last: first + items.length - 1, count: list.data.count });
  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      {/* Until the new page arrives, the previous one stays in sight, dimmed and out of reach. */}
      <div inert={list.isPlaceholderData} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        {children(items, caption)}
      </div>
      <ListPager page={page} count={list.data.count} shown={items.length} loading={list.isPlaceholderData} onPage={(next) => go({ page: next })} />
    </div>
  );
}
