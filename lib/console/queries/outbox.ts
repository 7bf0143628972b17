"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiJson, withQuery } from "@/lib/console/api-client";

/** The account's e-mail outbox (`/api/account/outbox`, our extension), newest first. Read only. */

export interface OutboxPage {
  /** 1-based, inclusive, as the API pages. */
  from: number;
  to: number;
}

export const outboxKeys = {
  all: ["outbox"] as const,
  list: (params: OutboxPage) => ["outbox", "list", params] as const,
};

/** One page; asked again every 2 s while a message on it is still QUEUED. */
export function useOutbox(params: OutboxPage) {
  return useQuery({
    queryKey: outboxKeys.list(params),
    queryFn: ({ signal }) => apiJson((c) => c.outboxListResponse, withQuery("/api/account/outbox", { ...params }), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((message) => message.status === "QUEUED") ? 2_000 : false),
  });
}
