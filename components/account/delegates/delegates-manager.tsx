"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import type { WireDelegationUser } from "@/lib/api/delegates";
import { apiJson, apiPath } from "@/lib/console/api-client";
import { useDelegates, useRemoveDelegate, useReplaceDelegates } from "@/lib/console/queries/delegates";
import { useConsoleSession } from "@/lib/console/queries/session";

const DATE_AND_TIME = { dateStyle: "medium", timeStyle: "short" } as const;

/** The delegates as the PUT takes them back: each kept with its expiry date. */
const kept = (delegates: WireDelegationUser[]) => delegates.map((delegate) => ({ id: delegate.id, email: undefined, expiryDate: delegate.expiryDate }));

/**
 * The signed-in sender's delegates: senders of the account who see and act on this sender's
 * packages (their "Delegated to me" folder), every action recorded on this sender's behalf.
 */
export function DelegatesManager() {
  const t = useTranslations("console.delegates");
  const format = useFormatter();
  const session = useConsoleSession();
  // `?sender=`: another sender's delegates, opened from the account's senders (owners, users.manage).
  const named = useSearchParams().get("sender")?.trim() || undefined;
  const senderId = named ?? session.data?.user.id;
  const other = useQuery({
    queryKey: ["sender", named],
    queryFn: ({ signal }) => apiJson((c) => c.senderResponse, apiPath("account", "senders", named!), { signal }),
    enabled: Boolean(named) && named !== session.data?.user.id,
  });
  const delegates = useDelegates(senderId);
  const replace = useReplaceDelegates(senderId ?? "");
  const remove = useRemoveDelegate(senderId ?? "");
  const [email, setEmail] = useState("");
  const [expiry, setExpiry] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (session.isPending || delegates.isPending) return <LoadingState label={t("loadingYours")} />;
  if (session.error) return <ErrorState error={session.error} />;
  if (delegates.error) return <ErrorState error={delegates.error} onRetry={() => void delegates.refetch()} />;
  const list = delegates.data;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError(t("enterEmail"));
    try {
      await replace.mutateAsync([...kept(list), { id: undefined, email: email.trim(), expiryDate: expiry || undefined }]);
      setEmail("");
      setExpiry("");
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <div className="space-y-6">
      {other.data ? (
        <p className="text-sm font-medium text-slate-900" data-testid="delegates-of">
          {t("delegatesOf", { name: other.data.name || other.data.email, email: other.data.email })}{" "}
          <Link href="/account/delegates" className="text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
            {t("yourOwn")}
          </Link>
        </p>
      ) : null}
      {list.length === 0 ? (
        <EmptyState title={other.data ? t("noDelegates") : t("youHaveNone")}>{t("emptyText")}</EmptyState>
      ) : (
        <DataTable
          caption={t("caption")}
          columns={
            <>
              <ColumnHeader>{t("delegate")}</ColumnHeader>
              <ColumnHeader>{t("until")}</ColumnHeader>
              <ColumnHeader>{t("status")}</ColumnHeader>
              <ColumnHeader className="sr-only">{t("actions")}</ColumnHeader>
            </>
          }
        >
          {list.map((delegate) => (
            <tr key={delegate.id} data-testid="delegate-row">
              <td className="px-3 py-2">
                <span className="font-medium text-slate-900">{delegate.name || delegate.email}</span>
                <span className="block text-xs text-slate-700">{delegate.email}</span>
              </td>
              <td className="px-3 py-2 text-slate-700">{delegate.expiryDate ? format.dateTime(new Date(delegate.expiryDate), DATE_AND_TIME) : t("untilRemoved")}</td>
              <td className="px-3 py-2">{delegate.active ? <Badge tone="success">{t("inForce")}</Badge> : <Badge>{t("notInForce")}</Badge>}</td>
              <td className="px-3 py-2 text-right">
                <Button variant="ghost" busy={remove.isPending && remove.variables === delegate.id} onClick={() => remove.mutate(delegate.id)} aria-label={t("removeLabel", { email: delegate.email })}>
                  {t("remove")}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form onSubmit={add} className="max-w-md space-y-4" noValidate aria-label={t("addHeading")}>
        <h2 className="text-lg font-semibold text-slate-900">{t("addHeading")}</h2>
        <TextField label={t("email")} name="delegateEmail" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <TextField label={t("expiry")} name="delegateExpiry" type="date" value={expiry} onChange={(event) => setExpiry(event.target.value)} hint={t("expiryHint")} />
        <Refusal message={error} testId="delegate-error" />
        <Button type="submit" busy={replace.isPending}>
          {t("add")}
        </Button>
      </form>
    </div>
  );
}
