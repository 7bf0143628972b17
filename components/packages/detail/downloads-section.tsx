"use client";

import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { apiPath, proxied } from "@/lib/console/api-client";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { When } from "./format";
import { Section } from "./section";

const linkClass =
  "inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-sky-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600";

/** A plain link the browser downloads from (streamed through the proxy, never held in the page). */
/**
 * A plain link, not `download`: the service answers files as attachments, so the page stays; and
 * a session that has ended leads to the sign-in page (and back here) instead of saving its refusal as the file.
 */
function DownloadLink({ path, label, visible, testId }: { path: string; label: string; visible: string; testId: string }) {
  return (
    <a href={proxied(path)} aria-label={label} className={linkClass} data-testid={testId}>
      {visible}
    </a>
  );
}

/**
 * Each document's PDF (sealed once the package is complete) and original upload, the zip of the
 * signed documents once complete, and the evidence summary. The consent document the service adds
 * is listed last with its PDF only (its "original" is the same built-in text).
 */
export function DownloadsSection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packageDetail.downloads");
  const complete = pkg.status === "COMPLETED" || pkg.status === "ARCHIVED";
  const documents = pkg.documents.filter((document) => document.id !== CONSENT_DOCUMENT_ID).sort((a, b) => a.index - b.index);
  const consent = pkg.documents.find((document) => document.id === CONSENT_DOCUMENT_ID);
  const documentPath = (documentId: string, what: "pdf" | "original") => apiPath("packages", pkg.id, "documents", documentId, what);
  const evidence = (
    <DownloadLink path={apiPath("packages", pkg.id, "evidence", "summary")} label={t("evidence")} visible={t("evidence")} testId="download-evidence" />
  );

  const purged = pkg.purged;
  if (purged) {
    const removed = t.rich("purged", { date: () => <When iso={purged} /> });
    return (
      <Section title={t("title")} testId="downloads">
        <p className="text-sm text-slate-700" data-testid="documents-purged">
          {removed}
        </p>
        <div className="mt-3">{evidence}</div>
      </Section>
    );
  }

  const consentLine = consent
    ? t.rich("consent", {
        name: consent.name,
        link: (chunks) => (
          <a
            href={proxied(documentPath(consent.id, "pdf"))}
            download
            className="font-medium text-sky-800 underline hover:text-sky-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
            data-testid={`download-pdf-${consent.id}`}
          >
            {chunks}
          </a>
        ),
      })
    : null;
  return (
    <Section title={t("title")} testId="downloads">
      {documents.length === 0 ? (
        <p className="text-sm text-slate-700">{pkg.status === "DRAFT" ? t("noDocumentsInDraft") : t("noDocuments")}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={t("documents")}>
          {documents.map((document) => (
            <li key={document.id} className="py-2 first:pt-0">
              <p className="text-sm font-medium break-words text-slate-900">{document.name}</p>
              <div className="mt-1.5 flex flex-wrap gap-2">
                <DownloadLink
                  path={documentPath(document.id, "pdf")}
                  label={complete ? t("signedPdfOf", { name: document.name }) : t("pdfOf", { name: document.name })}
                  visible={complete ? t("signedPdf") : t("pdf")}
                  testId={`download-pdf-${document.id}`}
                />
                <DownloadLink path={documentPath(document.id, "original")} label={t("originalOf", { name: document.name })} visible={t("original")} testId={`download-original-${document.id}`} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
        {complete ? (
          <DownloadLink path={apiPath("packages", pkg.id, "documents", "zip")} label={t("zip")} visible={t("zip")} testId="download-zip" />
        ) : (
          <p className="text-sm text-slate-700">{t("zipLater")}</p>
        )}
        <div>{evidence}</div>
        {consentLine ? <p className="text-sm text-slate-700">{consentLine}</p> : null}
      </div>
    </Section>
  );
}
