"use client";

import { useTranslations } from "use-intl";
import { useRoleWords } from "@/components/account/roles/role-words";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { usePermissionWords } from "./permission-areas";

/**
 * The role's permissions, folded: "3 permissions", opened to list them with their descriptions
 * (`descriptions` from the service's catalogue, for permissions this console has no words for;
 * the bare names while it loads).
 */
export function RolePermissions({ role, descriptions }: { role: WireAccountRole; descriptions: ReadonlyMap<string, string> }) {
  const t = useTranslations("console.roles");
  const roleWords = useRoleWords();
  const words = usePermissionWords();
  const count = role.permissions.length;
  if (count === 0) return <span className="text-slate-600">{t("permissions.none")}</span>;
  return (
    <details className="group" data-testid="role-permissions">
      <summary className="cursor-pointer rounded-sm font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
        {t.rich("permissions.count", { count, name: roleWords.name(role), hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      </summary>
      <ul className="mt-2 space-y-1 text-xs text-slate-700">
        {role.permissions.map((permission) => (
          <li key={permission}>
            {words.permission(permission, descriptions.get(permission))} <code className="text-slate-600">{permission}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}
