"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { readSenderListView, senderListQuery, type SenderListView } from "@/lib/console/sender-list-view";

/** The groups page's search and page, kept in the address the way the senders page keeps its own (the same two parameters). */
export type GroupListView = SenderListView;

export function useGroupListUrl() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const view: GroupListView = readSenderListView(params);
  /** A new view: pushed as a history entry, or (`replace`, for typing in the search box) in place of the current one. */
  function go(change: Partial<GroupListView>, { replace = false } = {}) {
    const href = `${pathname}${senderListQuery({ ...view, ...change }, new URLSearchParams(params))}`;
    if (replace) router.replace(href, { scroll: false });
    else router.push(href, { scroll: false });
  }
  return { view, go };
}
