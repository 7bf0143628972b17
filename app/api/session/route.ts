import { readSession } from "@/lib/esign/accounts/read-session";
import { apiRoute } from "@/lib/http/api-handler";

/** Who the presented key belongs to (the original's Session), and (our extension) what its roles allow. */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => readSession(db, caller));
