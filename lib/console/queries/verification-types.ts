"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiPath, apiSend } from "@/lib/console/api-client";
import { builderKeys } from "./package-builder";
import { useConsoleSession } from "./session";

/**
 * The verification types the account's senders may attach to signers: the whole catalogue, each
 * activated or not (`/api/account/verificationTypes`, our extension). A change also invalidates
 * the package builder's list of activated types (`builderKeys.verificationTypes`).
 */

export const verificationTypeKeys = { catalogue: ["verification-types", "catalogue"] as const };

export function useVerificationTypeCatalogue() {
  return useQuery({
    queryKey: verificationTypeKeys.catalogue,
    queryFn: ({ signal }) => apiJson((c) => c.verificationTypeCatalogueResponse, "/api/account/verificationTypes", { signal }),
  });
}

/** Activates (`activate: true`) or deactivates the type for the caller's account; both are idempotent. */
export function useSetVerificationTypeActivated(typeId: string) {
  const client = useQueryClient();
  // The builder's key names the account, as the session tells it (verification-section.tsx).
  const accountId = useConsoleSession().data?.account.id;
  return useMutation({
    mutationFn: async (activate: boolean) => {
      const path = apiPath("account", "verificationTypes", typeId);
      if (activate) await apiJson((c) => c.verificationTypeCatalogueEntry, path, { method: "PUT" });
      else await apiSend(path, { method: "DELETE" });
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: verificationTypeKeys.catalogue }),
        accountId ? client.invalidateQueries({ queryKey: builderKeys.verificationTypes(accountId) }) : undefined,
      ]),
  });
}
