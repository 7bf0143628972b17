"use client";

import { useTranslations } from "use-intl";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useRoleHolders } from "@/lib/console/queries/account-roles";

const SHOWN = 3;

/** Who holds the role at a glance: "Jane Sender, Bob Sender and 2 more"; the whole list is in the holders dialog. */
export function RoleHoldersSummary({ role }: { role: WireAccountRole }) {
  const t = useTranslations("console.roles");
  const holders = useRoleHolders(role.id, { from: 1, to: SHOWN });
  if (holders.isPending) return <span className="text-slate-600">{t("holders.loading")}</span>;
  if (holders.isError) return <span className="text-rose-800">{t("holders.failed", { message: holders.error.message })}</span>;
  const { results, count } = holders.data;
  if (count === 0) return <span className="text-slate-600">{t("holders.nobody")}</span>;
  const names = results.map((holder) => holder.name || holder.email).join(", ");
  return <span data-testid="role-holders">{count > results.length ? t("holders.more", { names, count: count - results.length }) : names}</span>;
}
