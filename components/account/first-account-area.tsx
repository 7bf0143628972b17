"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { LoadingState } from "@/components/ui/states";
import { permittedAreas } from "@/lib/console/account-areas";
import { useConsoleSession } from "@/lib/console/queries/session";

/** `/account` itself: on to the first area the user's roles let them see (the same one the console menu's "Account" link leads to). */
export function FirstAccountArea() {
  const t = useTranslations("console.account");
  const router = useRouter();
  const session = useConsoleSession();
  const settled = !session.isPending;
  const permissions = session.data?.permissions;
  useEffect(() => {
    if (settled) router.replace(permittedAreas(permissions ? new Set(permissions) : undefined)[0].href);
  }, [settled, permissions, router]);
  return <LoadingState label={t("opening")} />;
}
