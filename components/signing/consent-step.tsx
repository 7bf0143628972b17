"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { acceptConsent, documentPdfUrl, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyAction } from "@/lib/ceremony/use-ceremony";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { PdfPagesLoader } from "./pdf-pages-loader";

/** The service's built-in consent document: its id, and its one Letter page. */
const CONSENT_PAGES = [{ index: 0, width: 612, height: 792 }];

/** The consent to electronic records and signatures, read on its page and accepted with a click, before any document. */
export function ConsentStep({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const accept = useCeremonyAction(packageId, () => acceptConsent(packageId));
  const [read, setRead] = useState(false);
  const t = useTranslations("consent");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-sm text-slate-600">
          {view.package.emailMessage ? <span className="block italic">“{view.package.emailMessage}”</span> : null}
          {t("text", { packageName: view.package.name })}
        </p>
      </div>
      <PdfPagesLoader
        fileUrl={documentPdfUrl(packageId, CONSENT_DOCUMENT_ID)}
        byteRanges
        pages={CONSENT_PAGES}
        documentName={t("documentName")}
        onFirstPagePainted={() => setRead(true)}
      />
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white px-4 py-3">
        {accept.isError ? (
          <p role="alert" className="mr-auto text-sm text-rose-700">
            {accept.error.message}
          </p>
        ) : null}
        <Button busy={accept.isPending} disabled={!read} onClick={() => accept.mutate(undefined)}>
          {t("accept")}
        </Button>
      </div>
    </div>
  );
}
