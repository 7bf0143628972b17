"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { adoptNotarialCertificate, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyAction } from "@/lib/ceremony/use-ceremony";

type NotaryView = NonNullable<CeremonyView["notary"]>;

/**
 * The notary's step of a notarized package, after consent and before the documents: their
 * commission, and the notarial certificate of each document, which signing adopts (and which the
 * seal on the sealed documents stands for). Adopting it is recorded by the service (the audit
 * trail says when); the refreshed view then leads the notary on to the documents.
 */
export function NotaryStep({ view, notary, packageId }: { view: CeremonyView; notary: NotaryView; packageId: string }) {
  const t = useTranslations("notary");
  const [adopted, setAdopted] = useState(false);
  const adopt = useCeremonyAction(packageId, () => adoptNotarialCertificate(packageId));
  const certificate = t("certificate", { notaryName: notary.name, jurisdiction: notary.commission?.jurisdiction ?? "" });
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-sm text-slate-600">{t("text", { packageName: view.package.name })}</p>
        <p className="mt-1 text-sm font-medium text-slate-800">
          {notary.name}
          {" · "}
          {notary.commission ? t("commission", { number: notary.commission.number, jurisdiction: notary.commission.jurisdiction, expires: new Date(notary.commission.expirationDate) }) : null}
        </p>
        {notary.commission ? null : (
          <p role="alert" className="mt-1 text-sm text-amber-800">
            {t("noCommission")}
          </p>
        )}
      </div>
      <ol className="min-h-0 flex-1 space-y-4 overflow-y-auto bg-slate-100 p-4">
        {view.documents.map((document) => (
          <li key={document.id}>
            <section aria-label={t("documentLabel", { documentName: document.name })} className="mx-auto max-w-2xl rounded-md border border-slate-300 bg-white p-4 shadow-sm">
              <h3 className="text-sm font-semibold text-slate-900">{t("documentLabel", { documentName: document.name })}</h3>
              <blockquote className="mt-2 border-l-4 border-sky-700 pl-3 font-serif text-slate-800">{certificate}</blockquote>
            </section>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white px-4 py-3">
        <label className="mr-auto flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4" checked={adopted} onChange={(event) => setAdopted(event.target.checked)} />
          {t("adopt")}
        </label>
        {adopt.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {adopt.error.message}
          </p>
        ) : null}
        <Button busy={adopt.isPending} disabled={!adopted} onClick={() => adopt.mutate(undefined)}>
          {t("continue")}
        </Button>
      </div>
    </div>
  );
}
