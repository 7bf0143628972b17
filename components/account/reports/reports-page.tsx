"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { When } from "@/components/packages/detail/format";
import { Button } from "@/components/ui/button";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/form-field";
import { StatusBadge } from "@/components/ui/badge";
import { EmptyState, ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import type { CompletionReportResponse } from "@/lib/api/reports";
import { REPORT_STATUSES, type ReportStatus } from "@/lib/api/wire-values";
import { completionReportCsv, useCompletionReport, useUsageReport } from "@/lib/console/queries/reports";
import { reportPageFilters, reportPageQuery, senderStatusBars, utcDay, type ReportPageFilters } from "@/lib/console/report-view";
import { StatusChart } from "./status-chart";

/** The table shows this many packages; the CSV has them all. */
const TABLE_ROWS = 500;

/** The filters, kept in the address (`?from=&to=&sender=&status=`) so that reload, back and a shared link show the same report. */
function useReportFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const [today] = useState(() => new Date());
  const filters = useMemo(() => reportPageFilters(new URLSearchParams(params), today), [params, today]);
  return { filters, apply: (next: ReportPageFilters) => router.push(`${pathname}?${reportPageQuery(next)}`, { scroll: false }) };
}

/** `/account/reports`: the account's packages of a date range per sender and status, as a chart, a table and a CSV download. */
export function ReportsPage() {
  const t = useTranslations("console.reports");
  const { filters, apply } = useReportFilters();
  const report = useCompletionReport(filters);
  // The usage report lists every sender the caller may report on: the sender filter's choices.
  const usage = useUsageReport(filters.from, filters.to);
  const senders = usage.data?.senders.map((entry) => entry.sender) ?? [];

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-700">{t("intro")}</p>
      <ReportFiltersForm key={reportPageQuery(filters)} filters={filters} senders={senders} onApply={apply} />
      <div className="mt-6" aria-live="polite" aria-busy={report.isFetching}>
        {report.isPending ? (
          <LoadingState label={t("loading")} />
        ) : report.isError ? (
          <ErrorState error={report.error} onRetry={() => void report.refetch()} />
        ) : (
          <ReportResult report={report.data} filters={filters} />
        )}
      </div>
    </div>
  );
}

function ReportFiltersForm({
  filters,
  senders,
  onApply,
}: {
  filters: ReportPageFilters;
  senders: { id: string; name: string; email: string }[];
  onApply: (filters: ReportPageFilters) => void;
}) {
  const t = useTranslations("console.reports");
  const [draft, setDraft] = useState(filters);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError(t("giveBothDates"));
    if (draft.from > draft.to) return setError(t("firstAfterLast"));
    setError(null);
    onApply(draft);
  }
  return (
    <form onSubmit={submit} aria-label={t("filters")} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField label={t("sender")} value={draft.senderId ?? ""} onChange={(event) => setDraft({ ...draft, senderId: event.target.value || undefined })}>
        <option value="">{t("allSenders")}</option>
        {/* The sender of a shared link stays a choice while the list loads. */}
        {draft.senderId && !senders.some((sender) => sender.id === draft.senderId) ? <option value={draft.senderId}>{draft.senderId}</option> : null}
        {senders.map((sender) => (
          <option key={sender.id} value={sender.id}>
            {sender.name ? `${sender.name} (${sender.email})` : sender.email}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("status")} value={draft.status ?? ""} onChange={(event) => setDraft({ ...draft, status: (event.target.value || undefined) as ReportStatus | undefined })}>
        <option value="">{t("allStatuses")}</option>
        {REPORT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`statuses.${status}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t("from")} type="date" required value={draft.from} max={draft.to || undefined} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      <TextField label={t("to")} type="date" required value={draft.to} min={draft.from || undefined} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          {t("show")}
        </Button>
      </div>
      {error ? (
        <div className="sm:col-span-2 lg:col-span-5">
          <Refusal message={error} />
        </div>
      ) : null}
    </form>
  );
}

function ReportResult({ report, filters }: { report: CompletionReportResponse; filters: ReportPageFilters }) {
  const t = useTranslations("console.reports");
  const rows = report.senders.flatMap(({ sender, packages }) => packages.map((pkg) => ({ sender, pkg })));
  const bars = senderStatusBars(report);
  const range = t("range", { from: utcDay(new Date(report.from)), to: utcDay(new Date(report.to)) });
  return (
    <section aria-labelledby="report-result-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="report-result-heading" className="text-base font-semibold text-slate-900" data-testid="report-summary">
          {t("packageCount", { count: rows.length })}
          {filters.status ? ` · ${t(`statuses.${filters.status}`)}` : ""} · {range}
        </h2>
        <CsvDownload filters={filters} />
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
      ) : (
        <>
          <StatusChart title={t("chartTitle")} bars={bars} />
          <div className="mt-6">
            <DataTable
              caption={t("caption", { range })}
              scroll
              columns={
                <>
                  <ColumnHeader>{t("package")}</ColumnHeader>
                  <ColumnHeader>{t("sender")}</ColumnHeader>
                  <ColumnHeader>{t("status")}</ColumnHeader>
                  <ColumnHeader>{t("lastChanged")}</ColumnHeader>
                  <ColumnHeader>{t("documentsDone")}</ColumnHeader>
                  <ColumnHeader>{t("signersDone")}</ColumnHeader>
                </>
              }
            >
              {rows.slice(0, TABLE_ROWS).map(({ sender, pkg }) => (
                <tr key={pkg.id} data-testid="report-row">
                  <td className="px-3 py-3 align-top [overflow-wrap:anywhere] text-slate-900">{pkg.name}</td>
                  <td className="px-3 py-3 align-top [overflow-wrap:anywhere] text-slate-800">{sender.name || sender.email}</td>
                  <td className="px-3 py-3 align-top"><StatusBadge status={pkg.status} trashed={pkg.trashed} /></td>
                  <td className="px-3 py-3 align-top whitespace-nowrap text-slate-800"><When iso={pkg.updated} withTime /></td>
                  <td className="px-3 py-3 align-top text-slate-800">{t("doneOf", { done: pkg.documents.filter((document) => document.completed).length, total: pkg.documents.length })}</td>
                  <td className="px-3 py-3 align-top text-slate-800">{t("doneOf", { done: pkg.signers.filter((signer) => signer.completed).length, total: pkg.signers.length })}</td>
                </tr>
              ))}
            </DataTable>
            {rows.length > TABLE_ROWS ? <p className="mt-2 text-sm text-slate-700">{t("tableCut", { shown: TABLE_ROWS, total: rows.length })}</p> : null}
          </div>
        </>
      )}
    </section>
  );
}

/** Downloads the report of these filters as CSV, as the service words it (`Accept: text/csv`). */
function CsvDownload({ filters }: { filters: ReportPageFilters }) {
  const t = useTranslations("console.reports");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const url = URL.createObjectURL(await completionReportCsv(filters));
      const link = document.createElement("a");
      link.href = url;
      link.download = `completion-report-${filters.from}-to-${filters.to}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        {t("downloadCsv")}
      </Button>
      <Refusal message={error} />
    </div>
  );
}
