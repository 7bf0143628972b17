import { issueUserAuthenticationToken } from "@/lib/esign/accounts/user-authentication-token";
import { apiRoute } from "@/lib/http/api-handler";

/** A token that signs the caller in to the console: `/auth?authenticationToken=<value>`, once, for 30 minutes. */
export const POST = apiRoute({ permission: null }, async ({ db, caller }) => issueUserAuthenticationToken(db, caller));
