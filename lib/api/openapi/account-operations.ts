import { z } from "zod";
import {
  accountRoleCreateRequest,
  accountRoleListResponse,
  accountRoleResponse,
  accountRoleUpdateRequest,
  permissionCatalogueResponse,
  roleHolderListQuery,
  roleHolderListResponse,
} from "../account-roles";
import {
  accessibleAccountsResponse,
  createSubAccountRequest,
  subAccountApiKeysResponse,
  subAccountListResponse,
  subAccountResponse,
  updateSubAccountRequest,
} from "../sub-accounts";
import {
  roleVerificationRequest,
  roleVerificationResponse,
  verificationTypeCatalogueEntry,
  verificationTypeCatalogueResponse,
  verificationTypesResponse,
} from "../verification";
import { auditEventListQuery, auditEventListResponse } from "../audit";
import { callbackDeliveryListQuery, callbackDeliveryListResponse, callbackDeliveryResponse, callbackRequest, callbackResponse } from "../callbacks";
import { outboxListQuery, outboxListResponse } from "../outbox";
import {
  accessTokenRequest,
  accessTokenResponse,
  clientAppListQuery,
  clientAppListResponse,
  clientAppRequest,
  createdClientAppResponse,
} from "../client-apps";
import { groupCreate, groupListQuery, groupListResponse, groupMembersAdd, groupResponse, groupSummaryList, groupUpdate } from "../groups";
import {
  senderActivation,
  senderActivationResponse,
  senderApiKeyResponse,
  senderInvite,
  senderListQuery,
  senderListResponse,
  senderResponse,
  senderRolesAssignment,
  senderRolesQuery,
  senderRolesResponse,
  senderUpdate,
} from "../senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { errorResponse, noContent, ok, type Operation } from "./operation";

const role = "/api/account/roles/{accountRoleId}";

/** Account administration: roles and permissions, senders, sub accounts, verification, callbacks, client apps (issue 3). */
export const accountRoleOperations: Operation[] = [
  { method: "get", path: "/api/account/permissions", tag: "Account roles", summary: "The permission catalogue (our extension)", permission: null, responses: { 200: ok(permissionCatalogueResponse) } },
  { method: "get", path: "/api/account/roles", tag: "Account roles", summary: "List the account's roles, predefined ones first", permission: PERMISSIONS.rolesView, responses: { 200: ok(accountRoleListResponse) } },
  {
    method: "post",
    path: "/api/account/roles",
    tag: "Account roles",
    summary: "Create a role",
    description: "A caller who is not the account owner can only grant permissions they hold themselves.",
    permission: PERMISSIONS.rolesManage,
    body: { schema: accountRoleCreateRequest },
    responses: { 200: ok(accountRoleResponse) },
  },
  { method: "get", path: role, tag: "Account roles", summary: "Read a role", permission: PERMISSIONS.rolesView, responses: { 200: ok(accountRoleResponse) } },
  { method: "put", path: role, tag: "Account roles", summary: "Change a role (predefined roles cannot change)", permission: PERMISSIONS.rolesManage, body: { schema: accountRoleUpdateRequest }, responses: { 200: ok(accountRoleResponse) } },
  { method: "delete", path: role, tag: "Account roles", summary: "Delete a role (predefined roles cannot be deleted)", permission: PERMISSIONS.rolesManage, responses: { 204: noContent } },
  {
    method: "get",
    path: `${role}/users`,
    tag: "Account roles",
    summary: "The senders who hold the role (our extension)",
    description: "`{results, count}` of the account's members holding the role, oldest member first, paged with 1-based inclusive `from`/`to`: id, e-mail, names and status only.",
    permission: PERMISSIONS.rolesView,
    query: roleHolderListQuery,
    responses: { 200: ok(roleHolderListResponse) },
  },
];

export const subAccountOperations: Operation[] = [
  {
    method: "post",
    path: "/api/account/subaccounts",
    tag: "Sub accounts",
    summary: "Create a sub account (three levels at most)",
    description: "The creating user becomes the sub account's owner and gets an API key there; that key acts in the sub account.",
    permission: PERMISSIONS.subAccountsManage,
    body: { schema: createSubAccountRequest },
    responses: { 200: ok(subAccountResponse) },
  },
  { method: "get", path: "/api/account/subaccounts", tag: "Sub accounts", summary: "The sub accounts below the caller's account (a bare array)", permission: PERMISSIONS.subAccountsView, responses: { 200: ok(subAccountListResponse) } },
  { method: "put", path: "/api/account/subaccounts/{accountId}", tag: "Sub accounts", summary: "Change a sub account's name, time zone or language", permission: PERMISSIONS.subAccountsManage, body: { schema: updateSubAccountRequest }, responses: { 200: ok(subAccountResponse) } },
  { method: "get", path: "/api/account/accessibleaccounts", tag: "Sub accounts", summary: "The accounts the caller belongs to (a bare array)", permission: null, responses: { 200: ok(accessibleAccountsResponse) } },
  { method: "get", path: "/api/account/subaccountApiKeys", tag: "Sub accounts", summary: "The caller's API keys in the sub accounts below this one (a bare array; refused to access tokens)", permission: null, responses: { 200: ok(subAccountApiKeysResponse) } },
];

const roleVerification = "/api/packages/{packageId}/roles/{roleId}/verification";

export const verificationOperations: Operation[] = [
  { method: "get", path: "/api/account/{accountId}/verificationTypes", tag: "Signer verification", summary: "The verification types activated for the account", permission: null, responses: { 200: ok(verificationTypesResponse) } },
  { method: "get", path: "/api/account/verificationTypes", tag: "Signer verification", summary: "The whole catalogue, with what is activated (our extension)", permission: PERMISSIONS.verification, responses: { 200: ok(verificationTypeCatalogueResponse) } },
  { method: "put", path: "/api/account/verificationTypes/{typeId}", tag: "Signer verification", summary: "Activate a verification type (our extension)", permission: PERMISSIONS.verification, responses: { 200: ok(verificationTypeCatalogueEntry) } },
  { method: "delete", path: "/api/account/verificationTypes/{typeId}", tag: "Signer verification", summary: "Deactivate a verification type (our extension)", permission: PERMISSIONS.verification, responses: { 204: noContent } },
  { method: "get", path: roleVerification, tag: "Signer verification", summary: "The verification attached to a signer (204 when none)", permission: PERMISSIONS.transaction, responses: { 200: ok(roleVerificationResponse), 204: noContent } },
  { method: "post", path: roleVerification, tag: "Signer verification", summary: "Attach a verification to a signer of a draft", permission: PERMISSIONS.transaction, body: { schema: roleVerificationRequest }, responses: { 200: ok(roleVerificationResponse) } },
  { method: "put", path: roleVerification, tag: "Signer verification", summary: "Replace a signer's verification (as POST)", permission: PERMISSIONS.transaction, body: { schema: roleVerificationRequest }, responses: { 200: ok(roleVerificationResponse) } },
  { method: "delete", path: roleVerification, tag: "Signer verification", summary: "Remove a signer's verification", permission: PERMISSIONS.transaction, responses: { 204: noContent } },
];

export const callbackAndTokenOperations: Operation[] = [
  { method: "get", path: "/api/callback", tag: "Callbacks", summary: "The callback registration (204 when none)", permission: PERMISSIONS.callbacks, responses: { 200: ok(callbackResponse), 204: noContent } },
  {
    method: "post",
    path: "/api/callback",
    tag: "Callbacks",
    summary: "Register (or replace) the callback destination, key and events",
    description: "The url must be https, or http to a host listed in CALLBACK_HTTP_HOSTS.",
    permission: PERMISSIONS.callbacks,
    body: { schema: callbackRequest },
    responses: { 200: ok(callbackResponse) },
  },
  { method: "delete", path: "/api/callback", tag: "Callbacks", summary: "Remove the callback registration (our extension)", permission: PERMISSIONS.callbacks, responses: { 204: noContent } },
  {
    method: "post",
    path: "/api/account/clientApps",
    tag: "Access tokens",
    summary: "Create a client application; its secret is shown this once (our extension)",
    permission: PERMISSIONS.clientApps,
    body: { schema: clientAppRequest },
    responses: { 201: ok(createdClientAppResponse) },
  },
  { method: "get", path: "/api/account/clientApps", tag: "Access tokens", summary: "List client applications (our extension)", permission: PERMISSIONS.clientApps, query: clientAppListQuery, responses: { 200: ok(clientAppListResponse) } },
  { method: "delete", path: "/api/account/clientApps/{clientId}", tag: "Access tokens", summary: "Revoke a client application and its tokens (our extension)", permission: PERMISSIONS.clientApps, responses: { 204: noContent } },
  {
    method: "post",
    path: "/apitoken/clientApp/accessToken",
    tag: "Access tokens",
    summary: "Exchange a client application's secret for a short-lived access token",
    description:
      "type OWNER acts as the app's creator, who must be an owner of the account; type SENDER with email acts as that sender, whose permissions must be within the creator's. A token never does more than its app's creator may do when it is issued. Use it as `Authorization: Bearer <token>`.",
    permission: "public",
    body: { schema: accessTokenRequest },
    responses: {
      200: ok(accessTokenResponse),
      401: ok(errorResponse, "Wrong client id or secret, a revoked app, or an app whose creator left the account"),
      403: ok(errorResponse, "The app's creator may not act as requested"),
    },
  },
  {
    method: "post",
    path: "/oauth2/token",
    tag: "Access tokens",
    summary: "OAuth 2.0 client credentials: a client application's id and secret (HTTP Basic) for a bearer token",
    description:
      "Form body (application/x-www-form-urlencoded): grant_type=client_credentials, optionally sender_id (the user id of the sender the token acts as, within its app creator's permissions; else the creator). The token is JWT-shaped (its payload says sub and exp) and is used as `Authorization: Bearer <token>`. Errors follow RFC 6749: {error, error_description}.",
    permission: "public",
    body: { schema: z.object({ grant_type: z.literal("client_credentials"), sender_id: z.string().optional() }) },
    responses: {
      200: ok(z.object({ access_token: z.string(), token_type: z.literal("Bearer"), expires_in: z.number().int(), scope: z.string() })),
      400: ok(z.object({ error: z.string(), error_description: z.string() }), "unsupported_grant_type, or invalid_request (delegator_id is not supported)"),
      401: ok(z.object({ error: z.string(), error_description: z.string() }), "invalid_client"),
    },
  },
];

const group = "/api/groups/{groupId}";

export const groupOperations: Operation[] = [
  {
    method: "post",
    path: "/api/groups",
    tag: "Groups",
    summary: "Create a group of the account's senders",
    description: "Members must already be senders of the account; a 422 names the e-mails that are not.",
    permission: PERMISSIONS.groupsManage,
    body: { schema: groupCreate },
    responses: { 200: ok(groupResponse) },
  },
  { method: "get", path: "/api/groups", tag: "Groups", summary: "List the groups", permission: PERMISSIONS.groupsView, query: groupListQuery, responses: { 200: ok(groupListResponse) } },
  { method: "get", path: "/api/groups/summary", tag: "Groups", summary: "Every group's id, name and e-mail, without members", permission: PERMISSIONS.groupsView, responses: { 200: ok(groupSummaryList) } },
  { method: "get", path: group, tag: "Groups", summary: "Read a group", permission: PERMISSIONS.groupsView, responses: { 200: ok(groupResponse) } },
  { method: "put", path: group, tag: "Groups", summary: "Change a group; members, when given, replace the list", permission: PERMISSIONS.groupsManage, body: { schema: groupUpdate }, responses: { 200: ok(groupResponse) } },
  { method: "delete", path: group, tag: "Groups", summary: "Delete a group", permission: PERMISSIONS.groupsManage, responses: { 204: noContent } },
  { method: "post", path: `${group}/members`, tag: "Groups", summary: "Add members", permission: PERMISSIONS.groupsManage, body: { schema: groupMembersAdd }, responses: { 200: ok(groupResponse) } },
  { method: "post", path: `${group}/invite`, tag: "Groups", summary: "Add a member (the original's name for it)", permission: PERMISSIONS.groupsManage, body: { schema: groupMembersAdd }, responses: { 200: ok(groupResponse) } },
  { method: "delete", path: `${group}/members/{userId}`, tag: "Groups", summary: "Remove a member", permission: PERMISSIONS.groupsManage, responses: { 204: noContent } },
];

const sender = "/api/account/senders/{senderId}";

export const senderOperations: Operation[] = [
  {
    method: "post",
    path: "/api/account/senders",
    tag: "Senders",
    summary: "Invite a sender",
    description: "The sender starts INVITED and activates through the link (activationUrl, shown to the owner and to whoever manages senders and holds every permission of the invitee).",
    permission: PERMISSIONS.usersManage,
    body: { schema: senderInvite },
    responses: { 200: ok(senderResponse) },
  },
  { method: "get", path: "/api/account/senders", tag: "Senders", summary: "List the account's senders", permission: PERMISSIONS.usersView, query: senderListQuery, responses: { 200: ok(senderListResponse) } },
  { method: "get", path: sender, tag: "Senders", summary: "Read a sender", permission: PERMISSIONS.usersView, responses: { 200: ok(senderResponse) } },
  {
    method: "post",
    path: sender,
    tag: "Senders",
    summary: "Update a sender's names, company and title (never the e-mail)",
    description: "One's own profile, or a sender the caller may administer: the owner anyone; anyone else a non-owner holding no permission they lack (403 otherwise).",
    permission: PERMISSIONS.usersManage,
    body: { schema: senderUpdate },
    responses: { 200: ok(senderResponse) },
  },
  {
    method: "delete",
    path: sender,
    tag: "Senders",
    summary: "Delete a sender, or lock them while they have drafts or inbox packages",
    description:
      "The lock holds in this account only (the sender reads but cannot write here; their other accounts are untouched). Only a sender the caller may administer (403 otherwise); " +
      "never the account owner or oneself (409).",
    permission: PERMISSIONS.usersManage,
    responses: { 200: ok(senderResponse, "The sender, locked"), 204: { description: "Deleted" } },
  },
  {
    method: "get",
    path: `${sender}/apiKey`,
    tag: "Senders",
    summary: "The sender's API key",
    description:
      "Only with an API key, not an access token (403 `error.forbidden.apiKeysNeedApiKey`). Anyone reads their own key (our extension: no permission needed). " +
      "Another sender's key needs users.api_keys (403 `error.forbidden.noPermission`) and a sender the caller may administer: the owner reads anyone's; " +
      "anyone else that of a member who is not an owner and holds no permission they lack (403 `error.forbidden.targetHasMorePermissions`).",
    permission: null,
    responses: { 200: ok(senderApiKeyResponse) },
  },
  {
    method: "get",
    path: `${sender}/signature/image`,
    tag: "Senders",
    summary: "The sender's signature image: {fileName, mediaType, content (base64)}, {} when there is none",
    permission: null,
    responses: { 200: ok(z.object({ fileName: z.string(), mediaType: z.string(), content: z.string() }).partial()) },
  },
  {
    method: "post",
    path: `${sender}/signature/image`,
    tag: "Senders",
    summary: "Set the sender's signature image (multipart, one part named file: PNG, JPEG, GIF or BMP up to 1 MB)",
    description: "The sender themselves, or a caller holding users.manage who may administer them.",
    permission: null,
    responses: { 204: noContent, 400: ok(errorResponse, "Not one file, or not a picture"), 413: ok(errorResponse, "Over 1 MB") },
  },
  { method: "delete", path: `${sender}/signature/image`, tag: "Senders", summary: "Remove the sender's signature image", permission: null, responses: { 204: noContent } },
  {
    method: "get",
    path: `${sender}/signatureImage`,
    tag: "Senders",
    summary: "The sender's signature image, byte for byte (404 when there is none)",
    permission: null,
    responses: { 200: { description: "The image", contentType: "image/*" } },
  },
  {
    method: "get",
    path: `${sender}/roles`,
    tag: "Senders",
    summary: "The account roles the sender holds",
    description: "A bare array of UserAccountRole with one element, the caller's account. `accountId`, when given, must be that account (400 otherwise).",
    permission: PERMISSIONS.rolesView,
    query: senderRolesQuery,
    responses: { 200: ok(senderRolesResponse) },
  },
  {
    method: "post",
    path: `${sender}/roles`,
    tag: "Senders",
    summary: "Replace the account roles the sender holds",
    description:
      "Body: a UserAccountRole `{accountId, accountRoles: [{id}]}` (`accountId`, when given, must be the caller's account: 400 otherwise), or `{roleIds}`, or an array of ids or of `{id}`. " +
      "Answers the roles held afterwards, as GET does. Someone other than the account owner cannot change their own roles (403 `error.forbidden.selfAdministration`) " +
      "or those of a member holding permissions they lack (403 `error.forbidden.targetHasMorePermissions`), and gives or takes away only roles whose permissions they all hold " +
      "(403 `error.forbidden.permissionNotHeld`). The owner's roles cannot change (409).",
    permission: PERMISSIONS.rolesManage,
    body: { schema: senderRolesAssignment },
    responses: { 200: ok(senderRolesResponse) },
  },
  { method: "post", path: `${sender}/invite`, tag: "Senders", summary: "Send a new invitation link (the old one stops working)", permission: PERMISSIONS.usersManage, responses: { 200: ok(senderResponse) } },
  {
    method: "post",
    path: "/api/account/activation",
    tag: "Senders",
    summary: "Activate an invited sender with the token of their link and a password (our extension)",
    permission: "public",
    body: { schema: senderActivation },
    responses: { 200: ok(senderActivationResponse) },
  },
];

export const auditOperations: Operation[] = [
  {
    method: "get",
    path: "/api/account/auditEvents",
    tag: "Audit trail",
    summary: "The account's audit trail, newest first (our extension)",
    description:
      "Account administration events (senders, roles, groups, sub accounts, callbacks, client apps, verification types) and package events of the caller's account. `name` filters by event name; an unknown name is a 400.",
    permission: PERMISSIONS.reports,
    query: auditEventListQuery,
    responses: { 200: ok(auditEventListResponse) },
  },
];

export const outboxOperations: Operation[] = [
  {
    method: "get",
    path: "/api/account/outbox",
    tag: "E-mail outbox",
    summary: "The account's e-mails, newest first (our extension)",
    description:
      "Every e-mail the service sent or kept for the caller's account (invitations, reminders, codes, notifications), with its delivery status. Without SMTP_URL the messages stay here (KEPT) instead of being sent.",
    permission: PERMISSIONS.reports,
    query: outboxListQuery,
    responses: { 200: ok(outboxListResponse) },
  },
];

/** Callback deliveries (our extension, issue 4): what was sent to the account's destination, and resending. */
export const callbackDeliveryOperations: Operation[] = [
  {
    method: "get",
    path: "/api/callback/deliveries",
    tag: "Callbacks",
    summary: "The account's callback deliveries with every attempt, newest first (our extension)",
    description:
      "Each subscribed event is one delivery: PENDING while it is tried (failures are retried with exponential backoff, at most CALLBACK_MAX_ATTEMPTS times), then DELIVERED or FAILED; CANCELLED when the registration was removed or changed. `status` filters.",
    permission: PERMISSIONS.callbacks,
    query: callbackDeliveryListQuery,
    responses: { 200: ok(callbackDeliveryListResponse) },
  },
  {
    method: "post",
    path: "/api/callback/test",
    tag: "Callbacks",
    summary: "Send a test event to the registered destination (our extension)",
    description:
      "Queues a `CALLBACK_TEST` event (no packageId) whatever events the registration subscribes to, delivered like any other: same body shape, key, signature, retries and delivery log. " +
      "Answers the delivery as queued; 409 `error.conflict.noCallbackRegistration` when the account has no registration.",
    permission: PERMISSIONS.callbacks,
    responses: { 202: ok(callbackDeliveryResponse, "Queued"), 409: ok(errorResponse, "No callback registration") },
  },
  {
    method: "post",
    path: "/api/callback/deliveries/{deliveryId}/resend",
    tag: "Callbacks",
    summary: "Send a FAILED or DELIVERED delivery again (our extension)",
    description: "A new sequence of attempts to the current registration's url; 409 while the delivery is PENDING or CANCELLED, or when the account has no registration.",
    permission: PERMISSIONS.callbacks,
    responses: { 204: noContent, 409: ok(errorResponse, "Not resendable now") },
  },
];
