"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { z } from "zod";
import type { createSubAccountRequest, updateSubAccountRequest } from "@/lib/api/sub-accounts";
import { listSwitchableAccounts, switchAccount } from "@/lib/console/actions/account-actions";
import { apiJson, apiPath, setConsoleAccount } from "@/lib/console/api-client";

/**
 * The console's reads and changes of sub accounts (`/api/account/subaccounts`), the accounts the
 * user belongs to, their keys there, and the switch between accounts. Every change invalidates
 * `subAccountKeys.all`; a switch resets the whole cache, since every answer depends on the account.
 */

export const subAccountKeys = {
  all: ["sub-accounts"] as const,
  list: ["sub-accounts", "list"] as const,
  accessible: ["sub-accounts", "accessible"] as const,
  switchable: ["sub-accounts", "switchable"] as const,
};

/** The accounts below the one the console is in, flat, each naming its parent. */
export function useSubAccounts() {
  return useQuery({
    queryKey: subAccountKeys.list,
    queryFn: ({ signal }) => apiJson((c) => c.subAccountListResponse, "/api/account/subaccounts", { signal }),
  });
}

/** Every account the user belongs to, the current one included. */
export function useAccessibleAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subAccountKeys.accessible,
    queryFn: ({ signal }) => apiJson((c) => c.accessibleAccountsResponse, "/api/account/accessibleaccounts", { signal }),
    enabled,
  });
}

/**
 * The accounts the console can switch into (server action: the account signed in to and those
 * below it where the user holds a key), names only.
 */
export function useSwitchableAccounts() {
  return useQuery({
    queryKey: subAccountKeys.switchable,
    queryFn: async () => {
      const found = await listSwitchableAccounts();
      if (!found.ok) throw new Error(found.message);
      return found.accounts;
    },
  });
}

export function useCreateSubAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: z.input<typeof createSubAccountRequest>) => apiJson((c) => c.subAccountResponse, "/api/account/subaccounts", { method: "POST", json: request }),
    onSettled: () => client.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}

export function useUpdateSubAccount(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: z.input<typeof updateSubAccountRequest>) => apiJson((c) => c.subAccountResponse, apiPath("account", "subaccounts", accountId), { method: "PUT", json: request }),
    onSettled: () => client.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}

/**
 * The user's key in one sub account, read only when they confirmed they want to see it; never
 * cached. `null` when the service lists no key of theirs there.
 */
export function useRevealSubAccountKey(accountId: string) {
  return useMutation({
    // A key is forgotten as soon as the dialog that shows it closes.
    gcTime: 0,
    mutationFn: async () => {
      const keys = await apiJson((c) => c.subAccountApiKeysResponse, "/api/account/subaccountApiKeys");
      return keys.find((key) => key.accountUid === accountId)?.apiKey ?? null;
    },
  });
}

/**
 * Moves the console into another of the user's accounts (server action: the key never reaches the
 * browser), then forgets every answer of the account it left and opens the inbox of the new one.
 */
export function useSwitchAccount() {
  const client = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: async (accountId: string) => {
      const outcome = await switchAccount(accountId);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome;
    },
    onSuccess: (outcome) => {
      setConsoleAccount(outcome.accountId);
      // Reset, not clear: the top bar's session query stays mounted and must fetch again.
      void client.resetQueries();
      router.push("/packages");
      router.refresh();
    },
  });
}
