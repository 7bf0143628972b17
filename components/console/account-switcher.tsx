"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useSwitchableAccounts, useSwitchAccount } from "@/lib/console/queries/sub-accounts";

interface AccountRef {
  id: string;
  name: string;
}

/**
 * The top bar's account name, which opens the list of the accounts the console can switch into:
 * the one signed in to (first, marked) and those below it where the user holds a key.
 */
export function AccountSwitcher({
  account,
  homeAccount,
  className = "",
  onSwitched,
}: {
  account: AccountRef;
  homeAccount: AccountRef;
  className?: string;
  /** After a switch (the phone's menu folds away). */
  onSwitched?: () => void;
}) {
  const t = useTranslations("console.shell.accountSwitcher");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="account-switcher"
        className={`inline-flex items-center gap-1 rounded text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${className}`}
      >
        <span className="sr-only">{t("accountBefore")} </span>
        <span data-testid="current-account-name">{account.name}</span>
        {account.id !== homeAccount.id ? <span className="text-slate-500">{t("subAccount")}</span> : null}
        <span className="sr-only">{t("switchAfter")}</span>
        <span aria-hidden>▾</span>
      </button>
      {/* The top bar sets small, right-aligned text; the dialog, though shown on top, inherits it. */}
      {open ? (
        <div className="text-left text-base leading-normal">
          <SwitchAccountDialog
            account={account}
            onClose={() => setOpen(false)}
            onSwitched={() => {
              setOpen(false);
              onSwitched?.();
            }}
          />
        </div>
      ) : null}
    </>
  );
}

function SwitchAccountDialog({ account, onClose, onSwitched }: { account: AccountRef; onClose: () => void; onSwitched: () => void }) {
  const t = useTranslations("console.shell.accountSwitcher");
  const accessible = useSwitchableAccounts();
  const switching = useSwitchAccount();
  const toast = useToast();
  const accounts = accessible.data ?? [];

  function switchTo(accountId: string) {
    switching.mutate(accountId, {
      onSuccess: (outcome) => {
        toast.success(t("switched", { account: outcome.accountName }));
        onSwitched();
      },
    });
  }

  return (
    <Dialog open onClose={onClose} title={t("title")}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>{t("explanation")}</p>
        {accessible.isPending ? (
          <LoadingState label={t("loading")} />
        ) : accessible.error ? (
          <ErrorState error={accessible.error} onRetry={() => void accessible.refetch()} />
        ) : (
          <ul aria-label={t("yourAccounts")} className="space-y-2">
            {accounts.map((entry) => {
              const here = entry.id === account.id;
              return (
                <li key={entry.id}>
                  <button
                    type="button"
                    disabled={here || switching.isPending}
                    aria-current={here ? "true" : undefined}
                    aria-busy={switching.isPending && switching.variables === entry.id ? true : undefined}
                    onClick={() => switchTo(entry.id)}
                    className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border border-slate-300 px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 disabled:cursor-default disabled:hover:bg-white"
                  >
                    <span className="font-medium break-words text-slate-900">{entry.name}</span>
                    <span className="text-xs text-slate-600">
                      {[entry.home ? t("signedInHere") : null, here ? t("youAreHere") : null].filter(Boolean).join(" · ")}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {accounts.length === 1 ? <p>{t("noOtherAccount")}</p> : null}
        <Refusal message={switching.error?.message} />
        <div className="flex justify-end pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
