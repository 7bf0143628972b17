import { z } from "zod";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { sessionResponse, signInRequest, signInResponse, signUpRequest, signUpResponse } from "../accounts";
import {
  approvalInput,
  approvalResponse,
  approvalUpdate,
  documentInput,
  documentResponse,
  documentUpdate,
  fieldInput,
  fieldResponse,
  fieldUpdate,
  orderChange,
  packageClone,
  packageCreate,
  packageListQuery,
  packageResponse,
  packageUpdate,
  roleInput,
  roleResponse,
  roleUpdate,
} from "../packages";
import { packageAuditTrail } from "../audit";
import { reminderScheduleRequest, reminderScheduleResponse } from "../reminders";
import {
  signerAuthenticationTokenRequest,
  signerAuthenticationTokenResponse,
  signingStatusQuery,
  signingStatusResponse,
  signingUrlResponse,
} from "../signing-entry";
import { errorResponse, listOf, noContent, ok, pdf, type Operation } from "./operation";

const transaction = PERMISSIONS.transaction;
const created = z.object({ id: z.string() });
const pkg = "/api/packages/{packageId}";
const doc = `${pkg}/documents/{documentId}`;
const approval = `${doc}/approvals/{approvalId}`;

/** Accounts of the embedded service, packages and templates, and their parts (issue 2). */
export const packageOperations: Operation[] = [
  {
    method: "post",
    path: "/api/signup",
    tag: "Accounts",
    summary: "Create an account and its owner (our extension)",
    permission: "public",
    body: { schema: signUpRequest },
    responses: { 201: ok(signUpResponse, "The account, its owner and the owner's API key") },
  },
  {
    method: "post",
    path: "/api/signin",
    tag: "Accounts",
    summary: "Exchange an e-mail and password for the user's API key (our extension)",
    description:
      "The console's sign-in: answers the user's oldest API key in their home account (one is issued when they have none there). A wrong password, an unknown e-mail and a deleted user get the same 401 `error.unauthorised.badCredentials`, never in under SIGN_IN_FAILURE_DELAY_MS. Failures are counted per e-mail (lower-cased) and per client address (X-Forwarded-For): after 5 for one e-mail, or 30 from one address, within 15 minutes, attempts are refused with 429 `error.tooManyRequests.signIn` and a Retry-After header (also `entity.retryAfterSeconds`) without the password being checked; signing in clears the e-mail's failures. Works whether or not sign-up is enabled.",
    permission: "public",
    body: { schema: signInRequest },
    responses: {
      200: ok(signInResponse, "The API key, its user and account"),
      401: ok(errorResponse, "Wrong e-mail or password (error.unauthorised.badCredentials)"),
      403: ok(errorResponse, "An invited sender who has not activated their account yet (error.forbidden.senderNotActivated)"),
      429: ok(errorResponse, "Too many failed sign-ins for this e-mail or from this address (error.tooManyRequests.signIn); see Retry-After"),
    },
  },
  { method: "get", path: "/api/session", tag: "Accounts", summary: "Who the credential belongs to", permission: null, responses: { 200: ok(sessionResponse) } },

  {
    method: "post",
    path: "/api/packages",
    tag: "Packages",
    summary: "Create a package or template, with its documents",
    description: 'multipart/form-data: a "payload" part with the package JSON, then one "file" part per document in the order of "documents"; or JSON without documents.',
    permission: transaction,
    body: { schema: packageCreate, multipart: true },
    responses: { 200: ok(created) },
  },
  {
    method: "get",
    path: "/api/packages",
    tag: "Packages",
    summary: "List packages or templates",
    permission: transaction,
    query: packageListQuery,
    responses: { 200: ok(listOf(packageResponse), "A page of packages, with roles and documents but without approvals") },
  },
  { method: "get", path: pkg, tag: "Packages", summary: "Read a package", permission: transaction, responses: { 200: ok(packageResponse) } },
  {
    method: "post",
    path: pkg,
    tag: "Packages",
    summary: "Update a package or change its status",
    description: '{"status":"SENT"} sends, {"status":"DRAFT"} takes back, {"trashed":true|false} trashes and restores; other members update the package.',
    permission: transaction,
    body: { schema: packageUpdate },
    responses: { 200: ok(packageResponse) },
  },
  { method: "put", path: pkg, tag: "Packages", summary: "Update a package or change its status (as POST)", permission: transaction, body: { schema: packageUpdate }, responses: { 200: ok(packageResponse) } },
  { method: "delete", path: pkg, tag: "Packages", summary: "Delete a package", permission: transaction, responses: { 204: noContent } },
  {
    method: "post",
    path: `${pkg}/clone`,
    tag: "Packages",
    summary: "A template from a package, or a package from a template",
    permission: transaction,
    body: { schema: packageClone },
    responses: { 200: ok(created) },
  },

  {
    method: "get",
    path: `${pkg}/audit`,
    tag: "Packages",
    summary: "The package's audit trail, oldest first",
    description:
      'OneSpan\'s ExportedAuditTrail: every event with its type (OneSpan\'s audit type where one fits: View, Accept, Click To Sign, Click To Initial, Capture Signature, Decline, Opt Out; otherwise ours in words, e.g. "Package Create", "Package Send"), its target (a document, else the package), who acted, from where and when. Readable by whoever may read the package as its sender (its owner, or a holder of users.transactions); the evidence summary is the same trail as a PDF.',
    permission: transaction,
    responses: { 200: ok(packageAuditTrail) },
  },

  { method: "get", path: `${pkg}/roles`, tag: "Roles", summary: "List the roles (also served at .../roles/)", permission: transaction, responses: { 200: ok(listOf(roleResponse)) } },
  { method: "post", path: `${pkg}/roles`, tag: "Roles", summary: "Add a role to a draft", permission: transaction, body: { schema: roleInput }, responses: { 200: ok(roleResponse) } },
  { method: "put", path: `${pkg}/roles`, tag: "Roles", summary: "Change the signing order", permission: transaction, body: { schema: orderChange }, responses: { 200: ok(listOf(roleResponse)) } },
  { method: "get", path: `${pkg}/roles/{roleId}`, tag: "Roles", summary: "Read a role", permission: transaction, responses: { 200: ok(roleResponse) } },
  { method: "put", path: `${pkg}/roles/{roleId}`, tag: "Roles", summary: "Update a role of a draft", permission: transaction, body: { schema: roleUpdate }, responses: { 200: ok(roleResponse) } },
  { method: "delete", path: `${pkg}/roles/{roleId}`, tag: "Roles", summary: "Delete a role of a draft", permission: transaction, responses: { 204: noContent } },

  { method: "get", path: `${pkg}/documents`, tag: "Documents", summary: "List the documents", permission: transaction, responses: { 200: ok(listOf(documentResponse)) } },
  {
    method: "post",
    path: `${pkg}/documents`,
    tag: "Documents",
    summary: "Add documents to a draft",
    description: 'multipart/form-data: a "payload" part (one document, or an array) and one "file" part per document.',
    permission: transaction,
    body: { schema: z.union([documentInput, z.array(documentInput)]), multipart: true },
    responses: { 200: ok(z.union([documentResponse, listOf(documentResponse)])) },
  },
  { method: "put", path: `${pkg}/documents`, tag: "Documents", summary: "Change the document order of a draft", permission: transaction, body: { schema: orderChange }, responses: { 200: ok(listOf(documentResponse)) } },
  { method: "get", path: doc, tag: "Documents", summary: "Read a document", permission: transaction, responses: { 200: ok(documentResponse) } },
  { method: "put", path: doc, tag: "Documents", summary: "Update a document of a draft", permission: transaction, body: { schema: documentUpdate }, responses: { 200: ok(documentResponse) } },
  { method: "post", path: doc, tag: "Documents", summary: "Update a document of a draft (as PUT)", permission: transaction, body: { schema: documentUpdate }, responses: { 200: ok(documentResponse) } },
  { method: "delete", path: doc, tag: "Documents", summary: "Delete a document of a draft", permission: transaction, responses: { 204: noContent } },

  { method: "get", path: `${doc}/approvals`, tag: "Approvals and fields", summary: "List a document's approvals", permission: transaction, responses: { 200: ok(listOf(approvalResponse)) } },
  { method: "post", path: `${doc}/approvals`, tag: "Approvals and fields", summary: "Add an approval with its fields", permission: transaction, body: { schema: approvalInput }, responses: { 200: ok(approvalResponse) } },
  { method: "get", path: approval, tag: "Approvals and fields", summary: "Read an approval", permission: transaction, responses: { 200: ok(approvalResponse) } },
  { method: "put", path: approval, tag: "Approvals and fields", summary: "Update an approval", permission: transaction, body: { schema: approvalUpdate }, responses: { 200: ok(approvalResponse) } },
  { method: "delete", path: approval, tag: "Approvals and fields", summary: "Delete an approval and its fields", permission: transaction, responses: { 204: noContent } },
  { method: "get", path: `${approval}/fields`, tag: "Approvals and fields", summary: "List an approval's fields", permission: transaction, responses: { 200: ok(listOf(fieldResponse)) } },
  {
    method: "post",
    path: `${approval}/fields`,
    tag: "Approvals and fields",
    summary: "Add a field",
    description: "Positions are PDF points from the page's top-left corner; a field that does not fit on its page is refused.",
    permission: transaction,
    body: { schema: fieldInput },
    responses: { 200: ok(fieldResponse) },
  },
  { method: "get", path: `${approval}/fields/{fieldId}`, tag: "Approvals and fields", summary: "Read a field", permission: transaction, responses: { 200: ok(fieldResponse) } },
  { method: "put", path: `${approval}/fields/{fieldId}`, tag: "Approvals and fields", summary: "Move or change a field", permission: transaction, body: { schema: fieldUpdate }, responses: { 200: ok(fieldResponse) } },
  { method: "delete", path: `${approval}/fields/{fieldId}`, tag: "Approvals and fields", summary: "Delete a field", permission: transaction, responses: { 204: noContent } },

  { method: "get", path: `${pkg}/reminders`, tag: "Reminders", summary: "Read the reminder schedule (204 when none)", permission: transaction, responses: { 200: ok(reminderScheduleResponse), 204: noContent } },
  { method: "post", path: `${pkg}/reminders`, tag: "Reminders", summary: "Create the reminder schedule of a draft", permission: transaction, body: { schema: reminderScheduleRequest }, responses: { 201: ok(reminderScheduleResponse) } },
  { method: "put", path: `${pkg}/reminders`, tag: "Reminders", summary: "Change the reminder schedule", permission: transaction, body: { schema: reminderScheduleRequest }, responses: { 200: ok(reminderScheduleResponse) } },
  { method: "delete", path: `${pkg}/reminders`, tag: "Reminders", summary: "Delete the reminder schedule", permission: transaction, responses: { 204: noContent } },

  { method: "get", path: `${doc}/original`, tag: "Downloads", summary: "The original upload, byte for byte", permission: transaction, responses: { 200: pdf } },
  { method: "get", path: `${doc}/pdf`, tag: "Downloads", summary: "The document: flattened before completion, sealed after", permission: transaction, responses: { 200: pdf } },
  { method: "get", path: `${pkg}/documents/zip`, tag: "Downloads", summary: "Every signed document of a completed package", permission: transaction, responses: { 200: { description: "A zip archive", contentType: "application/zip" } } },
  { method: "get", path: `${pkg}/evidence/summary`, tag: "Downloads", summary: "The audit trail so far, as a PDF", permission: transaction, responses: { 200: pdf } },

  {
    method: "post",
    path: "/api/authenticationTokens/signer/multiUse",
    tag: "Signing",
    summary: "A token that opens a signer's ceremony, as often as needed",
    description: "signerId is the role id. Redeemed at /access?sessionToken=<value>; works while the package is SENT and the signer has not finished.",
    permission: transaction,
    body: { schema: signerAuthenticationTokenRequest },
    responses: { 200: ok(signerAuthenticationTokenResponse) },
  },
  {
    method: "post",
    path: "/api/authenticationTokens/signer/singleUse",
    tag: "Signing",
    summary: "A token that opens a signer's ceremony once",
    description: "signerId is the role id. Redeemed at /access?sessionToken=<value>; refused the second time.",
    permission: transaction,
    body: { schema: signerAuthenticationTokenRequest },
    responses: { 200: ok(signerAuthenticationTokenResponse) },
  },
  {
    method: "get",
    path: `${pkg}/roles/{roleId}/signingUrl`,
    tag: "Signing",
    summary: "A link into the role's ceremony (refused while the package is a draft)",
    permission: transaction,
    responses: { 200: ok(signingUrlResponse) },
  },
  {
    method: "post",
    path: `${pkg}/roles/{roleId}/unlock`,
    tag: "Signing",
    summary: "Unlock a signer locked out after too many wrong one-time codes",
    permission: transaction,
    responses: { 200: ok(roleResponse, "The role") },
  },
  {
    method: "post",
    path: `${pkg}/roles/{roleId}/notifications`,
    tag: "Signing",
    summary: "Send the role's signer(s) their invitation again",
    description:
      "OneSpan's \"sends a notification to the signers linked to a role\": the invitation e-mail with a new signing link, to the role's signer (each member of a group signer). The role may be named by its id or its signer's id. Only for a package out for signing (SENT, not in the trash) and a signer whose turn has come and who has not finished; earlier links keep working. Any request body is ignored. Records SIGNER_REINVITE. Answers 200 with an empty body, as OneSpan does.",
    permission: transaction,
    responses: {
      200: { description: "The invitation is queued for sending (empty body)" },
      404: ok(errorResponse, "No such package, or no such role in it (error.notFound.roleNotFound)"),
      409: ok(
        errorResponse,
        "The package is not out for signing (error.conflict.packageNotSent, error.conflict.packageTrashed), the signer has finished (error.conflict.signerCompleted), it is not their turn yet (error.conflict.notSignersTurn), or they are locked out (error.conflict.signerLocked)",
      ),
      422: ok(errorResponse, "The sender's role, which does not sign (error.validation.roleNotSigner), or a group signer without members (error.validation.noRecipients)"),
    },
  },
  {
    method: "get",
    path: `${pkg}/signingStatus`,
    tag: "Signing",
    summary: "The signing status of the package, a signer or a document",
    description: "DRAFT, SIGNING_PENDING, SIGNING_COMPLETED, COMPLETED, ARCHIVED, DECLINED, OPTED_OUT, EXPIRED, or DELETED for a trashed package.",
    permission: transaction,
    query: signingStatusQuery,
    responses: { 200: ok(signingStatusResponse) },
  },
];
