"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SenderInvite, SenderUpdate } from "@/lib/api/senders";
import { loadContracts } from "@/lib/console/load-contracts";
import { ApiError, apiJson, apiPath, apiRequest, withQuery } from "@/lib/console/api-client";
import { groupKeys } from "./groups";
import { outboxKeys } from "./outbox";

/**
 * The console's reads and changes of the account's senders (`/api/account/senders`), their
 * account roles and their keys. Every change invalidates `senderKeys.all` (the builder's sender
 * picker included) and what else shows senders: groups' members, roles' holders, the outbox's invitations.
 */

export interface SenderListParams {
  search?: string;
  /** 1-based, inclusive, as the API pages. */
  from: number;
  to: number;
}

export const senderKeys = {
  all: ["senders"] as const,
  /** The builder's list to pick a signer from. */
  picker: ["senders", "picker"] as const,
  list: (params: SenderListParams) => ["senders", "list", params] as const,
  roles: (senderId: string) => ["senders", "roles", senderId] as const,
  accountRoles: ["account-roles"] as const,
  invitationEmail: (email: string) => ["senders", "invitation-email", email] as const,
};

export function useSenderList(params: SenderListParams) {
  return useQuery({
    queryKey: senderKeys.list(params),
    queryFn: ({ signal }) => apiJson((c) => c.senderListResponse, withQuery("/api/account/senders", { ...params }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A refusal because the caller's roles do not allow it (403), as opposed to a failure. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** After a sender changed: every list that names senders. */
function useInvalidateSenderViews() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [senderKeys.all, senderKeys.accountRoles, groupKeys.all, outboxKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

export function useInviteSender() {
  const invalidateSenderViews = useInvalidateSenderViews();
  return useMutation({
    mutationFn: (invite: SenderInvite) => apiJson((c) => c.senderResponse, "/api/account/senders", { method: "POST", json: invite }),
    onSettled: invalidateSenderViews,
  });
}

export function useUpdateSender(senderId: string) {
  const invalidateSenderViews = useInvalidateSenderViews();
  return useMutation({
    mutationFn: (update: SenderUpdate) => apiJson((c) => c.senderResponse, apiPath("account", "senders", senderId), { method: "POST", json: update }),
    onSettled: invalidateSenderViews,
  });
}

/** What deleting answered: gone (204), or LOCKED because they still have drafts or packages in their inbox (200). */
export type SenderDeletion = { outcome: "DELETED" } | { outcome: "LOCKED" };

export function useDeleteSender(senderId: string) {
  const invalidateSenderViews = useInvalidateSenderViews();
  return useMutation({
    mutationFn: async (): Promise<SenderDeletion> => {
      const response = await apiRequest(apiPath("account", "senders", senderId), { method: "DELETE" });
      if (response.status === 204) return { outcome: "DELETED" };
      const [{ senderResponse }, body] = await Promise.all([loadContracts(), response.json()]);
      const sender = senderResponse.parse(body);
      return { outcome: sender.status === "LOCKED" ? "LOCKED" : "DELETED" };
    },
    onSettled: invalidateSenderViews,
  });
}

/** A new invitation link for a sender still INVITED (the earlier one stops working). */
export function useReinviteSender(senderId: string) {
  const invalidateSenderViews = useInvalidateSenderViews();
  return useMutation({
    mutationFn: () => apiJson((c) => c.senderResponse, apiPath("account", "senders", senderId, "invite"), { method: "POST" }),
    onSettled: invalidateSenderViews,
  });
}

/** The sender's API key, read only when the user confirmed they want to see it; never cached. */
export function useRevealSenderApiKey(senderId: string) {
  return useMutation({
    // A key is forgotten as soon as the dialog that shows it closes.
    gcTime: 0,
    mutationFn: () => apiJson((c) => c.senderApiKeyResponse, apiPath("account", "senders", senderId, "apiKey")),
  });
}

/** The account's roles, to choose from. */
export function useAccountRoles() {
  return useQuery({
    queryKey: senderKeys.accountRoles,
    queryFn: ({ signal }) => apiJson((c) => c.accountRoleListResponse, "/api/account/roles", { signal }),
  });
}

/** The ids of the account roles the sender holds in the caller's account. */
export function useSenderRoleIds(senderId: string) {
  return useQuery({
    queryKey: senderKeys.roles(senderId),
    queryFn: async ({ signal }) => {
      const held = await apiJson((c) => c.senderRolesResponse, apiPath("account", "senders", senderId, "roles"), { signal });
      return held.flatMap((entry) => entry.accountRoles.map((role) => role.id));
    },
  });
}

export function useAssignSenderRoles(senderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roleIds: string[]) => apiJson((c) => c.senderRolesResponse, apiPath("account", "senders", senderId, "roles"), { method: "POST", json: { roleIds } }),
    // The roles page lists each role's holders under the roles' key.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: senderKeys.all }), client.invalidateQueries({ queryKey: senderKeys.accountRoles })]),
  });
}

/** How the invitation e-mail to `email` fared, from the account's outbox: asked again while it is still queued. */
export type InvitationEmail = { status: "QUEUED" | "SENT" | "KEPT" | "FAILED" | "BOUNCED" } | { status: "UNKNOWN" };

export function useInvitationEmail(email: string) {
  return useQuery({
    queryKey: senderKeys.invitationEmail(email),
    queryFn: async ({ signal }): Promise<InvitationEmail> => {
      try {
        const outbox = await apiJson((c) => c.outboxListResponse, withQuery("/api/account/outbox", { from: 1, to: 20 }), { signal });
        const message = outbox.results.find((candidate) => candidate.kind === "SENDER_INVITATION" && candidate.to.toLowerCase() === email.toLowerCase());
        return message ? { status: message.status } : { status: "QUEUED" };
      } catch (error) {
        // Reading the outbox needs reports.view: without it, how the e-mail fared is not known.
        if (isForbidden(error)) return { status: "UNKNOWN" };
        throw error;
      }
    },
    // The e-mail job usually runs within a second; after half a minute, stop asking.
    refetchInterval: (query) => (query.state.data?.status === "QUEUED" && query.state.dataUpdateCount < 30 ? 1_000 : false),
    staleTime: 0,
  });
}
