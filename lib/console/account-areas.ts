import type { Permission } from "@/lib/esign/permissions";

/**
 * One page of the account's administration and the permission that lets a user see it (`null`:
 * everyone). `name` is its key in messages/console/account (`areas.<name>`).
 */
export interface AccountArea {
  href: string;
  name: AccountAreaName;
  permission: Permission | null;
}

export type AccountAreaName =
  | "senders"
  | "groups"
  | "roles"
  | "subAccounts"
  | "integrations"
  | "password"
  | "delegates"
  | "notary"
  | "verification"
  | "reports"
  | "ceremony"
  | "outbox";

/** The administration's pages, in the order the account menu lists them. */
export const ACCOUNT_AREAS: readonly AccountArea[] = [
  { href: "/account/senders", name: "senders", permission: "users.view" },
  { href: "/account/groups", name: "groups", permission: "groups.view" },
  { href: "/account/roles", name: "roles", permission: "roles.view" },
  { href: "/account/sub-accounts", name: "subAccounts", permission: "sub_accounts.view" },
  { href: "/account/integrations", name: "integrations", permission: null },
  { href: "/account/password", name: "password", permission: null },
  { href: "/account/delegates", name: "delegates", permission: null },
  { href: "/account/notary", name: "notary", permission: null },
  { href: "/account/verification", name: "verification", permission: "verification.manage" },
  { href: "/account/reports", name: "reports", permission: "reports.view" },
  { href: "/account/ceremony", name: "ceremony", permission: "account_settings.manage" },
  { href: "/account/outbox", name: "outbox", permission: "reports.view" },
];

/**
 * The areas a user with `permissions` may see. `undefined` (a service that does not list
 * permissions) offers them all: each page then shows the service's refusal if there is one.
 */
export function permittedAreas(permissions: ReadonlySet<string> | undefined): AccountArea[] {
  return ACCOUNT_AREAS.filter((area) => area.permission === null || permissions === undefined || permissions.has(area.permission));
}
