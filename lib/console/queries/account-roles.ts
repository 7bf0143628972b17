"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountRoleCreateRequest, AccountRoleUpdateRequest } from "@/lib/api/account-roles";
import { apiJson, apiPath, apiSend, withQuery } from "@/lib/console/api-client";
import { senderKeys } from "./senders";
import { sessionKeys } from "./session";

/**
 * The console's reads and changes of the account's roles (`/api/account/roles`), their holders
 * and the permission catalogue. The role list is the senders page's (`useAccountRoles`, one key);
 * every change invalidates the roles, the senders (their held roles) and the session (the
 * signed-in user may hold the role, and the menu follows their permissions).
 */

export { useAccountRoles } from "./senders";

export const accountRoleKeys = {
  /** The role list itself, and everything about roles below it. */
  all: senderKeys.accountRoles,
  holders: (roleId: string, window: { from: number; to: number }) => [...senderKeys.accountRoles, "holders", roleId, window] as const,
  permissions: ["permissions"] as const,
};

/** The whole permission catalogue; it changes only with the service. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: accountRoleKeys.permissions,
    queryFn: ({ signal }) => apiJson((c) => c.permissionCatalogueResponse, "/api/account/permissions", { signal }),
    staleTime: Infinity,
  });
}

/** One window of the senders who hold the role. */
export function useRoleHolders(roleId: string, window: { from: number; to: number }) {
  return useQuery({
    queryKey: accountRoleKeys.holders(roleId, window),
    queryFn: ({ signal }) => apiJson((c) => c.roleHolderListResponse, withQuery(apiPath("account", "roles", roleId, "users"), window), { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateRoles() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountRoleKeys.all }),
      client.invalidateQueries({ queryKey: senderKeys.all }),
      client.invalidateQueries({ queryKey: sessionKeys.session }),
    ]);
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (role: AccountRoleCreateRequest) => apiJson((c) => c.accountRoleResponse, "/api/account/roles", { method: "POST", json: role }),
    onSettled: invalidate,
  });
}

/** A partial update: what is left out stays as it is (enabling or disabling sends `enabled` alone). */
export function useUpdateRole(roleId: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (update: AccountRoleUpdateRequest) => apiJson((c) => c.accountRoleResponse, apiPath("account", "roles", roleId), { method: "PUT", json: update }),
    onSettled: invalidate,
  });
}

export function useDeleteRole(roleId: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: () => apiSend(apiPath("account", "roles", roleId), { method: "DELETE" }),
    onSettled: invalidate,
  });
}
