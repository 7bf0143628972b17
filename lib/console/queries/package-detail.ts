"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PackageStatus, WireRole } from "@/lib/api/packages";
import type { ReminderScheduleRequest } from "@/lib/api/reminders";
import type { VirtualRoomRequest } from "@/lib/api/virtual-room";
import type { SigningStatus } from "@/lib/api/signing-entry";
import type { Contracts } from "@/lib/console/load-contracts";
import { apiJson, apiPath, apiSend, withQuery } from "@/lib/console/api-client";
import { packageKeys, refreshPackageQueries } from "./packages";

/**
 * The package page's reads and writes beyond the package itself: its audit trail, each signer's
 * signing status, the reminder schedule, status changes, signing links and invitations. Every key
 * starts with `packageKeys.all`, so whatever refreshes the packages refreshes these too.
 */

export const packageDetailKeys = {
  audit: (packageId: string) => [...packageKeys.all, "audit", packageId] as const,
  signerStatus: (packageId: string, roleId: string) => [...packageKeys.all, "signingStatus", packageId, roleId] as const,
  reminders: (packageId: string) => [...packageKeys.all, "reminders", packageId] as const,
  virtualRoom: (packageId: string) => [...packageKeys.all, "virtualRoom", packageId] as const,
};

export type PackageAuditEvent = z.infer<Contracts["packageAuditEvent"]>;

export function usePackageAudit(packageId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: packageDetailKeys.audit(packageId),
    // events=all: the sender's events too (Signet's extension; a service without it answers the signers' trail).
    queryFn: ({ signal }) => apiJson((c) => c.packageAuditResponse, withQuery(apiPath("packages", packageId, "audit"), { events: "all" }), { signal }),
    select: (trail) => trail["audit-events"],
  });
}

export interface SignerStatuses {
  /** Each asked role's status once known. */
  byRole: Map<string, SigningStatus>;
  pending: boolean;
  error: Error | null;
  refetch: () => void;
}

/** Whether each signer has finished (`SIGNING_COMPLETED`), one `signingStatus?signer=` per role; asked only when `enabled`. */
export function useSignerStatuses(packageId: string, roleIds: string[], enabled: boolean): SignerStatuses {
  return useQueries({
    queries: roleIds.map((roleId) => ({
      queryKey: packageDetailKeys.signerStatus(packageId, roleId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiJson((c) => c.signingStatusResponse, withQuery(apiPath("packages", packageId, "signingStatus"), { signer: roleId }), { signal }),
      enabled,
    })),
    combine: (results) => {
      const byRole = new Map<string, SigningStatus>();
      results.forEach((result, i) => {
        if (result.data) byRole.set(roleIds[i]!, result.data.status);
      });
      return {
        byRole,
        pending: enabled && results.some((result) => result.isPending),
        error: results.find((result) => result.error)?.error ?? null,
        refetch: () => results.forEach((result) => void result.refetch()),
      };
    },
  });
}

/** The schedule, or null when the package has none (the service answers 204). */
export function useReminderSchedule(packageId: string) {
  return useQuery({
    queryKey: packageDetailKeys.reminders(packageId),
    queryFn: ({ signal }) => apiJson((c) => c.reminderScheduleResponse.nullable(), apiPath("packages", packageId, "reminders"), { signal }),
  });
}

function useRefreshPackages() {
  const queryClient = useQueryClient();
  return () => refreshPackageQueries(queryClient);
}

/** `{"status": ...}`: send, complete, archive. */
export function useChangePackageStatus(packageId: string) {
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: (status: PackageStatus) => apiSend(apiPath("packages", packageId), { method: "PUT", json: { status } }),
    onSettled: refresh,
  });
}

/** `{"status":"DRAFT","message":reason}`: the signing is cancelled and the signers who were invited are e-mailed the reason. */
export function useCancelSigning(packageId: string) {
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: (reason: string) => apiSend(apiPath("packages", packageId), { method: "PUT", json: { status: "DRAFT", message: reason } }),
    onSettled: refresh,
  });
}

export type ReminderTimings = Pick<ReminderScheduleRequest, "startInDaysDelay" | "intervalInDays" | "repetitionsCount">;

/** Creates the schedule (POST, drafts only) or changes the one there is (PUT). */
export function useSaveReminderSchedule(packageId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: ({ timings, exists }: { timings: ReminderTimings; exists: boolean }) =>
      apiJson((c) => c.reminderScheduleResponse, apiPath("packages", packageId, "reminders"), { method: exists ? "PUT" : "POST", json: { packageId, ...timings } }),
    onSuccess: (schedule) => queryClient.setQueryData(packageDetailKeys.reminders(packageId), schedule),
    // Not awaited: a refusal may remove the form (the schedule was gone), and its caller must still hear why.
    onSettled: () => void refresh(),
  });
}

export function useDeleteReminderSchedule(packageId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: () => apiSend(apiPath("packages", packageId, "reminders"), { method: "DELETE" }),
    onSuccess: () => queryClient.setQueryData(packageDetailKeys.reminders(packageId), null),
    onSettled: () => void refresh(),
  });
}

/** A new multi-use link into the role's ceremony (each call makes one, hence a mutation). */
export function useSigningUrl(packageId: string) {
  return useMutation({
    mutationFn: (roleId: string) => apiJson((c) => c.signingUrlResponse, apiPath("packages", packageId, "roles", roleId, "signingUrl")),
  });
}

/** The role's invitation e-mailed again (our service: `POST .../roles/{roleId}/notifications`). */
export function useResendInvitation(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => apiSend(apiPath("packages", packageId, "roles", roleId, "notifications"), { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packageDetailKeys.audit(packageId) }),
  });
}

/** The signer texted a fresh signing link (`POST .../roles/{roleId}/sms_notification`). */
export function useTextSigningLink(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => apiSend(apiPath("packages", packageId, "roles", roleId, "sms_notification"), { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packageDetailKeys.audit(packageId) }),
  });
}

/**
 * Deletes the package. Only the lists are refreshed: the page leaves for /packages, and its own
 * queries would answer nothing but 404 from now on.
 */
export function useDeletePackage(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend(apiPath("packages", packageId), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...packageKeys.all, "list"] }),
  });
}

/**
 * The sender's review of a signer's attachment on a SENT package: the role PUT back with that one
 * requirement REJECTED (with the comment) or accepted (COMPLETE, `accepted: true`), as the API takes it.
 */
export function useReviewAttachment(packageId: string) {
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: ({ role, attachmentId, decision, comment }: { role: WireRole; attachmentId: string; decision: "accept" | "reject"; comment?: string }) =>
      apiSend(apiPath("packages", packageId, "roles", role.id), {
        method: "PUT",
        json: {
          attachmentRequirements: role.attachmentRequirements.map(({ id, name, description, required, status, comment: current }) =>
            id !== attachmentId
              ? { id, name, description, required, status, comment: current }
              : decision === "accept"
                ? { id, name, description, required, status: "COMPLETE", comment: "", accepted: true }
                : { id, name, description, required, status: "REJECTED", comment: comment ?? "" },
          ),
        },
      }),
    onSettled: refresh,
  });
}

/** The package's virtual room (`GET .../virtual-room/config`). */
export function useVirtualRoom(packageId: string) {
  return useQuery({
    queryKey: packageDetailKeys.virtualRoom(packageId),
    queryFn: ({ signal }) => apiJson((c) => c.virtualRoomResponse, apiPath("packages", packageId, "virtual-room", "config"), { signal }),
  });
}

/** Replaces the package's virtual room (`PUT .../virtual-room/config`). */
export function useSaveVirtualRoom(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (room: VirtualRoomRequest) => apiJson((c) => c.virtualRoomResponse, apiPath("packages", packageId, "virtual-room", "config"), { method: "PUT", json: room }),
    onSuccess: (room) => queryClient.setQueryData(packageDetailKeys.virtualRoom(packageId), room),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packageDetailKeys.audit(packageId) }),
  });
}
