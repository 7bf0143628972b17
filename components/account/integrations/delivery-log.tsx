"use client";

import Link from "next/link";
import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { When } from "@/components/packages/detail/format";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { PagedList } from "@/components/packages/inbox/paged-list";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { CallbackDeliveryResponse } from "@/lib/api/callbacks";
import { useCallbackDeliveries, useResendDelivery } from "@/lib/console/queries/integrations";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { Section } from "./section";

const DATE_AND_TIME = { dateStyle: "medium", timeStyle: "short" } as const;

/** What was sent to the callback destination, newest first, with every attempt; a finished delivery can be sent again. */
export function DeliveryLog() {
  const t = useTranslations("console.integrations.deliveries");
  const [page, setPage] = useState(1);
  const list = useCallbackDeliveries(pageWindow(page));
  const wide = useWideScreen();
  return (
    <Section
      title={t("title")}
      testId="delivery-log"
      intro={<p>{t("intro")}</p>}
    >
      <PagedList
        list={list}
        page={page}
        search=""
        go={(change) => setPage(change.page ?? 1)}
        things={t("things")}
        label={t("label")}
        searchScope=""
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(deliveries, caption) => (wide ? <DeliveryTable deliveries={deliveries} caption={caption} /> : <DeliveryCards deliveries={deliveries} label={caption} />)}
      </PagedList>
    </Section>
  );
}

/** The status, and why it failed or when it is tried next. */
function DeliveryOutcome({ delivery }: { delivery: CallbackDeliveryResponse }) {
  const t = useTranslations("console.integrations.deliveries");
  return (
    <div className="space-y-1">
      <DeliveryStatusBadge status={delivery.status} />
      {delivery.status === "PENDING" && delivery.nextAttemptAt && delivery.attempts.length > 0 ? (
        <p className="text-xs text-slate-600">
          {t("nextAttempt")} <When iso={delivery.nextAttemptAt} withTime />
        </p>
      ) : null}
      {delivery.lastError && delivery.status !== "DELIVERED" ? (
        <p className="max-w-xs text-xs break-words text-rose-800" data-testid="delivery-error">
          {delivery.lastError}
        </p>
      ) : null}
    </div>
  );
}

/** The number of attempts, each one listed when opened. */
function DeliveryAttempts({ delivery }: { delivery: CallbackDeliveryResponse }) {
  const t = useTranslations("console.integrations.deliveries");
  const format = useFormatter();
  const count = delivery.attempts.length;
  if (count === 0) return <span className="text-slate-600">{t("noneYet")}</span>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600" data-testid="delivery-attempts">
        {t("attempts", { count })}
      </summary>
      <ol className="mt-2 space-y-1 text-xs text-slate-700">
        {delivery.attempts.map((attempt, index) => (
          <li key={attempt.attemptedAt + index}>
            <time dateTime={attempt.attemptedAt}>{format.dateTime(new Date(attempt.attemptedAt), DATE_AND_TIME)}</time>:{" "}
            {attempt.statusCode ? t("httpStatus", { status: attempt.statusCode }) : t("noAnswer")}, {t("latency", { ms: attempt.latencyMs })}
            {attempt.error ? <span className="block break-words text-rose-800">{attempt.error}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

function ResendButton({ delivery }: { delivery: CallbackDeliveryResponse }) {
  const t = useTranslations("console.integrations.deliveries");
  const format = useFormatter();
  const toast = useToast();
  const resend = useResendDelivery(delivery.id);
  if (delivery.status !== "FAILED" && delivery.status !== "DELIVERED") return null;
  return (
    <Button
      variant="secondary"
      busy={resend.isPending}
      onClick={() => resend.mutate(undefined, { onSuccess: () => toast.info(t("resent", { event: delivery.eventName })), onError: (error) => toast.error(error.message) })}
    >
      {t("resend")}
      <span className="sr-only">{t("resendOf", { event: delivery.eventName, date: format.dateTime(new Date(delivery.created), DATE_AND_TIME) })}</span>
    </Button>
  );
}

function DeliveryTable({ deliveries, caption }: { deliveries: CallbackDeliveryResponse[]; caption: string }) {
  const t = useTranslations("console.integrations.deliveries");
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <ColumnHeader>{t("event")}</ColumnHeader>
          <ColumnHeader>{t("status")}</ColumnHeader>
          <ColumnHeader>{t("attemptsColumn")}</ColumnHeader>
          <ColumnHeader>{t("created")}</ColumnHeader>
          <ColumnHeader>{t("delivered")}</ColumnHeader>
          <ColumnHeader><span className="sr-only">{t("actions")}</span></ColumnHeader>
        </>
      }
    >
      {deliveries.map((delivery) => (
        <tr key={delivery.id} data-testid="delivery-row" data-delivery-id={delivery.id}>
          <td className="px-3 py-3 align-top">
            <span className="font-mono text-xs font-semibold text-slate-900">{delivery.eventName}</span>
            <DeliveryConnector delivery={delivery} />
            <DeliveryPackageLink delivery={delivery} />
          </td>
          <td className="px-3 py-3 align-top"><DeliveryOutcome delivery={delivery} /></td>
          <td className="px-3 py-3 align-top"><DeliveryAttempts delivery={delivery} /></td>
          <td className="px-3 py-3 align-top text-slate-800"><When iso={delivery.created} withTime /></td>
          <td className="px-3 py-3 align-top text-slate-800">{delivery.deliveredAt ? <When iso={delivery.deliveredAt} withTime /> : "—"}</td>
          <td className="px-3 py-3 text-right align-top"><ResendButton delivery={delivery} /></td>
        </tr>
      ))}
    </DataTable>
  );
}

function DeliveryCards({ deliveries, label }: { deliveries: CallbackDeliveryResponse[]; label: string }) {
  const t = useTranslations("console.integrations.deliveries");
  return (
    <ul aria-label={label} className="space-y-3">
      {deliveries.map((delivery) => (
        <li key={delivery.id} data-testid="delivery-row" data-delivery-id={delivery.id} className="rounded-lg border border-slate-200 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-mono text-xs font-semibold text-slate-900">{delivery.eventName}</p>
              <DeliveryConnector delivery={delivery} />
              <DeliveryPackageLink delivery={delivery} />
              <p className="text-xs text-slate-600">
                {t("created")} <When iso={delivery.created} withTime />
              </p>
              {delivery.deliveredAt ? (
                <p className="text-xs text-slate-600">
                  {t("delivered")} <When iso={delivery.deliveredAt} withTime />
                </p>
              ) : null}
            </div>
            <DeliveryOutcome delivery={delivery} />
          </div>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-2">
            <DeliveryAttempts delivery={delivery} />
            <ResendButton delivery={delivery} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The package the event is about, when there is one (its id, which is what the receiver got), opening the package's page. */
function DeliveryPackageLink({ delivery }: { delivery: CallbackDeliveryResponse }) {
  const t = useTranslations("console.integrations.deliveries");
  if (!delivery.packageId) return null;
  return (
    <Link
      href={`/packages/${encodeURIComponent(delivery.packageId)}`}
      className="block w-fit font-mono text-xs break-all text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
    >
      <span className="sr-only">{t("package")}</span>
      {delivery.packageId}
    </Link>
  );
}

/** The connector a delivery went to; nothing for the main registration's. */
function DeliveryConnector({ delivery }: { delivery: CallbackDeliveryResponse }) {
  const t = useTranslations("console.integrations.deliveries");
  return delivery.connector ? (
    <p className="text-xs text-slate-600">{t.rich("toConnector", { name: delivery.connector, mono: (chunks) => <span className="font-mono">{chunks}</span> })}</p>
  ) : null;
}
