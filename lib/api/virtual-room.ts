import { z } from "zod";
import { optional } from "./wire";

/**
 * The wire contract of a package's virtual room (the original's `VirtualRoom`, its SDK's
 * `VirtualRoomService`): `PUT|GET /api/packages/{packageId}/virtual-room/config`. Unknown members
 * are ignored, as the SDK's model ignores them.
 */

/** An ISO 8601 date-time in UTC, as the SDK's JsonDateSerializer writes it (`yyyy-MM-dd'T'HH:mm:ssZ`, milliseconds allowed). */
const utcDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]00:?00)$/, "must be an ISO 8601 date-time in UTC, such as 2030-01-31T14:00:00Z")
  .refine((value) => !Number.isNaN(Date.parse(value)), "is not a date");

/** `PUT /api/packages/{packageId}/virtual-room/config`. */
export const virtualRoomRequest = z.object({
  video: optional(z.boolean({ error: "must be true or false" })),
  videoRecording: optional(z.boolean({ error: "must be true or false" })),
  startDatetime: optional(utcDateTime),
  hostUid: optional(z.string().trim().max(255, "must be at most 255 characters")),
});
export type VirtualRoomRequest = z.infer<typeof virtualRoomRequest>;

/** What GET answers (and PUT stores): members left unset are absent, as the original leaves nulls out. */
export const virtualRoomResponse = z.object({
  video: z.boolean().describe("The integrator asked for a video conference (Signet has no video service: stored, not run)"),
  videoRecording: z.boolean().describe("The integrator asked for the conference to be recorded (stored; Signet records nothing)"),
  startDatetime: z.string().optional().describe("When the hosted session starts, UTC"),
  hostUid: z.string().optional().describe("Who hosts it: a role of the package, or the package's sender (their user id)"),
});
export type VirtualRoomResponse = z.infer<typeof virtualRoomResponse>;
