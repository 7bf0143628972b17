"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import type { WireAccountRole } from "@/lib/api/account-roles";

/** Predefined (cannot change) and disabled (gives nothing), beside the role's name. */
export function RoleBadges({ role }: { role: WireAccountRole }) {
  const t = useTranslations("console.roles");
  return (
    <span className="ml-2 inline-flex flex-wrap gap-1 align-middle">
      {role.predefined ? <Badge tone="info">{t("badges.predefined")}</Badge> : null}
      {role.enabled ? null : (
        <span data-testid="role-disabled">
          <Badge tone="warning">{t("badges.disabled")}</Badge>
        </span>
      )}
    </span>
  );
}
