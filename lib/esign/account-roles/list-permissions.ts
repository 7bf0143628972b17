import type { PermissionCatalogueResponse } from "@/lib/api/account-roles";
import { PERMISSION_CATALOGUE } from "@/lib/esign/permissions";

/** `GET /api/account/permissions` (our extension): every permission a role can hold. */
export function listPermissions(): PermissionCatalogueResponse {
  const results = PERMISSION_CATALOGUE.map(({ id, area, description }) => ({ id, area, description }));
  return { results, count: results.length };
}
