"use client";

import { useTranslations } from "use-intl";
import type { WirePermission } from "@/lib/api/account-roles";

export interface PermissionArea {
  area: string;
  permissions: WirePermission[];
}

/** The catalogue grouped by area, areas and permissions in the catalogue's order. */
export function permissionAreas(catalogue: readonly WirePermission[]): PermissionArea[] {
  const areas = new Map<string, PermissionArea>();
  for (const permission of catalogue) {
    const area = areas.get(permission.area) ?? { area: permission.area, permissions: [] };
    area.permissions.push(permission);
    areas.set(permission.area, area);
  }
  return [...areas.values()];
}

/**
 * The catalogue's areas and permissions as people say them, in the user's language. An area or a
 * permission this console does not know yet (a newer or another service) shows as the service
 * names or describes it.
 */
export function usePermissionWords() {
  const t = useTranslations("console.roles");
  return {
    area: (area: string): string => (t.has(`areas.${area}`) ? t(`areas.${area}`) : area),
    /** `described`: the service's own description, when it sent one. */
    permission: (id: string, described?: string): string => (id.includes(".") && t.has(`catalogue.${id}`) ? t(`catalogue.${id}`) : (described ?? id)),
  };
}
