import { readSession } from "@/lib/esign/accounts/read-session";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { sessionResponse } from "@/lib/api/accounts";

/** Who the presented key belongs to (the original's Session), and (our extension) what its roles allow. */
export const GET = apiRoute({ tag: "Accounts", summary: "Who the credential belongs to", permission: null, responses: { 200: ok(sessionResponse) } }, async ({ db, caller }) => readSession(db, caller));

export * from "@/lib/http/method-not-allowed";
