"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentVisibilityResponse } from "@/lib/api/document-visibility";
import { apiJson, apiPath } from "@/lib/console/api-client";
import { packageKeys } from "./packages";

/** Under `packageKeys.all`: a change to the package (a role or document removed) reads it again. */
const visibilityKey = (packageId: string) => [...packageKeys.all, "documentVisibility", packageId] as const;

/** The package's document visibility: which roles see which documents (documents not listed: everyone). */
export function useDocumentVisibility(packageId: string) {
  return useQuery({
    queryKey: visibilityKey(packageId),
    queryFn: ({ signal }) => apiJson((c) => c.documentVisibilityResponse, apiPath("packages", packageId, "documents", "visibility"), { signal }),
  });
}

/** Replaces every configuration; the answer (as stored) becomes the cached one. */
export function useSetDocumentVisibility(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: DocumentVisibilityResponse) =>
      apiJson((c) => c.documentVisibilityResponse, apiPath("packages", packageId, "documents", "visibility"), { method: "POST", json: visibility }),
    onSuccess: (stored) => queryClient.setQueryData(visibilityKey(packageId), stored),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visibilityKey(packageId) }),
  });
}
