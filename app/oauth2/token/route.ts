import { z } from "zod";
import { ok, withContract } from "@/lib/api/openapi/operation";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { issueOAuthToken } from "@/lib/esign/client-apps/issue-access-token";
import { ServiceError } from "@/lib/esign/errors";
import { mediaType } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";
import { assertStorableText } from "@/lib/http/storable-text";

// Every request issues a token: never prerendered or cached.
export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

/** An OAuth 2.0 error (RFC 6749 5.2): `{error, error_description}`. */
function oauthError(status: number, error: string, description: string): Response {
  return json({ error, error_description: description }, status, { ...NO_STORE, ...(status === 401 ? { "www-authenticate": 'Basic realm="signet"' } : {}) });
}

/** The client id and secret from `Authorization: Basic base64(id:secret)`, or from the form (RFC 6749 2.3.1). */
function clientCredentials(request: Request, form: URLSearchParams): { clientId: string; secret: string } | null {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 1) return null;
    try {
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    } catch {
      return null; // a malformed %-escape (URIError): no credentials we can read
    }
  }
  const clientId = form.get("client_id");
  const secret = form.get("client_secret");
  return clientId && secret ? { clientId, secret } : null;
}

/**
 * `POST /oauth2/token`, the OAuth 2.0 client-credentials grant the SDKs use with a client
 * application's id and secret: form `grant_type=client_credentials`, optionally `sender_id` (the
 * user id of the sender the token acts as; else the application's creator). Answers
 * `{access_token, token_type: "Bearer", expires_in, scope}`; the token works as the access tokens
 * of `/apitoken/clientApp/accessToken` do, in `Authorization: Bearer`.
 */
export const POST = withContract(
  {
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
  async (request: Request): Promise<Response> => {
    if (mediaType(request) !== "application/x-www-form-urlencoded") {
      return oauthError(400, "invalid_request", "Send the request as application/x-www-form-urlencoded.");
    }
    const form = new URLSearchParams(await request.text());
    if (form.get("grant_type") !== "client_credentials") {
      return oauthError(400, "unsupported_grant_type", "Only grant_type=client_credentials is supported.");
    }
    if (form.get("delegator_id")) {
      return oauthError(400, "invalid_request", "Delegation (delegator_id) is not supported: ask for a token acting as the sender with sender_id.");
    }
    const credentials = clientCredentials(request, form);
    if (!credentials) return oauthError(401, "invalid_client", "Authenticate with the client application's id and secret (HTTP Basic).");
    try {
      const senderId = form.get("sender_id") ?? undefined;
      assertStorableText({ ...credentials, senderId }, "The request");
      const { token } = await issueOAuthToken(await getDb(), { ...credentials, senderId });
      return json({ access_token: token, token_type: "Bearer", expires_in: config().accessTokenMinutes * 60, scope: "" }, 200, NO_STORE);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.status === 401) return oauthError(401, "invalid_client", error.message);
      return oauthError(error.status === 404 ? 400 : error.status, error.status === 403 ? "unauthorized_client" : "invalid_request", error.message);
    }
  },
);

export * from "@/lib/http/method-not-allowed";
