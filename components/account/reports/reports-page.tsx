"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { When } from "@/components/packages/detail/format";
import { Button } from "@/components/ui/button";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/form-field";
import { STATUS_LABELS, StatusBadge } from "@/components/ui/badge";
import { EmptyState, ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { REPORT_STATUSES, type CompletionReportResponse, type ReportStatus } from "@/lib/api/reports";
import { completionReportCsv, useCompletionReport, useUsageReport } from "@/lib/console/queries/reports";
import { reportPageFilters, reportPageQuery, senderStatusBars, utcDay, type ReportPageFilters } from "@/lib/console/report-view";
import { StatusChart } from "./status-chart";

/** The table shows this many packages; the CSV has them all. */
const TABLE_ROWS = 500;

const statusLabel = (status: ReportStatus) => (status === "TRASHED" ? "In trash" : (STATUS_LABELS[status] ?? status));

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
  const { filters, apply } = useReportFilters();
  const report = useCompletionReport(filters);
  // The usage report lists every sender the caller may report on: the sender filter's choices.
  const usage = useUsageReport(filters.from, filters.to);
  const senders = usage.data?.senders.map((entry) => entry.sender) ?? [];

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Reports</h1>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-700">
        The account&rsquo;s packages last changed in a date range, per sender and status. Dates are whole days in UTC; a report covers at most 366 days.
      </p>
      <ReportFiltersForm key={reportPageQuery(filters)} filters={filters} senders={senders} onApply={apply} />
      <div className="mt-6" aria-live="polite" aria-busy={report.isFetching}>
        {report.isPending ? (
          <LoadingState label="Loading the report…" />
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
  const [draft, setDraft] = useState(filters);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError("Give both dates.");
    if (draft.from > draft.to) return setError("The first day is after the last day.");
    setError(null);
    onApply(draft);
  }
  return (
    <form onSubmit={submit} aria-label="Report filters" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField label="Sender" value={draft.senderId ?? ""} onChange={(event) => setDraft({ ...draft, senderId: event.target.value || undefined })}>
        <option value="">All senders</option>
        {/* The sender of a shared link stays a choice while the list loads. */}
        {draft.senderId && !senders.some((sender) => sender.id === draft.senderId) ? <option value={draft.senderId}>{draft.senderId}</option> : null}
        {senders.map((sender) => (
          <option key={sender.id} value={sender.id}>
            {sender.name ? `${sender.name} (${sender.email})` : sender.email}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" value={draft.status ?? ""} onChange={(event) => setDraft({ ...draft, status: (event.target.value || undefined) as ReportStatus | undefined })}>
        <option value="">All statuses</option>
        {REPORT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>
      <TextField label="From" type="date" required value={draft.from} max={draft.to || undefined} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      <TextField label="To" type="date" required value={draft.to} min={draft.from || undefined} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          Show report
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
  const rows = report.senders.flatMap(({ sender, packages }) => packages.map((pkg) => ({ sender, pkg })));
  const bars = senderStatusBars(report);
  const range = `${utcDay(new Date(report.from))} to ${utcDay(new Date(report.to))}`;
  return (
    <section aria-labelledby="report-result-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="report-result-heading" className="text-base font-semibold text-slate-900" data-testid="report-summary">
          {rows.length === 1 ? "1 package" : `${rows.length} packages`}
          {filters.status ? ` · ${statusLabel(filters.status)}` : ""} · {range}
        </h2>
        <CsvDownload filters={filters} />
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No packages in this report.">No package of these senders and status was changed in these days. Try a longer range or another status.</EmptyState>
      ) : (
        <>
          <StatusChart title="Packages per sender and status" bars={bars} />
          <div className="mt-6">
            <DataTable
              caption={`Packages of the report, ${range}`}
              scroll
              columns={
                <>
                  <ColumnHeader>Package</ColumnHeader>
                  <ColumnHeader>Sender</ColumnHeader>
                  <ColumnHeader>Status</ColumnHeader>
                  <ColumnHeader>Last changed</ColumnHeader>
                  <ColumnHeader>Documents done</ColumnHeader>
                  <ColumnHeader>Signers done</ColumnHeader>
                </>
              }
            >
              {rows.slice(0, TABLE_ROWS).map(({ sender, pkg }) => (
                <tr key={pkg.id} data-testid="report-row">
                  <td className="px-3 py-3 align-top [overflow-wrap:anywhere] text-slate-900">{pkg.name}</td>
                  <td className="px-3 py-3 align-top [overflow-wrap:anywhere] text-slate-800">{sender.name || sender.email}</td>
                  <td className="px-3 py-3 align-top"><StatusBadge status={pkg.status} trashed={pkg.trashed} /></td>
                  <td className="px-3 py-3 align-top whitespace-nowrap text-slate-800"><When iso={pkg.updated} withTime /></td>
                  <td className="px-3 py-3 align-top text-slate-800">{`${pkg.documents.filter((document) => document.completed).length} of ${pkg.documents.length}`}</td>
                  <td className="px-3 py-3 align-top text-slate-800">{`${pkg.signers.filter((signer) => signer.completed).length} of ${pkg.signers.length}`}</td>
                </tr>
              ))}
            </DataTable>
            {rows.length > TABLE_ROWS ? <p className="mt-2 text-sm text-slate-700">The table shows the first {TABLE_ROWS} packages; the CSV has all {rows.length}.</p> : null}
          </div>
        </>
      )}
    </section>
  );
}

/** Downloads the report of these filters as CSV, as the service words it (`Accept: text/csv`). */
function CsvDownload({ filters }: { filters: ReportPageFilters }) {
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
        Download CSV
      </Button>
      <Refusal message={error} />
    </div>
  );
}
