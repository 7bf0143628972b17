"use client";

import { useTranslations } from "use-intl";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useVerificationTypeCatalogue } from "@/lib/console/queries/verification-types";
import { isForbidden } from "@/lib/console/queries/senders";
import { AreaForbidden } from "../area-forbidden";
import { VerificationTypeItem } from "./verification-type-item";

/** `/account/verification`: the catalogue of signer verification types, each activated for the account or not. */
export function VerificationTypesPage() {
  const t = useTranslations("console.verification");
  const catalogue = useVerificationTypeCatalogue();
  if (isForbidden(catalogue.error)) {
    return <AreaForbidden area={t("area")} reason={t("forbidden")} />;
  }
  const types = catalogue.data?.results ?? [];
  const activated = types.filter((type) => type.activated).length;
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-700">
        {t("intro")}
      </p>
      {catalogue.isPending ? (
        <LoadingState label={t("loading")} />
      ) : catalogue.isError ? (
        <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700" data-testid="verification-summary">
            {t("summary", { activated, total: types.length })}
          </p>
          <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {types.map((type) => (
              <VerificationTypeItem key={type.id} type={type} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
