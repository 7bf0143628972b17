"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderChange, RoleInput, RoleUpdate, WireDocument, WirePackage } from "@/lib/api/packages";
import { loadContracts } from "@/lib/console/load-contracts";
import {
  ACCOUNT_CHANGED_MESSAGE_KEY,
  ApiError,
  apiJson,
  apiPath,
  apiSend,
  consoleAccountHeaders,
  proxied,
  refusalOf,
  reportAccountChanged,
  reportSessionExpired,
  withQuery,
} from "@/lib/console/api-client";
import { packageKeys, refreshPackageQueries } from "./packages";
import { senderKeys } from "./senders";

/**
 * The package builder's reads and writes: every change is its own API call on the draft (no
 * "save" button). Mutations refresh `packageKeys.all` (`refreshPackageQueries`); the two reorders
 * are optimistic and roll back when the service refuses.
 */

export const builderKeys = {
  senders: senderKeys.picker,
  groups: ["groups", "picker"] as const,
  verificationTypes: (accountId: string) => ["account", accountId, "verificationTypes"] as const,
  // Not under packageKeys.all on purpose: every change of the package would refetch one per role.
  roleVerification: (packageId: string, roleId: string) => ["roleVerification", packageId, roleId] as const,
};

/** The account's senders to pick a signer from (the first 100). */
export function useSenderPicker() {
  return useQuery({
    queryKey: builderKeys.senders,
    queryFn: ({ signal }) => apiJson((c) => c.senderListResponse, withQuery("/api/account/senders", { from: 1, to: 100 }), { signal }),
  });
}

/** The account's groups to pick a group signer from (the first 100). */
export function useGroupPicker() {
  return useQuery({
    queryKey: builderKeys.groups,
    queryFn: ({ signal }) => apiJson((c) => c.groupListResponse, withQuery("/api/groups", { from: 1, to: 100 }), { signal }),
  });
}

export function useVerificationTypes(accountId: string | undefined) {
  return useQuery({
    queryKey: builderKeys.verificationTypes(accountId ?? ""),
    queryFn: ({ signal }) => apiJson((c) => c.verificationTypesResponse, apiPath("account", accountId!, "verificationTypes"), { signal }),
    enabled: Boolean(accountId),
  });
}

/** A role's verification, null when none (the service answers 204). */
export function useRoleVerification(packageId: string, roleId: string) {
  return useQuery({
    queryKey: builderKeys.roleVerification(packageId, roleId),
    queryFn: ({ signal }) => apiJson((c) => c.roleVerificationResponse.nullable(), apiPath("packages", packageId, "roles", roleId, "verification"), { signal }),
  });
}

export function useSetRoleVerification(packageId: string, roleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (typeId: string | null) => {
      const path = apiPath("packages", packageId, "roles", roleId, "verification");
      if (typeId === null) await apiSend(path, { method: "DELETE" });
      else await apiSend(path, { method: "PUT", json: { typeId, payload: "" } });
      return typeId;
    },
    onSuccess: (typeId) => queryClient.setQueryData(builderKeys.roleVerification(packageId, roleId), typeId === null ? null : { typeId, payload: "" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: builderKeys.roleVerification(packageId, roleId) }),
  });
}

/** A mutation on the package whose success refreshes every view of packages. */
function usePackageMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => refreshPackageQueries(queryClient),
  });
}

/** `POST /api/packages/{id}` with a partial body: settings, and `{status: "SENT"}` to send. */
export function useUpdatePackage(packageId: string) {
  return usePackageMutation((body: Record<string, unknown>) => apiSend(apiPath("packages", packageId), { method: "POST", json: body }));
}

export function useAddRole(packageId: string) {
  return usePackageMutation((role: RoleInput | Record<string, unknown>) => apiSend(apiPath("packages", packageId, "roles"), { method: "POST", json: role }));
}

export function useUpdateRole(packageId: string) {
  return usePackageMutation(({ roleId, changes }: { roleId: string; changes: RoleUpdate | Record<string, unknown> }) =>
    apiSend(apiPath("packages", packageId, "roles", roleId), { method: "PUT", json: changes }),
  );
}

export function useDeleteRole(packageId: string) {
  return usePackageMutation((roleId: string) => apiSend(apiPath("packages", packageId, "roles", roleId), { method: "DELETE" }));
}

export function useRenameDocument(packageId: string) {
  return usePackageMutation(({ documentId, name }: { documentId: string; name: string }) =>
    apiSend(apiPath("packages", packageId, "documents", documentId), { method: "PUT", json: { name } }),
  );
}

export function useDeleteDocument(packageId: string) {
  return usePackageMutation((documentId: string) => apiSend(apiPath("packages", packageId, "documents", documentId), { method: "DELETE" }));
}

/**
 * An order change shown at once: the cached package takes the new indexes (`apply`), the service
 * is asked, and the previous package comes back if it refuses (the caller shows the message).
 */
function useOptimisticOrder(packageId: string, path: string[], apply: (pkg: WirePackage, order: OrderChange) => WirePackage) {
  const queryClient = useQueryClient();
  const key = packageKeys.one(packageId);
  return useMutation({
    mutationFn: (order: OrderChange) => apiSend(apiPath("packages", packageId, ...path), { method: "PUT", json: order }),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WirePackage>(key);
      if (previous) queryClient.setQueryData<WirePackage>(key, apply(previous, order));
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => refreshPackageQueries(queryClient),
  });
}

/** Sorts by the new index, keeping the current order among equals (as the service orders by index, then insertion). */
function withIndexes<T extends { id: string; index: number }>(items: T[], order: OrderChange): T[] {
  const indexes = new Map(order.map((entry) => [entry.id, entry.index]));
  return items
    .map((item, position) => ({ item: { ...item, index: indexes.get(item.id) ?? item.index }, position }))
    .sort((a, b) => a.item.index - b.item.index || a.position - b.position)
    .map(({ item }) => item);
}

/** `PUT /api/packages/{id}/roles` `[{id, index}]`: the signing order. */
export function useReorderRoles(packageId: string) {
  return useOptimisticOrder(packageId, ["roles"], (pkg, order) => ({ ...pkg, roles: withIndexes(pkg.roles, order) }));
}

/** `PUT /api/packages/{id}/documents` `[{id, index}]`: the document order. */
export function useReorderDocuments(packageId: string) {
  return useOptimisticOrder(packageId, ["documents"], (pkg, order) => ({ ...pkg, documents: withIndexes(pkg.documents, order) }));
}

export interface DocumentUploadPayload {
  name: string;
  index: number;
  extract?: boolean;
  extractionTypes?: string[];
}

/**
 * One PDF added to a draft: `POST .../documents` as multipart (a `payload` part with the document's
 * JSON, then the `file` part), through XMLHttpRequest because fetch reports no upload progress.
 * Resolves with the stored document; rejects with an ApiError carrying the service's message.
 */
export function uploadDocument(
  packageId: string,
  file: File,
  payload: DocumentUploadPayload,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<WireDocument> {
  // The schemas load while the file uploads; a failure to load them is said when the answer is read.
  const contracts = loadContracts();
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("payload", JSON.stringify(payload));
    form.append("file", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", proxied(apiPath("packages", packageId, "documents")));
    request.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(consoleAccountHeaders())) request.setRequestHeader(name, value);
    request.responseType = "text";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => void settle().catch(reject);
    const settle = async () => {
      if (request.status === 401) reportSessionExpired();
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        const contractsLoaded = await contracts.catch(() => null);
        const parsed = contractsLoaded?.documentResponse.safeParse(body);
        if (parsed?.success) resolve(parsed.data);
        else if (!contractsLoaded) reject(new ApiError(request.status, "error.response", "The document was added, but this page could not read the service's answer. Reload the page to see it."));
        else reject(new ApiError(request.status, "error.response", "The service answered the upload with something unexpected."));
        return;
      }
      const refusal = refusalOf(request.status, body, `The upload failed (HTTP ${request.status}).`);
      if (refusal.messageKey === ACCOUNT_CHANGED_MESSAGE_KEY) reportAccountChanged();
      reject(refusal);
    };
    request.onerror = () =>
      reject(new ApiError(0, "network", "The upload was cut off. The file may be larger than the service accepts, or the connection was lost."));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
