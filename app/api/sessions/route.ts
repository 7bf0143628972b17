import { z } from "zod";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { issueSignerToken } from "@/lib/esign/signing/links/role-signing-links";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

const sessionQuery = z.object({ package: z.string().min(1, "is required"), signer: z.string().min(1, "is required") });

/**
 * `POST /api/sessions?package=…&signer=…`, the original's signer session: `{sessionToken}`, a
 * multi-use token opening the signer's ceremony at `/access?sessionToken=<value>` (as
 * `POST /api/authenticationTokens/signer/multiUse` issues).
 */
export const POST = apiRoute({
  tag: "Signing",
  summary: "The original's signer session: {sessionToken}, opening the signer's ceremony at /access?sessionToken=<value>",
  description: "Query: package (the package id) and signer (the role id, its signer's id or e-mail). The token is a multi-use signer authentication token.",
  permission: PERMISSIONS.transaction,
  query: sessionQuery,
  responses: { 200: ok(z.object({ sessionToken: z.string() })) },
}, async ({ db, caller, query }) => {
  const { value } = await issueSignerToken(db, caller, { packageId: query.package, signerId: query.signer }, "MULTI_USE");
  return { sessionToken: value };
});

export * from "@/lib/http/method-not-allowed";
