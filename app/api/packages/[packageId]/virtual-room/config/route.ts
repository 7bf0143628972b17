import { virtualRoomRequest, virtualRoomResponse } from "@/lib/api/virtual-room";
import { getVirtualRoom, setVirtualRoom } from "@/lib/esign/packages/virtual-room";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** The package's virtual room; `?default=true`, the configuration of a package that has none. */
export const GET = apiRoute(
  {
    params: ["packageId"],
    tag: "Virtual Room",
    summary: "Read the package's virtual room",
    description:
      "The hosted session's start (UTC) and host, with the integrator's video wishes (kept, not run: Signet has no video service). A package without a room answers {video: false, videoRecording: false}; so does ?default=true.",
    permission: PERMISSIONS.transaction,
    responses: { 200: ok(virtualRoomResponse) },
  },
  async ({ request, db, caller, params }) => {
    const defaults = new URL(request.url).searchParams.get("default") === "true";
    return json(await getVirtualRoom(db, caller, params.packageId, { defaults }));
  },
);

/** Replaces the package's virtual room (a DRAFT, or a package out for signing). */
export const PUT = apiRoute(
  {
    params: ["packageId"],
    tag: "Virtual Room",
    summary: "Set the package's virtual room",
    description:
      "Replaces the room: `startDatetime` an ISO date-time in UTC, `hostUid` one of the package's roles or its sender's user id. Invitations sent from then on carry the schedule and the host's ceremony shows it. Records VIRTUAL_ROOM_SET. Answers the room as stored.",
    permission: PERMISSIONS.transaction,
    body: { schema: virtualRoomRequest },
    responses: {
      200: ok(virtualRoomResponse),
      409: ok(errorBody, "The package is neither a DRAFT nor out for signing, or is in the trash"),
      422: ok(errorBody, "The host is not a role of the package nor its sender (error.validation.virtualRoomHost)"),
    },
  },
  async ({ db, caller, params, body }) => {
    return json(await setVirtualRoom(db, caller, params.packageId, body));
  },
);

export * from "@/lib/http/method-not-allowed";
