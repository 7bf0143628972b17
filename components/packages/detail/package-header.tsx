"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { When } from "./format";

/** Name, status, sender, dates and description; the status actions beside the name. */
export function PackageHeader({ pkg, actions }: { pkg: WirePackage; actions?: ReactNode }) {
  const t = useTranslations("console.packageDetail.header");
  const tUi = useTranslations("console.ui");
  const inTrash = tUi("inTrash");
  const template = pkg.type === "TEMPLATE";
  const senderName = `${pkg.sender.firstName} ${pkg.sender.lastName}`.trim();
  return (
    <header>
      <Link
        href={template ? "/templates" : "/packages"}
        className="text-sm font-medium text-sky-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
      >
        <span aria-hidden>← </span>
        {template ? t("templates") : t("packages")}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900" data-testid="package-name">
            {pkg.name}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="package-status">
            {template ? <Badge tone="info">{t("template")}</Badge> : <StatusBadge status={pkg.status} trashed={pkg.trashed} />}
            {template && pkg.trashed ? <Badge tone="danger">{inTrash}</Badge> : null}
          </div>
        </div>
        {actions}
      </div>
      {pkg.description ? <p className="mt-3 max-w-3xl text-sm whitespace-pre-line text-slate-700">{pkg.description}</p> : null}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-slate-600">{t("sender")}</dt>
          <dd className="font-medium break-words text-slate-900">{senderName || pkg.sender.email}</dd>
          {senderName ? <dd className="break-all text-slate-700">{pkg.sender.email}</dd> : null}
        </div>
        <DateItem label={t("created")} iso={pkg.created} />
        <DateItem label={t("updated")} iso={pkg.updated} />
        {template ? null : <DateItem label={t("due")} iso={pkg.due} empty={t("noDueDate")} />}
        {pkg.completed ? <DateItem label={t("completed")} iso={pkg.completed} /> : null}
      </dl>
    </header>
  );
}

function DateItem({ label, iso, empty = "—" }: { label: string; iso: string | undefined; empty?: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{iso ? <When iso={iso} withTime /> : <span className="text-slate-600">{empty}</span>}</dd>
    </div>
  );
}
