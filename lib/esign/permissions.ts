/**
 * Permissions in the spec's `<area>.<permission>` form. Route handlers declare the one they need
 * and the API wrapper enforces it. Account roles that grant subsets of these to users come with
 * account administration; until a user holds roles, the predefined ones below apply.
 */
export const PERMISSIONS = {
  transaction: "transaction.transaction",
  templatesShare: "templates_layouts.share_templates",
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** Predefined roles: the account owner may do everything, a sender works with packages. */
export function predefinedPermissions(user: { isAccountOwner: boolean }): Set<Permission> {
  if (user.isAccountOwner) return new Set(ALL_PERMISSIONS);
  return new Set<Permission>([PERMISSIONS.transaction]);
}
