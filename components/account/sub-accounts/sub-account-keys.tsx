"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog } from "@/components/ui/dialog";
import { Refusal } from "@/components/ui/states";
import type { AccountTreeNode } from "@/lib/console/account-tree";
import { useRevealSubAccountKey } from "@/lib/console/queries/sub-accounts";

/**
 * The user's own keys in the sub accounts below the current one (spec 4.4): one row per account
 * they belong to, the key itself read from the service only when they ask to see it.
 */
export function SubAccountKeys({ accounts }: { accounts: AccountTreeNode[] }) {
  const t = useTranslations("console.subAccounts");
  const [revealing, setRevealing] = useState<AccountTreeNode | null>(null);
  if (accounts.length === 0) {
    return <p className="text-sm text-slate-600">{t("keys.none")}</p>;
  }
  return (
    <>
      <ul aria-label={t("keys.list")} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {accounts.map((account) => (
          <li key={account.id} data-testid="sub-account-key-row" className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{account.name}</p>
              <p className="font-mono text-xs text-slate-600">
                <span aria-hidden>••••••••••••</span>
                <span className="sr-only">{t("keys.hidden")}</span>
              </p>
            </div>
            <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => setRevealing(account)}>
              {t.rich("keys.reveal", { name: account.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
            </Button>
          </li>
        ))}
      </ul>
      {revealing ? <SubAccountKeyDialog account={revealing} onClose={() => setRevealing(null)} /> : null}
    </>
  );
}

function SubAccountKeyDialog({ account, onClose }: { account: AccountTreeNode; onClose: () => void }) {
  const t = useTranslations("console.subAccounts");
  const reveal = useRevealSubAccountKey(account.id);
  const apiKey = reveal.data;
  const revealed = typeof apiKey === "string";
  return (
    <Dialog open onClose={onClose} title={t("keys.title", { name: account.name })}>
      <div className="space-y-3 text-sm text-slate-700">
        {typeof apiKey === "string" ? (
          <>
            <CopyField label={t("keys.label")} value={apiKey} testId="sub-account-api-key" />
            <p>{t("keys.keepSecret", { name: account.name })}</p>
          </>
        ) : apiKey === null ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {t("keys.noKey", { name: account.name })}
          </p>
        ) : (
          <p>{t("keys.explain", { name: account.name })}</p>
        )}
        <Refusal message={reveal.error?.message} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant={revealed ? "primary" : "secondary"} onClick={onClose}>
            {revealed ? t("keys.done") : t("keys.cancel")}
          </Button>
          {reveal.isSuccess ? null : (
            <Button busy={reveal.isPending} onClick={() => reveal.mutate()}>
              {t("keys.revealTheKey")}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
