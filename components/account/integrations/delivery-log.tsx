"use client";

import Link from "next/link";
import { useState } from "react";
import { formatDateTime, When } from "@/components/packages/detail/format";
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

/** What was sent to the callback destination, newest first, with every attempt; a finished delivery can be sent again. */
export function DeliveryLog() {
  const [page, setPage] = useState(1);
  const list = useCallbackDeliveries(pageWindow(page));
  const wide = useWideScreen();
  return (
    <Section
      title="Delivery log"
      testId="delivery-log"
      intro={<p>Each subscribed event is one delivery. The list updates by itself while a delivery is pending.</p>}
    >
      <PagedList
        list={list}
        page={page}
        search=""
        go={(change) => setPage(change.page ?? 1)}
        things="deliveries"
        label="Deliveries"
        searchScope=""
        empty={<EmptyState title="Nothing delivered yet.">Deliveries appear here once an event you subscribed to happens, or when you send a test event.</EmptyState>}
      >
        {(deliveries, caption) => (wide ? <DeliveryTable deliveries={deliveries} caption={caption} /> : <DeliveryCards deliveries={deliveries} label={caption} />)}
      </PagedList>
    </Section>
  );
}

/** The status, and why it failed or when it is tried next. */
function DeliveryOutcome({ delivery }: { delivery: CallbackDeliveryResponse }) {
  return (
    <div className="space-y-1">
      <DeliveryStatusBadge status={delivery.status} />
      {delivery.status === "PENDING" && delivery.nextAttemptAt && delivery.attempts.length > 0 ? (
        <p className="text-xs text-slate-600">
          Next attempt <When iso={delivery.nextAttemptAt} withTime />
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
  const count = delivery.attempts.length;
  if (count === 0) return <span className="text-slate-600">None yet</span>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600" data-testid="delivery-attempts">
        {count} {count === 1 ? "attempt" : "attempts"}
      </summary>
      <ol className="mt-2 space-y-1 text-xs text-slate-700">
        {delivery.attempts.map((attempt, index) => (
          <li key={attempt.attemptedAt + index}>
            <time dateTime={attempt.attemptedAt}>{formatDateTime(attempt.attemptedAt)}</time>: {attempt.statusCode ? `HTTP ${attempt.statusCode}` : "no answer"}, {attempt.latencyMs} ms
            {attempt.error ? <span className="block break-words text-rose-800">{attempt.error}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

function ResendButton({ delivery }: { delivery: CallbackDeliveryResponse }) {
  const toast = useToast();
  const resend = useResendDelivery(delivery.id);
  if (delivery.status !== "FAILED" && delivery.status !== "DELIVERED") return null;
  return (
    <Button
      variant="secondary"
      busy={resend.isPending}
      onClick={() => resend.mutate(undefined, { onSuccess: () => toast.info(`${delivery.eventName} is being sent again.`), onError: (error) => toast.error(error.message) })}
    >
      Resend<span className="sr-only"> {delivery.eventName} of {formatDateTime(delivery.created)}</span>
    </Button>
  );
}

function DeliveryTable({ deliveries, caption }: { deliveries: CallbackDeliveryResponse[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <ColumnHeader>Event</ColumnHeader>
          <ColumnHeader>Status</ColumnHeader>
          <ColumnHeader>Attempts</ColumnHeader>
          <ColumnHeader>Created</ColumnHeader>
          <ColumnHeader>Delivered</ColumnHeader>
          <ColumnHeader><span className="sr-only">Actions</span></ColumnHeader>
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
                Created <When iso={delivery.created} withTime />
              </p>
              {delivery.deliveredAt ? (
                <p className="text-xs text-slate-600">
                  Delivered <When iso={delivery.deliveredAt} withTime />
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
  if (!delivery.packageId) return null;
  return (
    <Link
      href={`/packages/${encodeURIComponent(delivery.packageId)}`}
      className="block w-fit font-mono text-xs break-all text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
    >
      <span className="sr-only">Package </span>
      {delivery.packageId}
    </Link>
  );
}

/** The connector a delivery went to; nothing for the main registration's. */
function DeliveryConnector({ delivery }: { delivery: CallbackDeliveryResponse }) {
  return delivery.connector ? <p className="text-xs text-slate-600">to connector <span className="font-mono">{delivery.connector}</span></p> : null;
}
