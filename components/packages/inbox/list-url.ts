"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { LIST_SORTS } from "@/lib/api/wire-values";
import type { PackageListParams } from "@/lib/console/queries/packages";

/**
 * A list page's view (tab, search, sort, page) kept in the address's query, so reload, back and
 * a shared link show the same list. Values equal to the defaults are left out of the address;
 * other parameters stay.
 */

export const PAGE_SIZE = 20;

export type ListSort = NonNullable<PackageListParams["sort"]>;
export type ListDir = NonNullable<PackageListParams["dir"]>;

export interface ListView<Tab extends string> {
  tab: Tab;
  search: string;
  sort: ListSort;
  dir: ListDir;
  /** 1-based. */
  page: number;
}

export function pageWindow(page: number): { from: number; to: number } {
  return { from: (page - 1) * PAGE_SIZE + 1, to: page * PAGE_SIZE };
}

function readView<Tab extends string>(params: URLSearchParams, tabs: readonly Tab[], defaults: ListView<Tab>): ListView<Tab> {
  const tab = params.get("tab");
  const sort = params.get("sort");
  const dir = params.get("dir");
  const page = Number(params.get("page"));
  return {
    tab: tabs.includes(tab as Tab) ? (tab as Tab) : defaults.tab,
    search: params.get("search") ?? "",
    sort: (LIST_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ListSort) : defaults.sort,
    dir: dir === "asc" || dir === "desc" ? dir : defaults.dir,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query parameters a list view owns; any other one (the inbox's `ownerEmail`) is kept as it is. */
const VIEW_PARAMS = ["tab", "search", "sort", "dir", "page"];

function queryOf<Tab extends string>(view: ListView<Tab>, defaults: ListView<Tab>, current: URLSearchParams): string {
  const params = new URLSearchParams(current);
  for (const name of VIEW_PARAMS) params.delete(name);
  if (view.tab !== defaults.tab) params.set("tab", view.tab);
  if (view.search) params.set("search", view.search);
  if (view.sort !== defaults.sort || view.dir !== defaults.dir) {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  if (view.page > 1) params.set("page", String(view.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function useListUrl<Tab extends string>(tabs: readonly Tab[], defaults: ListView<Tab>) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const view = readView(params, tabs, defaults);
  /** A new view: pushed as a history entry, or (`replace`, for typing in the search box) in place of the current one. */
  function go(change: Partial<ListView<Tab>>, { replace = false } = {}) {
    const href = `${pathname}${queryOf({ ...view, ...change }, defaults, params)}`;
    if (replace) router.replace(href, { scroll: false });
    else router.push(href, { scroll: false });
  }
  return { view, go };
}
