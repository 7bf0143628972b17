"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import type { SenderStatus } from "@/lib/api/senders";

const TONES: Record<SenderStatus, "info" | "success" | "danger"> = { INVITED: "info", ACTIVE: "success", LOCKED: "danger" };

/** A sender's status as people say it; the wire value stays in `data-status` for tests. */
export function SenderStatusBadge({ status }: { status: SenderStatus }) {
  const t = useTranslations("console.senders");
  return (
    <span data-testid="sender-status" data-status={status}>
      <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}

/** The badge, and for a locked sender what locked means. */
export function SenderStatusCell({ status }: { status: SenderStatus }) {
  const t = useTranslations("console.senders");
  return (
    <div>
      <SenderStatusBadge status={status} />
      {status === "LOCKED" ? <p className="mt-1 max-w-48 text-xs text-slate-600">{t("lockedMeaning")}</p> : null}
    </div>
  );
}
