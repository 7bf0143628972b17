"use client";

import { useTranslations } from "use-intl";
import type { signerCopyView } from "@/lib/esign/signing/copies/signer-copy-downloads";
import { signerCopyPdfPath, signerCopyZipPath } from "@/lib/esign/signing/copies/signer-copy-paths";

type SignerCopyView = Awaited<ReturnType<typeof signerCopyView>>;

const primary = "inline-block rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800";
const secondary = "inline-block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50";

/** The signer's copy page: the sealed documents, one by one and as a zip, in the ceremony's look. */
export function SignerCopyScreen({ token, view }: { token: string; view: SignerCopyView }) {
  const t = useTranslations();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-5 py-10">
      <div className="rounded-lg border border-emerald-300 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">{t("copy.pageTitle", { packageName: view.package.name })}</h1>
        <p className="mt-3 leading-relaxed text-slate-700">{t("copy.pageText")}</p>
        <ul className="mt-5 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={t("copy.documents")}>
          {view.documents.map((document) => (
            <li key={document.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0 truncate text-slate-800">{document.name}</span>
              <a href={signerCopyPdfPath(token, document.id)} download className={secondary} aria-label={t("copy.downloadDocument", { name: document.name })}>
                {t("copy.downloadButton")}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-5">
          <a href={signerCopyZipPath(token)} download className={primary} data-testid="signer-copy-zip">
            {t("copy.zip")}
          </a>
        </p>
        <p className="mt-4 text-sm text-slate-500">{t("copy.availableUntil", { date: view.availableUntil })}</p>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">{t("common.footer")}</p>
    </main>
  );
}
