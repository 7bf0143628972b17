"use client";

import Link from "next/link";
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
  const noun = kind === "template" ? "template" : "package";
  if (query.isPending) return <LoadingState label={`Loading the ${noun}…`} />;
  if (query.isError) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">Edit the {noun}</h1>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        <Link href={kind === "template" ? "/templates" : "/packages"} className={linkClass}>
          Back to the {noun}s
        </Link>
      </div>
    );
  }
  const pkg = query.data;
  const isTemplate = pkg.type === "TEMPLATE";
  if (isTemplate !== (kind === "template")) {
    const href = `/${isTemplate ? "templates" : "packages"}/${encodeURIComponent(pkg.id)}/edit`;
    return (
      <NotEditable title={`Edit “${pkg.name}”`}>
        This is a {isTemplate ? "template" : "package"}.{" "}
        <Link href={href} className={linkClass}>
          Edit it as a {isTemplate ? "template" : "package"}
        </Link>
        .
      </NotEditable>
    );
  }
  if (pkg.status !== "DRAFT" || pkg.trashed) {
    return (
      <NotEditable title={`Edit “${pkg.name}”`}>
        {pkg.trashed ? `This ${noun} is in the trash; restore it to edit it.` : "This package has been sent: only a draft can be edited."}
        {designer ? null : (
          <>
            {" "}
            <Link href={`/packages/${encodeURIComponent(pkg.id)}`} className={linkClass}>
              Open the package
            </Link>
            .
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
  return (
    <UnsavedWorkProvider>
      <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 truncate text-2xl font-semibold text-slate-900">
          <span className="sr-only">{template ? "Edit template: " : "Edit package: "}</span>
          {pkg.name}
        </h1>
        {template ? <span className="text-sm text-slate-600">Template</span> : <StatusBadge status={pkg.status} />}
        {template || designer ? null : (
          <Link href={`/packages/${encodeURIComponent(pkg.id)}`} className={`ml-auto text-sm ${linkClass}`}>
            Package page
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
