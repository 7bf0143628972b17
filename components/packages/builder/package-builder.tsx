"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { useDesignerSession } from "@/components/console/designer-session";
import { StatusBadge } from "@/components/ui/badge";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { usePackage } from "@/lib/console/queries/packages";
import { RemindersSection } from "../detail/reminders-section";
import { DocumentsSection } from "./documents/documents-section";
import { FieldsSection } from "./fields-section";
import { NotarySection } from "./notary/notary-section";
import { ReviewSection } from "./review/review-section";
import { SettingsSection } from "./settings/settings-section";
import { SignersSection } from "./signers/signers-section";
import { UnsavedWorkProvider } from "./unsaved-work";
import { VerificationSection } from "./verification/verification-section";

export type BuilderKind = "package" | "template";

const linkClass = "font-medium text-sky-800 underline hover:text-sky-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600";

/**
 * The package builder, one page: name, message and settings first, then documents, signers in
 * steps, verification, fields, the reminder schedule, and a summary with Send. Every change is its own call on the draft. The same page edits a template
 * (placeholders instead of people, no sending).
 */
export function PackageBuilder({ packageId, kind }: { packageId: string; kind: BuilderKind }) {
  const query = usePackage(packageId);
  const designer = useDesignerSession();
  const t = useTranslations("console.builder.page");
  if (query.isPending) return <LoadingState label={t("loading", { kind })} />;
  if (query.isError) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">{t("editHeading", { kind })}</h1>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        <Link href={kind === "template" ? "/templates" : "/packages"} className={linkClass}>
          {t("backToList", { kind })}
        </Link>
      </div>
    );
  }
  const pkg = query.data;
  const isTemplate = pkg.type === "TEMPLATE";
  if (isTemplate !== (kind === "template")) {
    const href = `/${isTemplate ? "templates" : "packages"}/${encodeURIComponent(pkg.id)}/edit`;
    const actualKind: BuilderKind = isTemplate ? "template" : "package";
    return (
      <NotEditable title={t("editNamed", { name: pkg.name })}>
        {t.rich("wrongKind", {
          kind: actualKind,
          link: (chunks) => (
            <Link href={href} className={linkClass}>
              {chunks}
            </Link>
          ),
        })}
      </NotEditable>
    );
  }
  if (pkg.status !== "DRAFT" || pkg.trashed) {
    return (
      <NotEditable title={t("editNamed", { name: pkg.name })}>
        {pkg.trashed ? t("trashed", { kind }) : t("sent")}
        {designer ? null : (
          <>
            {" "}
            {t.rich("openPackage", {
              link: (chunks) => (
                <Link href={`/packages/${encodeURIComponent(pkg.id)}`} className={linkClass}>
                  {chunks}
                </Link>
              ),
            })}
          </>
        )}
      </NotEditable>
    );
  }
  return <BuilderPage pkg={pkg} template={isTemplate} />;
}

function NotEditable({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700" data-testid="builder-not-editable">
        {children}
      </p>
    </div>
  );
}

function BuilderPage({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const designer = useDesignerSession();
  const t = useTranslations("console.builder.page");
  return (
    <UnsavedWorkProvider>
      <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 truncate text-2xl font-semibold text-slate-900">
          <span className="sr-only">
            {template ? t("editTemplateLabel") : t("editPackageLabel")}{" "}
          </span>
          {pkg.name}
        </h1>
        {template ? <span className="text-sm text-slate-600">{t("template")}</span> : <StatusBadge status={pkg.status} />}
        {template || designer ? null : (
          <Link href={`/packages/${encodeURIComponent(pkg.id)}`} className={`ml-auto text-sm ${linkClass}`}>
            {t("packagePage")}
          </Link>
        )}
      </div>
      {/* The sections take the page's whole width (the field editor's page preview most of all); the
          summary and Send sit in a bar held at the bottom of the window, where nothing above moves them. */}
      <div className="flex min-w-0 flex-col gap-5">
        <SettingsSection pkg={pkg} template={template} />
        <DocumentsSection pkg={pkg} />
        <SignersSection pkg={pkg} template={template} />
        <VerificationSection pkg={pkg} template={template} />
        <FieldsSection pkg={pkg} />
        {template ? null : <NotarySection pkg={pkg} />}
        {template ? null : <RemindersSection pkg={pkg} />}
      </div>
      <ReviewSection pkg={pkg} template={template} />
    </UnsavedWorkProvider>
  );
}
