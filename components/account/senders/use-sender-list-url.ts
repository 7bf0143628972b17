"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { readSenderListView, senderListQuery, type SenderListView } from "@/lib/console/sender-list-view";

/** The senders page's search and page, kept in the address (lib/console/sender-list-view.ts). */
export function useSenderListUrl() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const view = readSenderListView(params);
  /** A new view: pushed as a history entry, or (`replace`, for typing in the search box) in place of the current one. */
  function go(change: Partial<SenderListView>, { replace = false } = {}) {
    const href = `${pathname}${senderListQuery({ ...view, ...change }, new URLSearchParams(params))}`;
    if (replace) router.replace(href, { scroll: false });
    else router.push(href, { scroll: false });
  }
  return { view, go };
}
