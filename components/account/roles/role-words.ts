"use client";

import { useTranslations } from "use-intl";
import type { WireAccountRole } from "@/lib/api/account-roles";

/**
 * The predefined roles by the names the service gives them (lib/esign/permissions.ts: they cannot
 * be renamed), so that the console names them in the reader's language. A role of the account's
 * own, or a predefined role a compatible service names otherwise, keeps its name and description.
 */
const PREDEFINED_BY_NAME: Record<string, "OWNER" | "MANAGER" | "SENDER"> = { "Account owner": "OWNER", Manager: "MANAGER", Sender: "SENDER" };

type NamedRole = Pick<WireAccountRole, "name" | "description" | "predefined">;

export function useRoleWords(): { name: (role: NamedRole) => string; description: (role: NamedRole) => string | null | undefined } {
  const t = useTranslations("console.roles");
  const predefined = (role: NamedRole) => (role.predefined ? PREDEFINED_BY_NAME[role.name] : undefined);
  return {
    name: (role) => {
      const key = predefined(role);
      return key ? t(`predefined.${key}.name`) : role.name;
    },
    description: (role) => {
      const key = predefined(role);
      return key ? t(`predefined.${key}.description`) : role.description;
    },
  };
}
