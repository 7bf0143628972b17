"use client";

import { useState, type FormEvent } from "react";
import { Section } from "@/components/account/integrations/section";
import { Button } from "@/components/ui/button";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { WireNotaryCommission } from "@/lib/api/notary";
import { apiPath, proxied } from "@/lib/console/api-client";
import { useDeleteNotaryCommission, useNotaryCommission, useNotaryJournal, useSaveNotaryCommission } from "@/lib/console/queries/notary";
import { useConsoleSession } from "@/lib/console/queries/session";

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
  const commission = useNotaryCommission(senderId);
  return (
    <Section
      title="Your notary commission"
      testId="notary-commission"
      intro={<p>Needed before a package naming you as its notary can be sent; an expired commission stops it too.</p>}
    >
      {commission.isPending ? (
        <LoadingState label="Loading your commission…" />
      ) : commission.isError ? (
        <ErrorState error={commission.error} onRetry={() => void commission.refetch()} />
      ) : (
        <CommissionForm key={commission.data ? `${commission.data.number} ${commission.data.expirationDate}` : "none"} senderId={senderId} saved={commission.data} />
      )}
    </Section>
  );
}

function CommissionForm({ senderId, saved }: { senderId: string; saved: WireNotaryCommission | null }) {
  const toast = useToast();
  const save = useSaveNotaryCommission(senderId);
  const remove = useDeleteNotaryCommission(senderId);
  const [name, setName] = useState(saved?.name ?? "");
  const [number, setNumber] = useState(saved ? String(saved.number) : "");
  const [jurisdiction, setJurisdiction] = useState(saved?.jurisdiction ?? "");
  const [country, setCountry] = useState(saved?.country ?? "");
  const [expires, setExpires] = useState(saved?.expirationDate.slice(0, 10) ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const expired = saved ? new Date(saved.expirationDate) <= new Date() : false;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = Number(number);
    if (!Number.isInteger(parsed) || parsed <= 0) return setProblem("The commission number is a whole number above 0.");
    if (!jurisdiction.trim()) return setProblem("The jurisdiction is required.");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) return setProblem("The expiry date is required.");
    setProblem(null);
    save.mutateAsync({ name: name.trim(), number: parsed, jurisdiction: jurisdiction.trim(), country: country.trim(), expirationDate: expires }).then(
      () => toast.success("Your notary commission was saved."),
      () => undefined, // shown by <Refusal>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Notary commission" noValidate>
      {saved ? (
        <p role="status" className={`text-sm ${expired ? "text-rose-700" : "text-emerald-800"}`}>
          {expired ? `Commission No. ${saved.number} expired on ${saved.expirationDate.slice(0, 10)}.` : `Commission No. ${saved.number} is on file, in force until ${saved.expirationDate.slice(0, 10)}.`}
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          No commission on file.
        </p>
      )}
      <Refusal message={problem ?? save.error?.message ?? remove.error?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name on the commission" value={name} onChange={(event) => setName(event.target.value)} maxLength={256} hint="Optional" />
        <TextField label="Commission number" inputMode="numeric" value={number} onChange={(event) => setNumber(event.target.value)} required />
        <TextField label="Jurisdiction" value={jurisdiction} onChange={(event) => setJurisdiction(event.target.value)} maxLength={256} required hint="Where you are commissioned, e.g. Ontario" />
        <TextField label="Country" value={country} onChange={(event) => setCountry(event.target.value)} maxLength={128} hint="Optional" />
        <TextField label="Commission expires" type="date" value={expires} onChange={(event) => setExpires(event.target.value)} required />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {saved ? (
          <Button
            variant="secondary"
            busy={remove.isPending}
            onClick={() => remove.mutateAsync().then(() => toast.success("Your notary commission was removed."), () => undefined)}
          >
            Remove commission
          </Button>
        ) : null}
        <Button type="submit" busy={save.isPending}>
          Save commission
        </Button>
      </div>
    </form>
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
