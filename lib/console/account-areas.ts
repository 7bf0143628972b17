import type { Permission } from "@/lib/esign/permissions";

/** One page of the account's administration and the permission that lets a user see it (`null`: everyone). */
export interface AccountArea {
  href: string;
  label: string;
  permission: Permission | null;
}

/** The administration's pages, in the order the account menu lists them. */
export const ACCOUNT_AREAS: readonly AccountArea[] = [
  { href: "/account/senders", label: "Senders", permission: "users.view" },
  { href: "/account/groups", label: "Groups", permission: "groups.view" },
  { href: "/account/roles", label: "Account roles", permission: "roles.view" },
  { href: "/account/sub-accounts", label: "Sub accounts", permission: "sub_accounts.view" },
  { href: "/account/integrations", label: "API and integrations", permission: null },
  { href: "/account/password", label: "Password", permission: null },
  { href: "/account/delegates", label: "Delegates", permission: null },
  { href: "/account/notary", label: "Notary", permission: null },
  { href: "/account/verification", label: "Verification types", permission: "verification.manage" },
  { href: "/account/reports", label: "Reports", permission: "reports.view" },
  { href: "/account/ceremony", label: "Signing ceremony", permission: "account_settings.manage" },
  { href: "/account/outbox", label: "Outbox", permission: "reports.view" },
];

/**
 * The areas a user with `permissions` may see. `undefined` (a service that does not list
 * permissions) offers them all: each page then shows the service's refusal if there is one.
 */
export function permittedAreas(permissions: ReadonlySet<string> | undefined): AccountArea[] {
  return ACCOUNT_AREAS.filter((area) => area.permission === null || permissions === undefined || permissions.has(area.permission));
}
