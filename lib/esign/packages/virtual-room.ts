import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { packages, roles, users } from "@/lib/db/schema";
import type { VirtualRoomRequest, VirtualRoomResponse } from "@/lib/api/virtual-room";
import type { Caller } from "@/lib/esign/accounts/caller";
import { unprocessable } from "@/lib/esign/errors";
import { findPackage, type PackageRow } from "./find-package";
import { changePackage } from "./package-change";
import { senderName } from "./package-content";

/**
 * A package's virtual room (the original's `…/virtual-room/config`): the hosted session's start
 * and its host, with the integrator's video wishes. Signet has no video service: `video` and
 * `videoRecording` are kept and answered as the integrator set them, and nothing is filmed or
 * recorded. The schedule is what Signet acts on: the participants' invitations carry it and the
 * host's ceremony shows it.
 */

/** The configuration of a package that has none: no session planned, no video. */
export const DEFAULT_VIRTUAL_ROOM: VirtualRoomResponse = { video: false, videoRecording: false };

/** The stored room as GET answers it. */
export function wireVirtualRoom(stored: Record<string, unknown> | null | undefined): VirtualRoomResponse {
  if (!stored) return { ...DEFAULT_VIRTUAL_ROOM };
  return {
    video: stored.video === true,
    videoRecording: stored.videoRecording === true,
    ...(typeof stored.startDatetime === "string" ? { startDatetime: stored.startDatetime } : {}),
    ...(typeof stored.hostUid === "string" ? { hostUid: stored.hostUid } : {}),
  };
}

/** `GET …/virtual-room/config` (`?default=true`: the configuration a package without one has). */
export async function getVirtualRoom(db: Db, caller: Caller, packageId: string, options: { defaults?: boolean } = {}): Promise<VirtualRoomResponse> {
  if (options.defaults) return { ...DEFAULT_VIRTUAL_ROOM };
  const row = await findPackage(db, caller, packageId);
  return wireVirtualRoom(row.virtualRoom);
}

/** Who a `hostUid` names in this package: one of its roles, or its sender; null when neither. */
async function findHost(db: Queryable, pkg: Pick<PackageRow, "id" | "ownerUserId">, hostUid: string): Promise<VirtualRoomHost | null> {
  const [role] = await db.select({ id: roles.id, signer: roles.signer, signerEmail: roles.signerEmail }).from(roles).where(and(eq(roles.packageId, pkg.id), eq(roles.id, hostUid)));
  if (role) {
    const signer = role.signer ?? {};
    const name = [signer.firstName, signer.lastName].filter((part) => typeof part === "string" && part).join(" ");
    return { roleId: role.id, userId: null, name: name || role.signerEmail || role.id };
  }
  if (hostUid !== pkg.ownerUserId) return null;
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, hostUid));
  return user ? { roleId: null, userId: hostUid, name: senderName(user) } : null;
}

/**
 * `PUT …/virtual-room/config`: replaces the package's room, while it is a DRAFT or out for
 * signing. A host must be one of the package's roles or its sender (422 otherwise). Invitations
 * sent from now on carry the schedule; the ceremony shows it at once. Recorded as VIRTUAL_ROOM_SET.
 */
export async function setVirtualRoom(db: Db, caller: Caller, packageId: string, input: VirtualRoomRequest): Promise<VirtualRoomResponse> {
  return changePackage(
    db,
    caller,
    packageId,
    "its virtual room",
    async ({ tx, row, record }) => {
      if (input.hostUid && !(await findHost(tx, row, input.hostUid))) {
        throw unprocessable(
          "error.validation.virtualRoomHost",
          `The virtual room's host ${input.hostUid} is neither a role of package ${packageId} nor its sender; name one of its roles (their id) or the sender (their user id).`,
        );
      }
      const stored: Record<string, unknown> = {
        video: input.video ?? false,
        videoRecording: input.videoRecording ?? false,
        ...(input.startDatetime ? { startDatetime: new Date(input.startDatetime).toISOString() } : {}),
        ...(input.hostUid ? { hostUid: input.hostUid } : {}),
      };
      await tx.update(packages).set({ virtualRoom: stored }).where(eq(packages.id, packageId));
      const when = typeof stored.startDatetime === "string" ? `starting ${stored.startDatetime}` : "with no start set";
      await record("VIRTUAL_ROOM_SET", { message: `Virtual room ${when}${input.hostUid ? `, hosted by ${input.hostUid}` : ""}` });
      return wireVirtualRoom(stored);
    },
    { allowed: "draftOrSent" },
  );
}

export interface VirtualRoomHost {
  roleId: string | null;
  userId: string | null;
  name: string;
}

/** The session as invitations and the ceremony show it: its start (UTC) and host; null when the package has no room. */
export interface VirtualRoomSchedule {
  startDatetime: string | null;
  host: VirtualRoomHost | null;
}

export async function virtualRoomSchedule(db: Queryable, pkg: Pick<PackageRow, "id" | "ownerUserId" | "virtualRoom">): Promise<VirtualRoomSchedule | null> {
  const room = pkg.virtualRoom ? wireVirtualRoom(pkg.virtualRoom) : null;
  if (!room) return null;
  return { startDatetime: room.startDatetime ?? null, host: room.hostUid ? await findHost(db, pkg, room.hostUid) : null };
}

/** A start as the e-mails and texts write it, the same in every language: `2030-01-31 14:00 UTC`. */
export function scheduleText(startDatetime: string): string {
  return `${startDatetime.slice(0, 10)} ${startDatetime.slice(11, 16)} UTC`;
}
