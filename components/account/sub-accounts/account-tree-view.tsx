"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { mayHaveSubAccounts, type AccountTreeNode } from "@/lib/console/account-tree";

export interface TreeActions {
  /** Offered when the user's roles allow managing sub accounts. */
  onCreate?: (parent: AccountTreeNode) => void;
  onEdit?: (node: AccountTreeNode) => void;
  /** Offered for the accounts the console can switch into. */
  onSwitch?: (node: AccountTreeNode) => void;
  /** The accounts the console can switch into: the user holds a key there, listed by the account signed in to. */
  switchable: ReadonlySet<string>;
  /** The account being switched into, while the switch runs. */
  switchingTo?: string;
}

/**
 * The account the console is in and the sub accounts below it, as nested lists: each level a list
 * named after its parent, so a screen reader says where an account sits.
 */
export function AccountTreeView({ tree, actions }: { tree: AccountTreeNode; actions: TreeActions }) {
  const t = useTranslations("console.subAccounts");
  return (
    <ul aria-label={t("tree.label")} className="space-y-2">
      <AccountTreeItem node={tree} actions={actions} />
    </ul>
  );
}

const srOnly = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

function AccountTreeItem({ node, actions }: { node: AccountTreeNode; actions: TreeActions }) {
  const t = useTranslations("console.subAccounts");
  const isCurrent = node.level === 1;
  const account = node.account;
  return (
    <li data-testid="account-node" data-level={node.level} data-account-id={node.id}>
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">
            <span data-testid="account-name">{node.name}</span>
            {isCurrent ? (
              <span className="ml-2 align-middle">
                <Badge tone="info">{t("tree.youAreHere")}</Badge>
              </span>
            ) : null}
          </p>
          <p className="text-xs text-slate-600">
            {t(`tree.level.${node.level}`)}
            {account ? (
              <>
                {" · "}
                <span data-testid="account-time-zone">{account.timezoneId}</span>
                {" · "}
                <span data-testid="account-language">{account.language}</span>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions.onCreate && mayHaveSubAccounts(node) ? (
            <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => actions.onCreate?.(node)}>
              {t.rich("tree.newSubAccount", { name: node.name, hidden: srOnly })}
            </Button>
          ) : null}
          {actions.onEdit && !isCurrent ? (
            <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => actions.onEdit?.(node)}>
              {t.rich("tree.edit", { name: node.name, hidden: srOnly })}
            </Button>
          ) : null}
          {actions.onSwitch && !isCurrent && actions.switchable.has(node.id) ? (
            <Button
              variant="ghost"
              className="min-h-9 px-3 py-1"
              busy={actions.switchingTo === node.id}
              disabled={actions.switchingTo !== undefined}
              onClick={() => actions.onSwitch?.(node)}
            >
              {t.rich("tree.switchTo", { name: node.name, hidden: srOnly })}
            </Button>
          ) : null}
        </div>
      </div>
      {node.children.length > 0 ? (
        <ul aria-label={t("tree.children", { name: node.name })} className="mt-2 ml-3 space-y-2 border-l-2 border-slate-200 pl-3 sm:ml-6 sm:pl-4">
          {node.children.map((child) => (
            <AccountTreeItem key={child.id} node={child} actions={actions} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
