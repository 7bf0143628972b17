"use client";

import { Section } from "@/components/account/integrations/section";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { apiPath, proxied } from "@/lib/console/api-client";
import { useNotaryJournal } from "@/lib/console/queries/notary";
import { useConsoleSession } from "@/lib/console/queries/session";
import { CommissionEditor } from "./commission-form";

/**
 * `/account/notary`: the signed-in sender's own notary commission (what their seal shows, and what
 * a notarized package of theirs needs before it is sent) and their notary journal.
 */
export function NotaryPage() {
  const session = useConsoleSession();
  const user = session.data?.user;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Notary</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          A notarized package names one of its signers, a sender of this account, as its notary. The notary signs last, and their electronic notary seal
          (name, commission, jurisdiction, expiry) is drawn on the sealed documents. Each notarization is written in the notary&apos;s journal.
        </p>
      </div>
      {session.isPending ? (
        <LoadingState />
      ) : session.isError || !user ? (
        <ErrorState error={session.error ?? new Error("No session")} onRetry={() => void session.refetch()} />
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
  return (
    <Section
      title="Your notary commission"
      testId="notary-commission"
      intro={<p>Needed before a package naming you as its notary can be sent; an expired commission stops it too.</p>}
    >
      <CommissionEditor senderId={senderId} />
    </Section>
  );
}

function JournalSection({ userId }: { userId: string }) {
  const journal = useNotaryJournal(userId);
  return (
    <Section
      title="Notary journal"
      testId="notary-journal"
      intro={<p>One entry per signer and document you notarized, written when you complete your step.</p>}
      action={
        <a className="text-sm font-medium text-sky-800 underline" href={proxied(apiPath("user", userId, "journal", "download"))} download="notary-journal.csv">
          Download CSV
        </a>
      }
    >
      {journal.isPending ? (
        <LoadingState label="Loading your journal…" />
      ) : journal.isError ? (
        <ErrorState error={journal.error} onRetry={() => void journal.refetch()} />
      ) : journal.data.results.length === 0 ? (
        <EmptyState title="No notarizations yet" />
      ) : (
        <DataTable
          caption="Notary journal"
          scroll
          columns={
            <>
              <ColumnHeader>No.</ColumnHeader>
              <ColumnHeader>Date</ColumnHeader>
              <ColumnHeader>Package</ColumnHeader>
              <ColumnHeader>Document</ColumnHeader>
              <ColumnHeader>Signer</ColumnHeader>
              <ColumnHeader>ID</ColumnHeader>
              <ColumnHeader>Jurisdiction</ColumnHeader>
              <ColumnHeader>Comment</ColumnHeader>
            </>
          }
        >
          {journal.data.results.map((entry) => (
            <tr key={entry.sequenceNumber}>
              <td className="px-3 py-2 tabular-nums">{entry.sequenceNumber}</td>
              <td className="px-3 py-2 whitespace-nowrap">{new Date(entry.creationDate).toLocaleString()}</td>
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
