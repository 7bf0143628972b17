"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { ApiError } from "@/lib/console/api-client";
import { usePackageAudit, useSignerStatuses } from "@/lib/console/queries/package-detail";
import { signingRoles } from "@/lib/console/queries/package-progress";
import { usePackage } from "@/lib/console/queries/packages";
import { AttachmentsSection } from "./attachments-section";
import { DownloadsSection } from "./downloads-section";
import { HistorySection } from "./history-section";
import { PackageHeader } from "./package-header";
import { RemindersSection } from "./reminders-section";
import { buttonLinkClass, Section } from "./section";
import { everyoneSigned, signerSteps } from "./signer-states";
import { SignersSection } from "./signers-section";
import { StatusActions } from "./status-actions";
import { VirtualRoomSection } from "./virtual-room-section";

/** The package page: reads the package, then lays out its header, signers, history, downloads and reminders. */
export function PackagePage({ packageId }: { packageId: string }) {
  const t = useTranslations("console.packageDetail");
  const query = usePackage(packageId);
  if (query.isPending) {
    return (
      <>
        <h1 className="sr-only">{t("package")}</h1>
        <LoadingState label={t("loading")} />
      </>
    );
  }
  if (query.error) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">{missing ? t("notFound") : t("notLoaded")}</h1>
        <ErrorState error={query.error} onRetry={missing ? undefined : () => void query.refetch()} />
        <Link href="/packages" className={buttonLinkClass}>
          {t("backToPackages")}
        </Link>
      </div>
    );
  }
  return query.data.type === "TEMPLATE" ? <TemplateOverview pkg={query.data} /> : <PackageOverview pkg={query.data} />;
}

function PackageOverview({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packageDetail");
  const roleIds = signingRoles(pkg).map((role) => role.id);
  const outForSigning = pkg.status === "SENT" && !pkg.trashed;
  const statuses = useSignerStatuses(pkg.id, roleIds, outForSigning);
  const audit = usePackageAudit(pkg.id);
  const steps = signerSteps(pkg, statuses.byRole, audit.data);
  // The audit trail is readable by exactly those who read the package as its sender: a 404 there
  // means the caller only follows it (someone else sent it to them to sign).
  if (audit.error instanceof ApiError && audit.error.status === 404) {
    return (
      <div className="space-y-6">
        <PackageHeader pkg={pkg} />
        <p role="note" className="rounded-md border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-testid="following-note">
          {t("following", { sender: `${pkg.sender.firstName} ${pkg.sender.lastName}` })}
        </p>
        <SignersSection pkg={pkg} steps={steps} statuses={statuses} followOnly />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {/* The actions wait for the audit trail, which tells whether the caller may act on the package at all. */}
      <PackageHeader pkg={pkg} actions={audit.isPending ? null : <StatusActions pkg={pkg} everyoneSigned={everyoneSigned(steps)} />} />
      {/* Signers, downloads, reminders, then the (long) history: the phone's order; wide screens put the history under the signers. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-span-2">
          <SignersSection pkg={pkg} steps={steps} statuses={statuses} />
          <div className="mt-6">
            <AttachmentsSection pkg={pkg} />
          </div>
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <DownloadsSection pkg={pkg} />
          <RemindersSection pkg={pkg} />
          <VirtualRoomSection pkg={pkg} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <HistorySection audit={audit} />
        </div>
      </div>
    </div>
  );
}

/** A template has no signing to follow: it is built in the builder, and packages start from it. */
function TemplateOverview({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packageDetail.template");
  return (
    <div className="space-y-6">
      <PackageHeader pkg={pkg} />
      <Section title={t("title")}>
        <p className="text-sm text-slate-700">{t("text")}</p>
        <Link href={`/templates/${encodeURIComponent(pkg.id)}/edit`} className={`${buttonLinkClass} mt-3`} data-testid="open-template">
          {t("open")}
        </Link>
      </Section>
    </div>
  );
}
