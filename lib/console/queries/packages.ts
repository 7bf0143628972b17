"use client";

import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PackageType } from "@/lib/api/packages";
import type { Contracts } from "@/lib/console/load-contracts";
import { apiJson, apiPath, withQuery } from "@/lib/console/api-client";

/** The console's reads of packages and templates; every mutation invalidates `packageKeys.all`. */

export type PackageList = z.infer<Contracts["packageListResponse"]>;

export interface PackageListParams {
  type: PackageType;
  /** `inbox`, `sent`, `drafts`, `trashed`, or a status. */
  query?: string;
  search?: string;
  sort?: "created" | "updated" | "name" | "status" | "due";
  dir?: "asc" | "desc";
  /** 1-based, inclusive, as the API pages. */
  from: number;
  to: number;
  /** Another sender's folders instead of the caller's (needs users.transactions). */
  ownerEmail?: string;
}

export const packageKeys = {
  all: ["packages"] as const,
  list: (params: PackageListParams) => ["packages", "list", params] as const,
  one: (packageId: string) => ["packages", "one", packageId] as const,
};

/**
 * Reads every package query again after a change. A query still on its first fetch (the page's
 * history loading while the sender already acted) is cancelled first: invalidating it would reuse
 * that fetch, begun before the change, and the change would not show until the next refresh.
 */
export async function refreshPackageQueries(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: packageKeys.all, predicate: (query) => query.state.data === undefined });
  await queryClient.invalidateQueries({ queryKey: packageKeys.all });
}

export function usePackageList(params: PackageListParams) {
  return useQuery({
    queryKey: packageKeys.list(params),
    queryFn: ({ signal }) => apiJson((c) => c.packageListResponse, withQuery("/api/packages", { ...params }), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function packageQueryOptions(packageId: string) {
  return queryOptions({
    queryKey: packageKeys.one(packageId),
    queryFn: ({ signal }) => apiJson((c) => c.packageResponse, apiPath("packages", packageId), { signal }),
  });
}

export function usePackage(packageId: string) {
  return useQuery(packageQueryOptions(packageId));
}
