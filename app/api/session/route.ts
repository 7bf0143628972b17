import type { SessionResponse } from "@/lib/api/accounts";
import { apiRoute } from "@/lib/http/api-handler";

/** Who the presented key belongs to, and (our extension) what its roles allow. */
export const GET = apiRoute({ permission: null }, async ({ caller }) => {
  const { id, email, firstName, lastName } = caller.user;
  const body: SessionResponse = {
    user: { id, email, firstName, lastName },
    account: caller.account,
    permissions: [...caller.permissions].sort(),
  };
  return body;
});
