"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CeremonyView, fetchCeremonyView } from "./ceremony-requests";

export const ceremonyKey = (packageId: string) => ["ceremony", packageId] as const;

/** The signer's view of the package; every action below refreshes it. */
export function useCeremonyView(packageId: string, enabled = true) {
  return useQuery<CeremonyView, Error>({
    queryKey: ceremonyKey(packageId),
    queryFn: () => fetchCeremonyView(packageId),
    enabled,
    // A signer waiting for their turn sees it come without reloading.
    refetchInterval: (query) => (query.state.data && !query.state.data.progress.mayStart ? 30_000 : false),
  });
}

/**
 * A ceremony action: runs `action`, then refreshes the view (also after a refusal: the package may
 * have moved on), unless `refreshAfter` says the answer ends the ceremony: the last signature
 * completes the package, and the service then answers the view with a 409 the browser logs.
 */
export function useCeremonyAction<Input, Output = unknown>(packageId: string, action: (input: Input) => Promise<Output>, refreshAfter: (answer: Output) => boolean = () => true) {
  const queryClient = useQueryClient();
  return useMutation<Output, Error, Input>({
    mutationFn: action,
    onSettled: (answer, error) => (error || refreshAfter(answer as Output) ? queryClient.invalidateQueries({ queryKey: ceremonyKey(packageId) }) : undefined),
  });
}
