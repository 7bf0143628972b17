/**
 * The senders page's view (search and page) as it is kept in the address's query, so reload,
 * back and a shared link show the same list. Defaults are left out of the address; parameters the
 * view does not own are kept as they are.
 */

export interface SenderListView {
  search: string;
  /** 1-based. */
  page: number;
}

export function readSenderListView(params: URLSearchParams): SenderListView {
  const page = Number(params.get("page"));
  return { search: (params.get("search") ?? "").trim(), page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** `?search=…&page=…` for a view, keeping the other parameters of `current`; "" when nothing is left. */
export function senderListQuery(view: SenderListView, current: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams(current);
  params.delete("search");
  params.delete("page");
  if (view.search) params.set("search", view.search);
  if (view.page > 1) params.set("page", String(view.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
