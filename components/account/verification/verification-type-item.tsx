"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { VerificationTypeCatalogueEntry } from "@/lib/api/verification";
import { useSetVerificationTypeActivated } from "@/lib/console/queries/verification-types";

/** One verification type: what it is, whether the account activated it, and the switch (none for the built-in one). */
export function VerificationTypeItem({ type }: { type: VerificationTypeCatalogueEntry }) {
  const t = useTranslations("console.verification");
  const toast = useToast();
  const change = useSetVerificationTypeActivated(type.id);
  function setActivated(activate: boolean) {
    change.mutate(activate, {
      onSuccess: () =>
        toast.success(activate ? t("activatedToast", { name: type.name }) : t("deactivatedToast", { name: type.name })),
    });
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="verification-type" data-type-id={type.id}>
      <div className="min-w-0 max-w-xl">
        <p className="font-medium text-slate-900">{type.name}</p>
        <p className="font-mono text-xs text-slate-600">
          {type.id} · {type.method}
        </p>
        {type.needsExternalProvider ? (
          <p className="mt-1 text-xs text-slate-600">{t("externalProvider")}</p>
        ) : null}
        {change.error ? (
          <p role="alert" className="mt-2 rounded-md border border-rose-300 bg-rose-50 p-2 text-sm text-rose-900">
            {change.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span data-testid="verification-status" data-status={type.activated ? "ACTIVATED" : "NOT_ACTIVATED"}>
          {type.activated ? <Badge tone="success">{t("activated")}</Badge> : <Badge>{t("notActivated")}</Badge>}
        </span>
        {type.builtIn ? (
          <Badge tone="info">{t("builtIn")}</Badge>
        ) : type.activated ? (
          <Button variant="secondary" busy={change.isPending} onClick={() => setActivated(false)}>
            {t("deactivate")}<span className="sr-only"> {type.name}</span>
          </Button>
        ) : (
          <Button busy={change.isPending} onClick={() => setActivated(true)}>
            {t("activate")}<span className="sr-only"> {type.name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
