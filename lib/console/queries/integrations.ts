"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CallbackRequest } from "@/lib/api/callbacks";
import type { ClientAppRequest } from "@/lib/api/client-apps";
import { apiJson, apiPath, apiSend, withQuery } from "@/lib/console/api-client";

/**
 * The console's reads and changes of the user's API access and the account's integrations: their
 * own key, client applications (`/api/account/clientApps`), the callback registration
 * (`/api/callback`), its connectors (`/api/callback/connectors`) and the delivery log
 * (`/api/callback/deliveries`), and the origins that may frame
 * the account's ceremony (embedded signing).
 */

/** 1-based, inclusive, as the API pages. */
export interface PageParams {
  from: number;
  to: number;
}

export const integrationKeys = {
  clientApps: ["client-apps"] as const,
  clientAppList: (params: PageParams) => ["client-apps", "list", params] as const,
  callback: ["callback"] as const,
  connectors: ["callback", "connectors"] as const,
  deliveries: ["callback", "deliveries"] as const,
  deliveryList: (params: PageParams) => ["callback", "deliveries", params] as const,
};

/** The signed-in user's own key, read only when they ask to see it; never cached. */
export function useRevealOwnApiKey(userId: string) {
  return useMutation({
    // A key is forgotten as soon as the dialog that shows it closes.
    gcTime: 0,
    mutationFn: () => apiJson((c) => c.senderApiKeyResponse, apiPath("account", "senders", userId, "apiKey")),
  });
}

export function useClientApps(params: PageParams) {
  return useQuery({
    queryKey: integrationKeys.clientAppList(params),
    queryFn: ({ signal }) => apiJson((c) => c.clientAppListResponse, withQuery("/api/account/clientApps", { ...params }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Answers the new application with its secret, which the service shows this once. */
export function useCreateClientApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ClientAppRequest) => apiJson((c) => c.createdClientAppResponse, "/api/account/clientApps", { method: "POST", json: request }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.clientApps }),
  });
}

export function useRevokeClientApp(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend(apiPath("account", "clientApps", clientId), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.clientApps }),
  });
}

/** The account's registration; null when it has none (the service answers 204). */
export function useCallbackRegistration() {
  return useQuery({
    queryKey: integrationKeys.callback,
    queryFn: ({ signal }) => apiJson((c) => c.callbackResponse.nullable(), "/api/callback", { signal }),
  });
}

/** Registering anew cancels pending deliveries the new registration no longer wants: the log changes too (both under `callback`). */
export function useSaveCallback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CallbackRequest) => apiJson((c) => c.callbackResponse, "/api/callback", { method: "POST", json: request }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.callback }),
  });
}

export function useRemoveCallback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend("/api/callback", { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.callback }),
  });
}

/** Queues a CALLBACK_TEST to the registered destination (our extension); answers the delivery. */
export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson((c) => c.callbackDeliveryResponse, "/api/callback/test", { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.deliveries }),
  });
}

/** The account's callback connectors, by name (our extension's list). */
export function useCallbackConnectors() {
  return useQuery({
    queryKey: integrationKeys.connectors,
    queryFn: ({ signal }) => apiJson((c) => c.callbackConnectorListResponse, "/api/callback/connectors", { signal }),
  });
}

/** Registers (or replaces) a connector; pending deliveries it no longer wants are cancelled: the log changes too (both under `callback`). */
export function useSaveCallbackConnector() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...request }: CallbackRequest & { name: string }) => apiJson((c) => c.callbackResponse, apiPath("callback", "connectors", name), { method: "POST", json: request }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.callback }),
  });
}

export function useRemoveCallbackConnector() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend(apiPath("callback", "connectors", name), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.callback }),
  });
}

/** Queues a CALLBACK_TEST to one connector (our extension); answers the delivery. */
export function useSendConnectorTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiJson((c) => c.callbackDeliveryResponse, apiPath("callback", "connectors", name, "test"), { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.deliveries }),
  });
}

/** One page of the delivery log, newest first; asked again every 2 s while a delivery on it is still PENDING. */
export function useCallbackDeliveries(params: PageParams) {
  return useQuery({
    queryKey: integrationKeys.deliveryList(params),
    queryFn: ({ signal }) => apiJson((c) => c.callbackDeliveryListResponse, withQuery("/api/callback/deliveries", { ...params }), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((delivery) => delivery.status === "PENDING") ? 2_000 : false),
  });
}

export function useResendDelivery(deliveryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend(apiPath("callback", "deliveries", deliveryId, "resend"), { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.deliveries }),
  });
}

const embeddingKey = ["account-settings", "packageSettings"] as const;

/** The origins that may frame the account's signing ceremony (packageSettings' embeddedSigningOrigins). */
export function useEmbeddedSigningOrigins() {
  return useQuery({
    queryKey: embeddingKey,
    queryFn: async ({ signal }) => (await apiJson((c) => c.embeddingSettings, "/api/account/admin/accountSettings/packageSettings", { signal })).embeddedSigningOrigins,
  });
}

export function useSaveEmbeddedSigningOrigins() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) =>
      apiJson((c) => c.embeddingSettings, "/api/account/admin/accountSettings/packageSettings", { method: "PATCH", json: { embeddedSigningOrigins: origins } }),
    onSettled: () => client.invalidateQueries({ queryKey: embeddingKey }),
  });
}
