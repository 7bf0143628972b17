"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DelegatesReplacement } from "@/lib/api/delegates";
import { apiJson, apiPath, apiSend } from "@/lib/console/api-client";

export const delegateKeys = { of: (senderId: string) => ["delegates", senderId] as const };

/** A sender's delegates (`GET …/senders/{id}/delegates`). */
export function useDelegates(senderId: string | undefined) {
  return useQuery({
    queryKey: delegateKeys.of(senderId ?? ""),
    queryFn: ({ signal }) => apiJson((c) => c.delegatesResponse, apiPath("account", "senders", senderId!, "delegates"), { signal }),
    enabled: Boolean(senderId),
  });
}

/** Replaces the delegates (`PUT`): the console sends the whole list, a new one named by e-mail. */
export function useReplaceDelegates(senderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (delegates: DelegatesReplacement) => apiJson((c) => c.delegatesResponse, apiPath("account", "senders", senderId, "delegates"), { method: "PUT", json: delegates }),
    onSuccess: (data) => client.setQueryData(delegateKeys.of(senderId), data),
    onSettled: () => client.invalidateQueries({ queryKey: delegateKeys.of(senderId) }),
  });
}

export function useRemoveDelegate(senderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (delegateId: string) => apiSend(apiPath("account", "senders", senderId, "delegates", delegateId), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: delegateKeys.of(senderId) }),
  });
}
