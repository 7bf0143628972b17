"use client";

import { useTranslations } from "use-intl";
import { useMayOffer } from "@/lib/console/queries/session";
import { CallbackSection } from "./callback-section";
import { ClientAppsSection } from "./client-apps-section";
import { EmbeddedSigningSection } from "./embedded-signing-section";
import { OwnApiKey } from "./own-api-key";

/**
 * `/account/integrations`: everyone's own API key; client applications, the callback (with its
 * delivery log) and the sites that may embed the ceremony, for those whose roles include them.
 */
export function IntegrationsPage({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations("console.integrations");
  const mayManageClientApps = useMayOffer("api_keys.client_apps");
  const mayManageCallback = useMayOffer("callbacks.manage");
  const mayManageSettings = useMayOffer("account_settings.manage");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">{t("intro")}</p>
      </div>
      <OwnApiKey userId={currentUserId} />
      {mayManageClientApps ? <ClientAppsSection /> : null}
      {mayManageCallback ? <CallbackSection /> : null}
      {mayManageSettings ? <EmbeddedSigningSection /> : null}
    </div>
  );
}
