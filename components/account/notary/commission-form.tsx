"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { WireNotaryCommission } from "@/lib/api/notary";
import { useDeleteNotaryCommission, useNotaryCommission, useSaveNotaryCommission } from "@/lib/console/queries/notary";

/**
 * A sender's notary commission, read and then set or removed
 * (`/api/account/senders/{id}/notaryCommission`). `senderName` names another sender (an owner or
 * manager setting it from Account › Senders); left out, the commission is the signed-in sender's own.
 */
export function CommissionEditor({ senderId, senderName }: { senderId: string; senderName?: string }) {
  const t = useTranslations("console.notary.commission");
  const commission = useNotaryCommission(senderId);
  if (commission.isPending) return <LoadingState label={t("loading")} />;
  if (commission.isError) return <ErrorState error={commission.error} onRetry={() => void commission.refetch()} />;
  return <CommissionForm key={commission.data ? `${commission.data.number} ${commission.data.expirationDate}` : "none"} senderId={senderId} senderName={senderName} saved={commission.data} />;
}

function CommissionForm({ senderId, senderName, saved }: { senderId: string; senderName?: string; saved: WireNotaryCommission | null }) {
  const t = useTranslations("console.notary.commission");
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
    if (!Number.isInteger(parsed) || parsed <= 0) return setProblem(t("numberProblem"));
    if (!jurisdiction.trim()) return setProblem(t("jurisdictionRequired"));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) return setProblem(t("expiryRequired"));
    setProblem(null);
    save.mutateAsync({ name: name.trim(), number: parsed, jurisdiction: jurisdiction.trim(), country: country.trim(), expirationDate: expires }).then(
      () => toast.success(senderName ? t("savedOf", { name: senderName }) : t("saved")),
      () => undefined, // shown by <Refusal>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t("formLabel")} noValidate>
      {saved ? (
        <p role="status" className={`text-sm ${expired ? "text-rose-700" : "text-emerald-800"}`}>
          {t(expired ? "expired" : "inForce", { number: String(saved.number), date: saved.expirationDate.slice(0, 10) })}
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {t("none")}
        </p>
      )}
      <Refusal message={problem ?? save.error?.message ?? remove.error?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t("name")} value={name} onChange={(event) => setName(event.target.value)} maxLength={256} hint={t("optional")} />
        <TextField label={t("number")} inputMode="numeric" value={number} onChange={(event) => setNumber(event.target.value)} required />
        <TextField label={t("jurisdiction")} value={jurisdiction} onChange={(event) => setJurisdiction(event.target.value)} maxLength={256} required hint={senderName ? t("jurisdictionHintOf") : t("jurisdictionHint")} />
        <TextField label={t("country")} value={country} onChange={(event) => setCountry(event.target.value)} maxLength={128} hint={t("optional")} />
        <TextField label={t("expires")} type="date" value={expires} onChange={(event) => setExpires(event.target.value)} required />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {saved ? (
          <Button
            variant="secondary"
            busy={remove.isPending}
            onClick={() => remove.mutateAsync().then(() => toast.success(senderName ? t("removedOf", { name: senderName }) : t("removed")), () => undefined)}
          >
            {t("remove")}
          </Button>
        ) : null}
        <Button type="submit" busy={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
