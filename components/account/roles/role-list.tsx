"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useAccountRoles, usePermissionCatalogue } from "@/lib/console/queries/account-roles";
import { isForbidden } from "@/lib/console/queries/senders";
import { useMayOffer } from "@/lib/console/queries/session";
import { AreaForbidden } from "../area-forbidden";
import { DeleteRoleDialog } from "./delete-role-dialog";
import type { RoleDialogKind } from "./role-actions";
import { RoleCards } from "./role-cards";
import { RoleDialog } from "./role-dialog";
import { RoleHoldersDialog } from "./role-holders-dialog";
import { RoleTable } from "./role-table";
import { ToggleRoleDialog } from "./toggle-role-dialog";

/** `/account/roles`: the account's roles (predefined first, unchangeable), what each allows, who holds it; made and changed by whoever may manage roles. */
export function RoleList() {
  const t = useTranslations("console.roles");
  const roles = useAccountRoles();
  const catalogue = usePermissionCatalogue();
  const mayManage = useMayOffer("roles.manage");
  // Roles are given on the Senders page: it needs users.view, and giving needs roles.manage.
  const mayAssign = useMayOffer("users.view") && mayManage;
  const wide = useWideScreen();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ dialog: RoleDialogKind; role: WireAccountRole } | null>(null);
  const close = () => setOpen(null);

  if (isForbidden(roles.error)) {
    return <AreaForbidden area={t("forbiddenArea")} reason={t("forbiddenReason")} />;
  }

  const descriptions = new Map((catalogue.data?.results ?? []).map((permission) => [permission.id, permission.description]));
  let body;
  if (roles.isPending) body = <LoadingState label={t("loading")} />;
  else if (roles.isError) body = <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  else if (roles.data.results.length === 0) {
    body = (
      <EmptyState title={t("emptyTitle")} action={mayManage ? <Button onClick={() => setCreating(true)}>{t("createButton")}</Button> : undefined}>
        {t("emptyText")}
      </EmptyState>
    );
  } else {
    const rows = { roles: roles.data.results, descriptions, mayManage, onOpen: (dialog: RoleDialogKind, role: WireAccountRole) => setOpen({ dialog, role }) };
    body = wide ? <RoleTable {...rows} /> : <RoleCards {...rows} />;
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        {mayManage ? <Button onClick={() => setCreating(true)}>{t("createButton")}</Button> : null}
      </div>
      <p className="mb-4 max-w-prose text-sm text-slate-700">
        {t("intro")}{" "}
        {mayAssign
          ? t.rich("giveOnSenders", {
              link: (chunks) => (
                <Link href="/account/senders" className="font-medium text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
                  {chunks}
                </Link>
              ),
            })
          : null}
      </p>
      {body}
      {creating ? <RoleDialog onClose={() => setCreating(false)} /> : null}
      {open?.dialog === "holders" ? <RoleHoldersDialog role={open.role} onClose={close} /> : null}
      {open?.dialog === "edit" ? <RoleDialog role={open.role} onClose={close} /> : null}
      {open?.dialog === "enable" || open?.dialog === "disable" ? <ToggleRoleDialog role={open.role} enable={open.dialog === "enable"} onClose={close} /> : null}
      {open?.dialog === "delete" ? <DeleteRoleDialog role={open.role} onClose={close} /> : null}
    </div>
  );
}
