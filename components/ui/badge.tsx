"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  info: "bg-sky-50 text-sky-900 ring-sky-300",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-rose-50 text-rose-900 ring-rose-300",
};

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>{children}</span>;
}

const STATUS_TONES: Record<string, Tone> = {
  DRAFT: "neutral",
  SENT: "info",
  COMPLETED: "success",
  ARCHIVED: "neutral",
  DECLINED: "danger",
  OPTED_OUT: "warning",
  EXPIRED: "warning",
};

/**
 * @deprecated English only, kept for callers not yet translated: StatusBadge says a status in the
 * page's language (console.ui.status).
 */
export const STATUS_LABELS: Record<string, string> = {
  DRAFT: "Draft",
  SENT: "In progress",
  COMPLETED: "Completed",
  ARCHIVED: "Archived",
  DECLINED: "Declined",
  OPTED_OUT: "Opted out",
  EXPIRED: "Expired",
};

/** A package's status as people say it. */
export function StatusBadge({ status, trashed = false }: { status: string; trashed?: boolean }) {
  const t = useTranslations("console.ui");
  return (
    <span className="inline-flex gap-1">
      <Badge tone={STATUS_TONES[status] ?? "neutral"}>{t.has(`status.${status}`) ? t(`status.${status}`) : status}</Badge>
      {trashed ? <Badge tone="danger">{t("inTrash")}</Badge> : null}
    </span>
  );
}
