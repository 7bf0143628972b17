/**
 * The permission catalogue, in the spec's `<area>.<permission>` form (spec 2.7 shows the first
 * five). Every API route declares the one it needs and the API wrapper enforces it. Published at
 * `GET /api/account/permissions`.
 */
export const PERMISSION_CATALOGUE = [
  { id: "transaction.transaction", area: "transaction", description: "Create, send and manage their own transactions and templates" },
  { id: "transaction.in_person", area: "transaction", description: "Host in-person signing" },
  { id: "transaction.change_signer", area: "transaction", description: "Change the signer of a sent transaction" },
  { id: "templates_layouts.share_templates", area: "templates_layouts", description: "Share templates with the whole account" },
  { id: "templates_layouts.share_layouts", area: "templates_layouts", description: "Share layouts with the whole account" },
  { id: "users.view", area: "users", description: "See the account's senders" },
  { id: "users.manage", area: "users", description: "Invite, update, lock and delete senders" },
  { id: "users.api_keys", area: "users", description: "Read senders' API keys" },
  { id: "users.transactions", area: "users", description: "List and read the transactions of the account's senders" },
  { id: "groups.view", area: "groups", description: "See the account's groups" },
  { id: "groups.manage", area: "groups", description: "Create, change and delete groups" },
  { id: "roles.view", area: "roles", description: "See account roles and who holds them" },
  { id: "roles.manage", area: "roles", description: "Create, change, delete and assign account roles" },
  { id: "sub_accounts.view", area: "sub_accounts", description: "See sub accounts" },
  { id: "sub_accounts.manage", area: "sub_accounts", description: "Create and change sub accounts" },
  { id: "api_keys.client_apps", area: "api_keys", description: "Create and revoke client applications for access tokens" },
  { id: "callbacks.manage", area: "callbacks", description: "Register, change and remove the callback destination" },
  { id: "verification.manage", area: "verification", description: "Activate and deactivate signer verification types" },
  { id: "reports.view", area: "reports", description: "See account reports and the e-mail outbox" },
  { id: "account_settings.manage", area: "account_settings", description: "Change the account's settings: package defaults, ceremony, hand-over, decline reasons, expiry and retention" },
  { id: "custom_fields.manage", area: "custom_fields", description: "Create, change and delete the account's custom fields" },
] as const;

export type Permission = (typeof PERMISSION_CATALOGUE)[number]["id"];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.map((entry) => entry.id);

export function isPermission(name: string): name is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(name);
}

/**
 * The original service's permission ids (OneSpan Sign's "Roles and Permissions"), which its SDKs
 * and integrations put in account roles. A role may hold them beside Signet's own: they are kept
 * and read back as given, and each grants the Signet permissions of the same reach. Those whose
 * feature Signet lacks (layouts, notary, subscriptions) grant nothing.
 */
export const ORIGINAL_PERMISSIONS: Record<string, readonly Permission[]> = {
  "sender_admin.users": ["users.view", "users.manage"],
  "sender_admin.role": ["roles.view", "roles.manage"],
  "sender_admin.sub_account_management": ["sub_accounts.view", "sub_accounts.manage"],
  "sender_admin.api_access": ["api_keys.client_apps", "users.api_keys"],
  "sender_admin.event_notification": ["callbacks.manage"],
  "sender_admin.reports": ["reports.view"],
  "sender_admin.security_settings": ["verification.manage"],
  "sender_admin.custom_fields": ["custom_fields.manage"],
  "sender_admin.data_management": ["account_settings.manage"],
  "sender_admin.customization": ["account_settings.manage"],
  "sender_admin.self_serve_account_settings": ["account_settings.manage"],
  "sender_admin.subscription": [],
  "sender_admin.notary": [],
  "groups.group_signing_management": ["groups.view", "groups.manage"],
  "transaction.delegation_visibility": ["users.transactions"],
  "templates_layouts.templates": [],
  "templates_layouts.save_layouts": [],
  "templates_layouts.apply_layouts": [],
};

/** A name an account role may hold: a Signet permission or one of the original service's. */
export function isRoleGrant(name: string): boolean {
  return isPermission(name) || Object.hasOwn(ORIGINAL_PERMISSIONS, name);
}

/** The Signet permissions a role's names grant (unknown names grant nothing). */
export function grantedBy(names: readonly string[]): Permission[] {
  return [...new Set(names.flatMap((name) => (isPermission(name) ? [name] : (ORIGINAL_PERMISSIONS[name] ?? []))))];
}

/** Short names for route declarations. */
export const PERMISSIONS = {
  transaction: "transaction.transaction",
  templatesShare: "templates_layouts.share_templates",
  usersView: "users.view",
  usersManage: "users.manage",
  usersApiKeys: "users.api_keys",
  usersTransactions: "users.transactions",
  groupsView: "groups.view",
  groupsManage: "groups.manage",
  rolesView: "roles.view",
  rolesManage: "roles.manage",
  subAccountsView: "sub_accounts.view",
  subAccountsManage: "sub_accounts.manage",
  clientApps: "api_keys.client_apps",
  callbacks: "callbacks.manage",
  verification: "verification.manage",
  reports: "reports.view",
  accountSettings: "account_settings.manage",
  customFields: "custom_fields.manage",
} as const satisfies Record<string, Permission>;

/** The roles every account starts with; they cannot be deleted or changed. */
export const PREDEFINED_ROLES = [
  {
    predefined: "OWNER",
    name: "Account owner",
    description: "Everything in the account, including its administration.",
    permissions: ALL_PERMISSIONS,
  },
  {
    predefined: "MANAGER",
    name: "Manager",
    description: "Sends transactions and follows the account's senders, groups and reports.",
    permissions: [
      "transaction.transaction",
      "transaction.in_person",
      "transaction.change_signer",
      "templates_layouts.share_templates",
      "templates_layouts.share_layouts",
      "users.view",
      "users.transactions",
      "groups.view",
      "groups.manage",
      "reports.view",
    ] satisfies Permission[],
  },
  {
    predefined: "SENDER",
    name: "Sender",
    description: "Creates and sends their own transactions.",
    permissions: ["transaction.transaction", "transaction.in_person", "groups.view"] satisfies Permission[],
  },
] as const;

export type PredefinedRole = (typeof PREDEFINED_ROLES)[number]["predefined"];
