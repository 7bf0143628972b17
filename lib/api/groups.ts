import { z } from "zod";
import { optional, pageFrom } from "./wire";
import { GROUP_MEMBER_TYPES } from "./wire-values";

export { GROUP_MEMBER_TYPES };

/**
 * The wire contract of groups (spec 2.9 and 4.7, compat notes "Account resources"). Request
 * schemas accept partial bodies and ignore unknown members (a member read back from GET, with its
 * `firstName`, `pending` and so on, can be sent again); explicit nulls mean "not set".
 */

/** An empty string from a client means "not set", like null. */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(""), schema])
    .nullish()
    .transform((value) => value || undefined)
    .optional();

/** A member names a sender of the account by e-mail or by user id. */
export const groupMemberInput = z
  .object({
    email: optionalText(z.email("must be an e-mail address").max(254)),
    userId: optionalText(z.string().trim().min(1).max(256)),
    memberType: optional(z.enum(GROUP_MEMBER_TYPES)),
  })
  .refine((member) => member.email !== undefined || member.userId !== undefined, "a member needs an email or a userId");
export type GroupMemberInput = z.infer<typeof groupMemberInput>;

const members = z.array(groupMemberInput).max(500);

/** `POST /api/groups`. */
export const groupCreate = z.object({
  name: z.string().trim().min(1, "is required").max(256),
  email: z.email("must be an e-mail address").max(254),
  emailMembers: optional(z.boolean()),
  members: members.nullish().transform((value) => value ?? []),
});
export type GroupCreate = z.infer<typeof groupCreate>;

/** `PUT /api/groups/{groupId}`: what is absent stays as it is; `members`, when present, replaces the member list. */
export const groupUpdate = z.object({
  name: optional(z.string().trim().min(1, "must not be empty").max(256)),
  email: optional(z.email("must be an e-mail address").max(254)),
  emailMembers: optional(z.boolean()),
  members: optional(members),
});
export type GroupUpdate = z.infer<typeof groupUpdate>;

/** `POST /api/groups/{groupId}/members`: one member, or an array of them. */
export const groupMembersAdd = z
  .union([groupMemberInput, z.array(groupMemberInput).min(1, "must name at least one member").max(500)])
  .transform((value) => (Array.isArray(value) ? value : [value]));
export type GroupMembersAdd = z.infer<typeof groupMembersAdd>;

/** `GET /api/groups`: 1-based inclusive `from`/`to`, `search` in the name, `dir` by name. */
export const groupListQuery = z.object({
  search: optional(z.string().max(256)),
  dir: z.enum(["asc", "desc"]).default("asc"),
  from: pageFrom,
  to: optional(z.coerce.number().int().min(1)),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

// Response shapes (no nulls; dates as UTC strings ending in Z).
const date = z.iso.datetime().describe("UTC, ISO 8601, ending in Z");

export const groupMemberResponse = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  memberType: z.enum(GROUP_MEMBER_TYPES),
  pending: z.boolean().describe("True while the sender has not activated their account (status INVITED)"),
});
export type WireGroupMember = z.infer<typeof groupMemberResponse>;

export const groupResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailMembers: z.boolean(),
  reciprocalDelegation: z.boolean(),
  members: z.array(groupMemberResponse),
  created: date,
  updated: date,
});
export type WireGroup = z.infer<typeof groupResponse>;

export const groupListResponse = z.object({
  results: z.array(groupResponse),
  count: z.number().int().describe("The number of groups that match, not the page size"),
});
export type GroupListResponse = z.infer<typeof groupListResponse>;

/** `GET /api/groups/summary`: the groups without their members. */
export const groupSummaryList = z.object({
  results: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), data: z.record(z.string(), z.unknown()) })),
  count: z.number().int(),
});
export type GroupSummaryList = z.infer<typeof groupSummaryList>;
