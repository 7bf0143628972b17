import type { WirePermission } from "@/lib/api/account-roles";

/** The catalogue's areas as people say them; an area this console does not know yet shows as the service names it. */
const AREA_LABELS: Record<string, string> = {
  transaction: "Transactions",
  templates_layouts: "Templates and layouts",
  users: "Senders",
  groups: "Groups",
  roles: "Account roles",
  sub_accounts: "Sub accounts",
  api_keys: "API keys",
  callbacks: "Callbacks",
  verification: "Verification",
  reports: "Reports",
};

export function areaLabel(area: string): string {
  return AREA_LABELS[area] ?? area;
}

export interface PermissionArea {
  area: string;
  label: string;
  permissions: WirePermission[];
}

/** The catalogue grouped by area, areas and permissions in the catalogue's order. */
export function permissionAreas(catalogue: readonly WirePermission[]): PermissionArea[] {
  const areas = new Map<string, PermissionArea>();
  for (const permission of catalogue) {
    const area = areas.get(permission.area) ?? { area: permission.area, label: areaLabel(permission.area), permissions: [] };
    area.permissions.push(permission);
    areas.set(permission.area, area);
  }
  return [...areas.values()];
}
