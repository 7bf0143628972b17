"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { permittedAreas } from "@/lib/console/account-areas";
import { useConsoleSession, usePermissions } from "@/lib/console/queries/session";

/** The account administration's own menu: the areas the user's roles reach, a row on a phone, a column beside the page on a wide screen. */
export function AccountNav() {
  const t = useTranslations("console.account");
  const pathname = usePathname();
  const session = useConsoleSession();
  const permissions = usePermissions();
  const areas = session.isPending ? [] : permittedAreas(permissions);
  return (
    <nav aria-label={t("navigation")} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-52 md:shrink-0 md:overflow-visible md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {areas.map((area) => {
          const current = pathname === area.href || pathname.startsWith(`${area.href}/`);
          return (
            <li key={area.href}>
              <Link
                href={area.href}
                aria-current={current ? "page" : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${
                  current ? "bg-sky-50 text-sky-900" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                {t(`areas.${area.name}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
