"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PackageType, packageClone } from "@/lib/api/packages";
import { apiJson, apiPath, apiSend } from "@/lib/console/api-client";
import { packageKeys, refreshPackageQueries } from "./packages";

/**
 * What the console does to whole packages and templates: trash, restore, delete, archive,
 * unarchive, create a draft,
 * start a package from a template. Plain functions (for any caller) and mutation hooks that
 * refresh every package query when they are done.
 */

export function trashPackage(packageId: string): Promise<void> {
  return apiSend(apiPath("packages", packageId), { method: "POST", json: { trashed: true } });
}

export function restorePackage(packageId: string): Promise<void> {
  return apiSend(apiPath("packages", packageId), { method: "POST", json: { trashed: false } });
}

/** A completed package into the archive (`ARCHIVED`), or an archived one back to `COMPLETED`. */
export function archivePackage(packageId: string): Promise<void> {
  return apiSend(apiPath("packages", packageId), { method: "POST", json: { status: "ARCHIVED" } });
}

export function unarchivePackage(packageId: string): Promise<void> {
  return apiSend(apiPath("packages", packageId), { method: "POST", json: { status: "COMPLETED" } });
}

export function deletePackage(packageId: string): Promise<void> {
  return apiSend(apiPath("packages", packageId), { method: "DELETE" });
}

/** A new, empty draft package or template (JSON, no documents yet); answers its id. */
export function createDraft(input: { type: PackageType; name: string }): Promise<{ id: string }> {
  return apiJson((c) => c.createdResponse, "/api/packages", { method: "POST", json: { name: input.name, type: input.type, status: "DRAFT" } });
}

/** The body of `POST /api/packages/{id}/clone`, as a client sends it. */
export type CloneRequest = z.input<typeof packageClone>;

/** A new package (or template) copied from `sourceId`; answers the new id. */
export function clonePackage(sourceId: string, request: CloneRequest): Promise<{ id: string }> {
  return apiJson((c) => c.createdResponse, apiPath("packages", sourceId, "clone"), { method: "POST", json: request });
}

export type PackageAction = "trash" | "restore" | "delete" | "archive" | "unarchive";

const ACTIONS: Record<PackageAction, (packageId: string) => Promise<void>> = {
  trash: trashPackage,
  restore: restorePackage,
  delete: deletePackage,
  archive: archivePackage,
  unarchive: unarchivePackage,
};

export interface BulkOutcome {
  /** The ids the action succeeded on. */
  done: string[];
  /** The ids it failed on, each with the service's message. */
  failed: { id: string; message: string }[];
}

/** Runs one action on several packages side by side; each succeeds or fails alone. */
export async function runOnPackages(action: PackageAction, packageIds: string[]): Promise<BulkOutcome> {
  const outcomes = await Promise.allSettled(packageIds.map((id) => ACTIONS[action](id)));
  const outcome: BulkOutcome = { done: [], failed: [] };
  outcomes.forEach((result, i) => {
    if (result.status === "fulfilled") outcome.done.push(packageIds[i]!);
    else outcome.failed.push({ id: packageIds[i]!, message: result.reason instanceof Error ? result.reason.message : String(result.reason) });
  });
  return outcome;
}

function useRefreshPackages() {
  const queryClient = useQueryClient();
  return {
    refresh: () => refreshPackageQueries(queryClient),
    /** A deleted package's own query would only answer 404 from now on. */
    forget: (packageIds: string[]) => packageIds.forEach((id) => queryClient.removeQueries({ queryKey: packageKeys.one(id) })),
  };
}

/** Trash, restore, delete, archive or unarchive several packages at once; resolves with what succeeded and what failed. */
export function useBulkPackageAction() {
  const { refresh, forget } = useRefreshPackages();
  return useMutation({
    mutationFn: ({ action, packageIds }: { action: PackageAction; packageIds: string[] }) => runOnPackages(action, packageIds),
    onSuccess: (outcome, { action }) => {
      if (action === "delete") forget(outcome.done);
    },
    onSettled: refresh,
  });
}

/** Trash, restore, delete, archive or unarchive one package; a failure rejects with the service's ApiError. */
export function usePackageAction() {
  const { refresh, forget } = useRefreshPackages();
  return useMutation({
    mutationFn: ({ action, packageId }: { action: PackageAction; packageId: string }) => ACTIONS[action](packageId),
    onSuccess: (_, { action, packageId }) => {
      if (action === "delete") forget([packageId]);
    },
    onSettled: refresh,
  });
}

export function useCreateDraft() {
  const { refresh } = useRefreshPackages();
  return useMutation({ mutationFn: createDraft, onSuccess: refresh });
}

export function useClonePackage() {
  const { refresh } = useRefreshPackages();
  return useMutation({
    mutationFn: ({ sourceId, request }: { sourceId: string; request: CloneRequest }) => clonePackage(sourceId, request),
    onSuccess: refresh,
  });
}

/** The message to show for a failed mutation: the service's own when it gave one. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Try again.";
}
