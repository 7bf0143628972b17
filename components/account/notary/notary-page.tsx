"use client";

import { useFormatter, useTranslations } from "use-intl";
import { Section } from "@/components/account/integrations/section";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { apiPath, proxied } from "@/lib/console/api-client";
import { useNotaryJournal } from "@/lib/console/queries/notary";
import { useConsoleSession } from "@/lib/console/queries/session";
import { CommissionEditor } from "./commission-form";

const DATE_AND_TIME = { dateStyle: "medium", timeStyle: "short" } as const;

/**
 * `/account/notary`: the signed-in sender's own notary commission (what their seal shows, and what
 * a notarized package of theirs needs before it is sent) and their notary journal.
 */
export function NotaryPage() {
  const t = useTranslations("console.notary");
  const session = useConsoleSession();
  const user = session.data?.user;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          {t("intro")}
        </p>
      </div>
      {session.isPending ? (
        <LoadingState />
      ) : session.isError || !user ? (
        <ErrorState error={session.error ?? new Error(t("noSession"))} onRetry={() => void session.refetch()} />
      ) : (
        <>
          <CommissionSection senderId={user.id} />
          <JournalSection userId={user.id} />
        </>
      )}
    </div>
  );
}

function CommissionSection({ senderId }: { senderId: string }) {
  const t = useTranslations("console.notary");
  return (
    <Section
      title={t("commissionTitle")}
      testId="notary-commission"
      intro={<p>{t("commissionIntro")}</p>}
    >
      <CommissionEditor senderId={senderId} />
    </Section>
  );
}

function JournalSection({ userId }: { userId: string }) {
  const t = useTranslations("console.notary");
  const format = useFormatter();
  const journal = useNotaryJournal(userId);
  return (
    <Section
      title={t("journalTitle")}
      testId="notary-journal"
      intro={<p>{t("journalIntro")}</p>}
      action={
        <a className="text-sm font-medium text-sky-800 underline" href={proxied(apiPath("user", userId, "journal", "download"))} download="notary-journal.csv">
          {t("downloadCsv")}
        </a>
      }
    >
      {journal.isPending ? (
        <LoadingState label={t("loadingJournal")} />
      ) : journal.isError ? (
        <ErrorState error={journal.error} onRetry={() => void journal.refetch()} />
      ) : journal.data.results.length === 0 ? (
        <EmptyState title={t("noNotarizations")} />
      ) : (
        <DataTable
          caption={t("journalTitle")}
          scroll
          columns={
            <>
              <ColumnHeader>{t("journal.number")}</ColumnHeader>
              <ColumnHeader>{t("journal.date")}</ColumnHeader>
              <ColumnHeader>{t("journal.package")}</ColumnHeader>
              <ColumnHeader>{t("journal.document")}</ColumnHeader>
              <ColumnHeader>{t("journal.signer")}</ColumnHeader>
              <ColumnHeader>{t("journal.id")}</ColumnHeader>
              <ColumnHeader>{t("journal.jurisdiction")}</ColumnHeader>
              <ColumnHeader>{t("journal.comment")}</ColumnHeader>
            </>
          }
        >
          {journal.data.results.map((entry) => (
            <tr key={entry.sequenceNumber}>
              <td className="px-3 py-2 tabular-nums">{entry.sequenceNumber}</td>
              <td className="px-3 py-2 whitespace-nowrap">{format.dateTime(new Date(entry.creationDate), DATE_AND_TIME)}</td>
              <td className="px-3 py-2">{entry.packageName}</td>
              <td className="px-3 py-2">{entry.documentName}</td>
              <td className="px-3 py-2">
                {entry.signerName}
                <span className="block text-xs text-slate-600">{entry.signerEmail}</span>
              </td>
              <td className="px-3 py-2">{entry.idType}</td>
              <td className="px-3 py-2">{entry.jurisdiction}</td>
              <td className="px-3 py-2 text-xs text-slate-700">{entry.comment}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
