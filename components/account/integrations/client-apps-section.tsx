"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { PagedList } from "@/components/packages/inbox/paged-list";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { When } from "@/components/packages/detail/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { ClientAppResponse } from "@/lib/api/client-apps";
import { useClientApps } from "@/lib/console/queries/integrations";
import { isForbidden } from "@/lib/console/queries/senders";
import { CreateClientAppDialog } from "./create-client-app-dialog";
import { RevokeClientAppDialog } from "./revoke-client-app-dialog";
import { Section, SectionForbidden } from "./section";

/** The account's client applications for access tokens: listed, created (the secret shown once), revoked. */
export function ClientAppsSection() {
  const t = useTranslations("console.integrations.clientApps");
  const [page, setPage] = useState(1);
  const list = useClientApps(pageWindow(page));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ClientAppResponse | null>(null);
  const wide = useWideScreen();
  const forbidden = isForbidden(list.error);

  return (
    <Section
      title={t("title")}
      testId="client-apps"
      intro={<p>{t("intro")}</p>}
      action={forbidden ? undefined : <Button onClick={() => setCreating(true)}>{t("new")}</Button>}
    >
      {forbidden ? (
        <SectionForbidden>{t("forbidden")}</SectionForbidden>
      ) : (
        <PagedList
          list={list}
          page={page}
          search=""
          go={(change) => setPage(change.page ?? 1)}
          things={t("things")}
          label={t("title")}
          searchScope=""
          empty={
            <EmptyState title={t("emptyTitle")} action={<Button onClick={() => setCreating(true)}>{t("new")}</Button>}>
              {t("emptyText")}
            </EmptyState>
          }
        >
          {(apps, caption) => (wide ? <ClientAppTable apps={apps} caption={caption} onRevoke={setRevoking} /> : <ClientAppCards apps={apps} label={caption} onRevoke={setRevoking} />)}
        </PagedList>
      )}
      <CreateClientAppDialog open={creating} onClose={() => setCreating(false)} />
      {revoking ? <RevokeClientAppDialog app={revoking} onClose={() => setRevoking(null)} /> : null}
    </Section>
  );
}

function AppStatus({ app }: { app: ClientAppResponse }) {
  const t = useTranslations("console.integrations.clientApps");
  return app.revoked ? (
    <span data-testid="client-app-status" data-status="REVOKED">
      <Badge tone="danger">{t("revoked")}</Badge> <span className="text-xs text-slate-600"><When iso={app.revoked} /></span>
    </span>
  ) : (
    <span data-testid="client-app-status" data-status="ACTIVE">
      <Badge tone="success">{t("active")}</Badge>
    </span>
  );
}

function RevokeButton({ app, onRevoke }: { app: ClientAppResponse; onRevoke: (app: ClientAppResponse) => void }) {
  const t = useTranslations("console.integrations.clientApps");
  if (app.revoked) return null;
  return (
    <Button variant="secondary" onClick={() => onRevoke(app)}>
      {t("revoke")}<span className="sr-only"> {app.name}</span>
    </Button>
  );
}

function ClientAppTable({ apps, caption, onRevoke }: { apps: ClientAppResponse[]; caption: string; onRevoke: (app: ClientAppResponse) => void }) {
  const t = useTranslations("console.integrations.clientApps");
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <ColumnHeader>{t("name")}</ColumnHeader>
          <ColumnHeader>{t("clientId")}</ColumnHeader>
          <ColumnHeader>{t("created")}</ColumnHeader>
          <ColumnHeader>{t("status")}</ColumnHeader>
          <ColumnHeader><span className="sr-only">{t("actions")}</span></ColumnHeader>
        </>
      }
    >
      {apps.map((app) => (
        <tr key={app.clientId} data-testid="client-app-row">
          <td className="px-3 py-3 align-top font-medium text-slate-900">{app.name}</td>
          <td className="px-3 py-3 align-top font-mono text-xs break-all text-slate-800">{app.clientId}</td>
          <td className="px-3 py-3 align-top text-slate-800"><When iso={app.created} /></td>
          <td className="px-3 py-3 align-top"><AppStatus app={app} /></td>
          <td className="px-3 py-3 text-right align-top"><RevokeButton app={app} onRevoke={onRevoke} /></td>
        </tr>
      ))}
    </DataTable>
  );
}

function ClientAppCards({ apps, label, onRevoke }: { apps: ClientAppResponse[]; label: string; onRevoke: (app: ClientAppResponse) => void }) {
  const t = useTranslations("console.integrations.clientApps");
  return (
    <ul aria-label={label} className="space-y-3">
      {apps.map((app) => (
        <li key={app.clientId} data-testid="client-app-row" className="rounded-lg border border-slate-200 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-medium text-slate-900">{app.name}</p>
            <AppStatus app={app} />
          </div>
          <p className="mt-1 font-mono text-xs break-all text-slate-700">{app.clientId}</p>
          <p className="text-xs text-slate-600">
            {t("created")} <When iso={app.created} />
          </p>
          {app.revoked ? null : (
            <div className="mt-3 flex justify-end">
              <RevokeButton app={app} onRevoke={onRevoke} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
