"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GroupCreate, GroupUpdate } from "@/lib/api/groups";
import { apiJson, apiPath, apiSend, withQuery } from "@/lib/console/api-client";
import { senderKeys } from "./senders";

/**
 * The console's reads and changes of the account's groups (`/api/groups`). Every change
 * invalidates `groupKeys.all`, which also holds the package builder's group picker
 * (`builderKeys.groups`), and the senders (a sender's `memberships` name their groups).
 */

export interface GroupListParams {
  search?: string;
  /** 1-based, inclusive, as the API pages. */
  from: number;
  to: number;
}

export const groupKeys = {
  all: ["groups"] as const,
  list: (params: GroupListParams) => ["groups", "list", params] as const,
};

export function useGroupList(params: GroupListParams) {
  return useQuery({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => apiJson((c) => c.groupListResponse, withQuery("/api/groups", { ...params }), { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateGroups() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: groupKeys.all }), client.invalidateQueries({ queryKey: senderKeys.all })]);
}

export function useCreateGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (group: GroupCreate) => apiJson((c) => c.groupResponse, "/api/groups", { method: "POST", json: group }),
    onSettled: invalidate,
  });
}

/** `members`, when given, replaces the member list. */
export function useUpdateGroup(groupId: string) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (update: GroupUpdate) => apiJson((c) => c.groupResponse, apiPath("groups", groupId), { method: "PUT", json: update }),
    onSettled: invalidate,
  });
}

export function useDeleteGroup(groupId: string) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: () => apiSend(apiPath("groups", groupId), { method: "DELETE" }),
    onSettled: invalidate,
  });
}

/** The account's senders whose name, e-mail or company holds `search`: the first ten, to add as members. */
export function useMemberCandidates(search: string) {
  const params = { search: search || undefined, from: 1, to: 10 };
  return useQuery({
    queryKey: senderKeys.list(params),
    queryFn: ({ signal }) => apiJson((c) => c.senderListResponse, withQuery("/api/account/senders", params), { signal }),
    placeholderData: keepPreviousData,
  });
}
