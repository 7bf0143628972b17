import { z } from "zod";
import { pageFrom } from "./wire";

/**
 * The wire contract of account roles (spec 2.7 and 4.5, compat notes "Account resources") and of
 * the permission catalogue (our extension). Unknown members are ignored, so a client may send
 * back what GET answered (`id` and `predefined` included); explicit nulls mean "not set".
 */

const notSet = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();

/** zod's error option: "is required" for a missing (or null) member, `expected` for a value of the wrong type. */
const required = (expected: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "is required" : expected),
});

const roleName = (error: string | ReturnType<typeof required>) =>
  z.string(error).trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const roleDescription = z.string("must be a string").max(2000, "must be at most 2000 characters");
/** Names in the `<area>.<permission>` form; names outside the catalogue are refused by the use case, which names them. */
const permissionNames = (error: string | ReturnType<typeof required>) =>
  z.array(z.string("must be a string").max(200, "must be at most 200 characters"), error).max(200, "must hold at most 200 names");

/** `POST /api/account/roles`. A new role is enabled unless the client says otherwise. */
export const accountRoleCreateRequest = z.object({
  name: roleName(required("must be a string")),
  description: notSet(roleDescription),
  enabled: notSet(z.boolean("must be true or false")),
  permissions: permissionNames(required("must be an array of permission names")),
});
export type AccountRoleCreateRequest = z.infer<typeof accountRoleCreateRequest>;

/** `PUT /api/account/roles/{accountRoleId}`: partial; what is absent (or null) stays as it is. */
export const accountRoleUpdateRequest = z.object({
  name: notSet(roleName("must be a string")),
  description: notSet(roleDescription),
  enabled: notSet(z.boolean("must be true or false")),
  permissions: notSet(permissionNames("must be an array of permission names")),
});
export type AccountRoleUpdateRequest = z.infer<typeof accountRoleUpdateRequest>;

/** One account role on the wire; `predefined` roles (owner, manager, sender) cannot be changed or deleted. */
export const wireAccountRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  permissions: z.array(z.string()),
  predefined: z.boolean(),
});
export type WireAccountRole = z.infer<typeof wireAccountRole>;

/** `GET /api/account/roles`: every role of the account, the predefined ones first. */
export const accountRoleListResponse = z.object({ results: z.array(wireAccountRole), count: z.number().int() });
export type AccountRoleListResponse = z.infer<typeof accountRoleListResponse>;

/** `GET`, `POST` and `PUT` of one role answer the role. */
export const accountRoleResponse = wireAccountRole;
export type AccountRoleResponse = WireAccountRole;

/** One entry of the permission catalogue. */
export const wirePermission = z.object({ id: z.string(), area: z.string(), description: z.string() });
export type WirePermission = z.infer<typeof wirePermission>;

/** `GET /api/account/permissions` (our extension): the whole catalogue. */
export const permissionCatalogueResponse = z.object({ results: z.array(wirePermission), count: z.number().int() });
export type PermissionCatalogueResponse = z.infer<typeof permissionCatalogueResponse>;

/** `GET /api/account/roles/{accountRoleId}/users` (our extension): 1-based inclusive `from`/`to`. */
export const roleHolderListQuery = z.object({
  from: pageFrom,
  to: z.coerce.number().int().min(1).optional(),
});
export type RoleHolderListQuery = z.infer<typeof roleHolderListQuery>;

/** A sender holding a role: who they are, not their whole record (that needs users.view). */
export const wireRoleHolder = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  status: z.string().describe("The sender's status in the account: INVITED, ACTIVE or LOCKED"),
});
export type WireRoleHolder = z.infer<typeof wireRoleHolder>;

/** The holders of one role, oldest member first; `count` is all of them, not the page size. */
export const roleHolderListResponse = z.object({ results: z.array(wireRoleHolder), count: z.number().int() });
export type RoleHolderListResponse = z.infer<typeof roleHolderListResponse>;
