import { z } from "zod";
import { wireAccountRole } from "./account-roles";
import { optional, pageFrom } from "./wire";

/**
 * The wire contract of senders, the users of an account (spec 2.8, 3.5, 4.6; compat notes,
 * "Account resources"), their activation (our extension) and their account roles. Request
 * schemas ignore unknown members; explicit nulls mean "not set".
 */

const name = z.string().trim().min(1, "is required").max(100);
const text = (max: number) => z.string().trim().max(max);

export const SENDER_STATUSES = ["INVITED", "ACTIVE", "LOCKED"] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];
export const SENDER_TYPES = ["REGULAR", "MANAGER"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/**
 * `POST /api/account/senders`: invites a user, INVITED until they activate, or ACTIVE at once when
 * `status` says so (the original service's way to skip the activation e-mail's step: their key
 * works at once; the e-mail still lets them choose a password for the console).
 */
export const senderInvite = z.object({
  status: optional(z.enum(["INVITED", "ACTIVE"])),
  email: z.email("must be an e-mail address").max(254),
  firstName: name,
  lastName: name,
  company: optional(text(200)),
  title: optional(text(200)),
  phone: optional(text(64)),
  language: optional(z.string().trim().min(2).max(16)),
  timezoneId: optional(z.string().trim().min(1).max(64)),
  type: optional(z.enum(SENDER_TYPES)),
});
export type SenderInvite = z.infer<typeof senderInvite>;

/** `POST /api/account/senders/{id}`: the e-mail is not a member, so one in the body is ignored (spec 2.8: it cannot change). */
export const senderUpdate = z.object({
  firstName: optional(name),
  lastName: optional(name),
  company: optional(text(200)),
  title: optional(text(200)),
  phone: optional(text(64)),
  language: optional(z.string().trim().min(2).max(16)),
  timezoneId: optional(z.string().trim().min(1).max(64)),
  type: optional(z.enum(SENDER_TYPES)),
});
export type SenderUpdate = z.infer<typeof senderUpdate>;

/** `GET /api/account/senders`: 1-based inclusive paging, `search` over e-mail, names and company. */
export const senderListQuery = z.object({
  from: pageFrom,
  to: optional(z.coerce.number().int().min(1)),
  search: optional(z.string().max(256)),
});
export type SenderListQuery = z.infer<typeof senderListQuery>;

const roleId = z.string().trim().min(1).max(256);
const roleReference = z.union([roleId, z.object({ id: roleId })]).transform((ref) => (typeof ref === "string" ? ref : ref.id));
const roleReferences = z.array(roleReference).max(100);
const accountId = z.string().trim().min(1).max(256);

/** `GET /api/account/senders/{id}/roles`: `accountId`, when given, must be the account the caller acts in (400 otherwise). */
export const senderRolesQuery = z.object({ accountId: optional(accountId) });
export type SenderRolesQuery = z.infer<typeof senderRolesQuery>;

/**
 * `POST /api/account/senders/{id}/roles`: the roles the user holds in the account afterwards
 * (replacing the ones held before). The real service's `UserAccountRole`,
 * `{"accountId", "accountRoles": [{"id"}, ...]}` (`accountId`, when given, must be the account the
 * caller acts in: 400 otherwise; the roles' other members and `userId` are ignored), and the
 * simpler `{"roleIds": [...]}` or a bare array of ids or of `{id}`.
 */
export const senderRolesAssignment = z.union(
  [
    roleReferences.transform((roleIds) => ({ roleIds, accountId: undefined })),
    z.object({ roleIds: roleReferences }).transform((body) => ({ roleIds: body.roleIds, accountId: undefined })),
    z.object({ accountId: optional(accountId), accountRoles: roleReferences }).transform((body) => ({ roleIds: body.accountRoles, accountId: body.accountId })),
  ],
  { error: 'expected {"accountId": "...", "accountRoles": [{"id": "..."}]}, {"roleIds": [...]}, an array of role ids, or an array of {"id"}' },
);
export type SenderRolesAssignment = z.infer<typeof senderRolesAssignment>;

/** `POST /api/account/activation` (our extension, public): the token of the invitation link and the new password. */
export const senderActivation = z.object({
  token: z.string().trim().min(1, "is required").max(256),
  password: z.string().min(1, "is required"),
});
export type SenderActivation = z.infer<typeof senderActivation>;

// Response shapes: what the service answers (no nulls; dates as UTC strings ending in Z).

export const wireGroupMembership = z.object({ groupId: z.string(), groupName: z.string(), memberType: z.string() });
export type WireGroupMembership = z.infer<typeof wireGroupMembership>;

export const wireSender = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  company: z.string(),
  title: z.string(),
  phone: z.string(),
  language: z.string(),
  timezoneId: z.string(),
  status: z.enum(SENDER_STATUSES),
  type: z.enum(SENDER_TYPES),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
  memberships: z.array(wireGroupMembership),
  hasDelegates: z.boolean(),
  userCustomFields: z.array(z.unknown()),
  professionalIdentityFields: z.array(z.unknown()),
  specialTypes: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  /** Our extension: the invitation link, for whoever may manage senders, while the sender is INVITED. */
  activationUrl: z.string().optional(),
});
export type WireSender = z.infer<typeof wireSender>;

export const senderResponse = wireSender;
export type SenderResponse = WireSender;

export const senderListResponse = z.object({ results: z.array(wireSender), count: z.number().int() });
export type SenderListResponse = z.infer<typeof senderListResponse>;


/** The real service's `UserAccountRole`: the roles one user holds in one account. */
export const userAccountRole = z.object({ accountId: z.string(), userId: z.string(), accountRoles: z.array(wireAccountRole) });
export type UserAccountRole = z.infer<typeof userAccountRole>;

/** `GET`/`POST /api/account/senders/{id}/roles`: a bare array (as the real service answers) of one element, the caller's account. */
export const senderRolesResponse = z.array(userAccountRole);
export type SenderRolesResponse = z.infer<typeof senderRolesResponse>;

export const senderApiKeyResponse = z.object({ apiKey: z.string() });
export type SenderApiKeyResponse = z.infer<typeof senderApiKeyResponse>;

export const senderActivationResponse = z.object({ id: z.string(), email: z.string(), status: z.literal("ACTIVE") });
export type SenderActivationResponse = z.infer<typeof senderActivationResponse>;
