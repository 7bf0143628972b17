"use client";

import { useTranslations } from "use-intl";
import { When } from "@/components/packages/detail/format";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { PagedList } from "@/components/packages/inbox/paged-list";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { EmptyState } from "@/components/ui/states";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { OutboxMessageResponse } from "@/lib/api/outbox";
import { useOutbox } from "@/lib/console/queries/outbox";
import { isForbidden } from "@/lib/console/queries/senders";
import { AreaForbidden } from "../area-forbidden";
import { OutboxBody, OutboxKind, OutboxPackageLink, OutboxStatus } from "./outbox-message-parts";
import { useOutboxPage } from "./use-outbox-page";

/** `/account/outbox`: the e-mail the account has sent (or kept), newest first, with how each fared. */
export function OutboxList() {
  const t = useTranslations("console.outbox");
  const { page, go } = useOutboxPage();
  const list = useOutbox(pageWindow(page));
  const wide = useWideScreen();

  if (isForbidden(list.error)) {
    return <AreaForbidden area={t("area")} reason={t("forbidden")} />;
  }
  const kept = list.data?.results.some((message) => message.status === "KEPT");
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-700">{t("intro")}</p>
      {kept ? (
        <p role="note" className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          {t("keptNote")}
        </p>
      ) : null}
      <PagedList
        list={list}
        page={page}
        search=""
        go={(change) => go(change.page ?? 1)}
        things={t("things")}
        label={t("label")}
        searchScope=""
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(messages, caption) => (wide ? <OutboxTable messages={messages} caption={caption} /> : <OutboxCards messages={messages} label={caption} />)}
      </PagedList>
    </div>
  );
}

function OutboxTable({ messages, caption }: { messages: OutboxMessageResponse[]; caption: string }) {
  const t = useTranslations("console.outbox");
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <ColumnHeader>{t("recipient")}</ColumnHeader>
          <ColumnHeader>{t("subject")}</ColumnHeader>
          <ColumnHeader>{t("status")}</ColumnHeader>
          <ColumnHeader>{t("date")}</ColumnHeader>
        </>
      }
    >
      {messages.map((message) => (
        <tr key={message.id} data-testid="outbox-row">
          <td className="px-3 py-3 align-top [overflow-wrap:anywhere] text-slate-900">{message.to}</td>
          <td className="px-3 py-3 align-top text-slate-900">
            {message.subject}
            <span className="block text-xs text-slate-600"><OutboxKind kind={message.kind} /></span>
            <OutboxPackageLink message={message} />
            <OutboxBody message={message} />
          </td>
          <td className="px-3 py-3 align-top"><OutboxStatus message={message} /></td>
          <td className="px-3 py-3 align-top whitespace-nowrap text-slate-800"><When iso={message.created} withTime /></td>
        </tr>
      ))}
    </DataTable>
  );
}

function OutboxCards({ messages, label }: { messages: OutboxMessageResponse[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {messages.map((message) => (
        <li key={message.id} data-testid="outbox-row" className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="min-w-0 text-sm [overflow-wrap:anywhere] text-slate-900">{message.to}</p>
            <OutboxStatus message={message} />
          </div>
          <p className="mt-1 text-sm font-medium text-slate-900">{message.subject}</p>
          <p className="text-xs text-slate-600">
            <OutboxKind kind={message.kind} /> · <When iso={message.created} withTime />
          </p>
          <OutboxPackageLink message={message} />
          <OutboxBody message={message} />
        </li>
      ))}
    </ul>
  );
}
