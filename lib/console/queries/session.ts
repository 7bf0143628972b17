"use client";

import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/console/api-client";
import type { Permission } from "@/lib/esign/permissions";

export const sessionKeys = { session: ["session"] as const };

/** Who is signed in and in which account, asked of the service through the proxy. */
export function useConsoleSession() {
  return useQuery({
    queryKey: sessionKeys.session,
    queryFn: ({ signal }) => apiJson((c) => c.sessionResponse, "/api/session", { signal }),
    staleTime: 60_000,
  });
}

/**
 * What the signed-in user's roles allow. `undefined` while loading, and for a compatible service
 * that does not list permissions: the console then offers the action and shows the service's refusal.
 */
export function usePermissions(): ReadonlySet<string> | undefined {
  const permissions = useConsoleSession().data?.permissions;
  return permissions ? new Set(permissions) : undefined;
}

/** Whether to offer something that needs `permission`: yes unless the service said the user lacks it. */
export function useMayOffer(permission: Permission): boolean {
  const permissions = usePermissions();
  return permissions === undefined || permissions.has(permission);
}
