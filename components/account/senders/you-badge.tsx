"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";

/** Marks the signed-in user's own row. */
export function YouBadge() {
  const t = useTranslations("console.senders");
  return (
    <span className="ml-2 align-middle" data-testid="you">
      <Badge>{t("you")}</Badge>
    </span>
  );
}
