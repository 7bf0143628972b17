import { listPermissions } from "@/lib/esign/account-roles/list-permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** Our extension: the whole permission catalogue, for anyone with a key of the account. */
export const GET = apiRoute({ permission: null }, async () => listPermissions());
