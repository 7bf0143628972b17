"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WireNotaryCommission } from "@/lib/api/notary";
import { ApiError, apiJson, apiPath, apiSend } from "@/lib/console/api-client";

/**
 * The console's reads and changes of a sender's notary commission
 * (`/api/account/senders/{id}/notaryCommission`) and of a notary's journal (`/api/user/{id}/journal`).
 */

export const notaryKeys = {
  commission: (senderId: string) => ["notary", "commission", senderId] as const,
  journal: (userId: string) => ["notary", "journal", userId] as const,
};

const commissionPath = (senderId: string) => apiPath("account", "senders", senderId, "notaryCommission");

/** The sender's commission, or null when none is on file (the service's 404). */
export function useNotaryCommission(senderId: string | undefined) {
  return useQuery({
    queryKey: notaryKeys.commission(senderId ?? ""),
    enabled: Boolean(senderId),
    queryFn: async ({ signal }): Promise<WireNotaryCommission | null> => {
      try {
        return await apiJson((c) => c.notaryCommissionResponse, commissionPath(senderId!), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export interface NotaryCommissionForm {
  name: string;
  number: number;
  jurisdiction: string;
  country: string;
  /** yyyy-mm-dd */
  expirationDate: string;
}

export function useSaveNotaryCommission(senderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commission: NotaryCommissionForm) =>
      apiJson((c) => c.notaryCommissionResponse, commissionPath(senderId), { method: "PUT", json: { ...commission, expirationDate: `${commission.expirationDate}T23:59:59Z` } }),
    onSettled: () => client.invalidateQueries({ queryKey: notaryKeys.commission(senderId) }),
  });
}

export function useDeleteNotaryCommission(senderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend(commissionPath(senderId), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: notaryKeys.commission(senderId) }),
  });
}

/** The notary's journal, newest first. */
export function useNotaryJournal(userId: string | undefined) {
  return useQuery({
    queryKey: notaryKeys.journal(userId ?? ""),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => apiJson((c) => c.notaryJournalResponse, `${apiPath("user", userId!, "journal")}?dir=DESC`, { signal }),
  });
}
