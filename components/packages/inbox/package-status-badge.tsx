"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";

type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const STATUS_TONES: Record<string, Tone> = {
  DRAFT: "neutral",
  SENT: "info",
  COMPLETED: "success",
  ARCHIVED: "neutral",
  DECLINED: "danger",
  OPTED_OUT: "warning",
  EXPIRED: "warning",
};

/** A package's status as people say it in their language (console.packages `status.<STATUS>`); a status Signet does not know shows as the service names it. */
export function PackageStatusBadge({ status, trashed = false }: { status: string; trashed?: boolean }) {
  const t = useTranslations("console.packages");
  return (
    <span className="inline-flex gap-1">
      <Badge tone={STATUS_TONES[status] ?? "neutral"}>{t.has(`status.${status}`) ? t(`status.${status}`) : status}</Badge>
      {trashed ? <Badge tone="danger">{t("inTrash")}</Badge> : null}
    </span>
  );
}
