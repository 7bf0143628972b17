"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { ForbiddenState } from "@/components/ui/states";

/**
 * An account page the user's roles do not reach (the service answered 403): what is missing, who
 * can change it, where to go. `area` and `reason` come translated from the page.
 */
export function AreaForbidden({ area, reason }: { area: string; reason: string }) {
  const t = useTranslations("console.account");
  return (
    <ForbiddenState title={t("forbidden.title", { area })}>
      <p>{t("forbidden.reason", { reason })}</p>
      <p className="mt-3">
        <Link href="/packages" className="font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
          {t("forbidden.goToPackages")}
        </Link>
      </p>
    </ForbiddenState>
  );
}
