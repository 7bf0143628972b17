import { z } from "zod";
import { roleInput } from "./packages";

/** `POST /api/fastTrack?token=` (the original's FastTrackRole list): the template's placeholders, each with its signer. */
export const fastTrackRolesInput = z.array(roleInput.extend({ id: z.string().min(1, "is required").max(64) })).min(1, "name at least one role").max(20);
export type FastTrackRolesInput = z.infer<typeof fastTrackRolesInput>;

/** The original's SigningUrl, as fast track answers it. */
// No roleId where no role is meant: the SDKs refuse a null one.
export const fastTrackAnswer = z.object({ url: z.string(), packageId: z.string(), roleId: z.string().optional() });
export type FastTrackAnswer = z.infer<typeof fastTrackAnswer>;

export const fastTrackUrlQuery = z.object({ signing: z.enum(["true", "false"]).default("true").transform((value) => value === "true") });
