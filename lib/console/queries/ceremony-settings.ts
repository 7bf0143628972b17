"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiPath, apiSend } from "@/lib/console/api-client";

/**
 * The console's reads and changes of what the account's signers are told besides the documents:
 * the support contact (`/api/account/admin/accountSettings/supportConfiguration`) and the closing
 * text of the ceremony per language (`/api/accountConfig/thankYouDialog/{language}`).
 */

const SUPPORT_PATH = "/api/account/admin/accountSettings/supportConfiguration";
const supportKey = ["account", "supportConfiguration"] as const;
export type SupportContact = { email: string; phone: string };

export function useSupportContact() {
  return useQuery({
    queryKey: supportKey,
    queryFn: async ({ signal }): Promise<SupportContact> => {
      const stored = await apiJson((c) => c.supportDocument, SUPPORT_PATH, { signal });
      return { email: stored.email ?? "", phone: stored.phone ?? "" };
    },
  });
}

export function useSaveSupportContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contact: SupportContact) => apiJson((c) => c.supportDocument, SUPPORT_PATH, { method: "PATCH", json: contact }),
    onSettled: () => client.invalidateQueries({ queryKey: supportKey }),
  });
}

const thankYouKey = (language: string) => ["account", "thankYouDialog", language] as const;
const thankYouPath = (language: string) => apiPath("accountConfig", "thankYouDialog", language);

export function useAccountThankYou(language: string) {
  return useQuery({ queryKey: thankYouKey(language), queryFn: ({ signal }) => apiJson((c) => c.thankYouDialogResponse, thankYouPath(language), { signal }) });
}

/** Saves the text of a language; an empty body removes it (Signet's own text is shown again). */
export function useSaveAccountThankYou(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (text: { title: string; body: string }) => {
      if (text.body.trim()) await apiJson((c) => c.thankYouDialogResponse, thankYouPath(language), { method: "PUT", json: text });
      else await apiSend(thankYouPath(language), { method: "DELETE" });
    },
    onSettled: () => client.invalidateQueries({ queryKey: thankYouKey(language) }),
  });
}
