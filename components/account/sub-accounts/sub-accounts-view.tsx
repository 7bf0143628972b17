"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { accountsBelow, buildAccountTree, type AccountTreeNode } from "@/lib/console/account-tree";
import { useMayOffer } from "@/lib/console/queries/session";
import { isForbidden } from "@/lib/console/queries/senders";
import { useAccessibleAccounts, useSubAccounts, useSwitchableAccounts, useSwitchAccount } from "@/lib/console/queries/sub-accounts";
import { AreaForbidden } from "../area-forbidden";
import { AccountTreeView } from "./account-tree-view";
import { CreateSubAccountDialog, EditSubAccountDialog } from "./sub-account-dialog";
import { SubAccountKeys } from "./sub-account-keys";

interface AccountRef {
  id: string;
  name: string;
}

type OpenDialog = { kind: "create"; parent: AccountTreeNode } | { kind: "edit"; node: AccountTreeNode } | null;

/**
 * `/account/sub-accounts`: the account the console is in and two levels below it, created and
 * edited here; the console switched into any of them the user belongs to; the user's keys there.
 * `current` and `home` come from the console's session (the account it is in, the one signed in to).
 */
export function SubAccountsView({ current, home }: { current: AccountRef; home: AccountRef }) {
  const t = useTranslations("console.subAccounts");
  const list = useSubAccounts();
  const accessible = useAccessibleAccounts();
  const mayManage = useMayOffer("sub_accounts.manage");
  const switching = useSwitchAccount();
  const toast = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const tree = useMemo(() => buildAccountTree(current, list.data ?? []), [current, list.data]);
  const memberOf = useMemo(() => new Set((accessible.data ?? []).map((account) => account.accountUid)), [accessible.data]);
  const switchable = useSwitchableAccounts();
  const switchableIds = useMemo(() => new Set((switchable.data ?? []).map((account) => account.id)), [switchable.data]);

  function switchTo(account: AccountRef) {
    switching.mutate(account.id, {
      onSuccess: (outcome) => toast.success(t("switched", { name: outcome.accountName })),
      onError: (error) => toast.error(error.message),
    });
  }

  if (isForbidden(list.error)) {
    return <AreaForbidden area={t("forbiddenArea")} reason={t("forbiddenReason")} />;
  }
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          {t("intro")}
        </p>
        {current.id !== home.id ? (
          <div role="note" className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
            <p>{t.rich("elsewhere", { current: current.name, home: home.name, strong: (chunks) => <strong>{chunks}</strong> })}</p>
            <Button variant="secondary" busy={switching.isPending && switching.variables === home.id} onClick={() => switchTo(home)}>
              {t("backTo", { name: home.name })}
            </Button>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="account-tree-heading">
        <h2 id="account-tree-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t("treeHeading")}
        </h2>
        {list.isPending ? (
          <LoadingState label={t("loading")} />
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <AccountTreeView
              tree={tree}
              actions={{
                onCreate: mayManage ? (parent) => setDialog({ kind: "create", parent }) : undefined,
                onEdit: mayManage ? (node) => setDialog({ kind: "edit", node }) : undefined,
                onSwitch: switchTo,
                switchable: switchableIds,
                switchingTo: switching.isPending ? switching.variables : undefined,
              }}
            />
            {tree.children.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">
                {t("none")} {mayManage ? t("createOne") : null}
              </p>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="sub-account-keys-heading">
        <h2 id="sub-account-keys-heading" className="mb-1 text-lg font-semibold text-slate-900">
          {t("keysHeading")}
        </h2>
        <p className="mb-3 max-w-2xl text-sm text-slate-600">{t("keysIntro")}</p>
        {list.isPending || accessible.isPending ? (
          <LoadingState label={t("loadingKeys")} />
        ) : list.error ? null : accessible.error ? (
          <ErrorState error={accessible.error} onRetry={() => void accessible.refetch()} />
        ) : (
          <SubAccountKeys accounts={accountsBelow(tree).filter((node) => memberOf.has(node.id))} />
        )}
      </section>

      {dialog?.kind === "create" ? <CreateSubAccountDialog parent={dialog.parent} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "edit" && dialog.node.account ? <EditSubAccountDialog account={dialog.node.account} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
