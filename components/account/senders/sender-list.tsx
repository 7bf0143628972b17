"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { ListSearch } from "@/components/packages/inbox/list-search";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { PagedList } from "@/components/packages/inbox/paged-list";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { isForbidden, useSenderList } from "@/lib/console/queries/senders";
import { useMayOffer } from "@/lib/console/queries/session";
import type { SenderListView } from "@/lib/console/sender-list-view";
import { AreaForbidden } from "../area-forbidden";
import { ApiKeyDialog } from "./api-key-dialog";
import { DeleteSenderDialog } from "./delete-sender-dialog";
import { EditSenderDialog } from "./edit-sender-dialog";
import { InvitationDialog } from "./invitation-dialog";
import { InviteSenderDialog } from "./invite-sender-dialog";
import { NotaryCommissionDialog } from "./notary-commission-dialog";
import type { SenderDialog } from "./sender-actions";
import { SenderCards } from "./sender-cards";
import { SenderRolesDialog } from "./sender-roles-dialog";
import { SenderTable } from "./sender-table";
import { useSenderListUrl } from "./use-sender-list-url";

/** `/account/senders`: the account's senders, searched and paged, invited, edited, locked or deleted. */
/** `currentUserId`: the signed-in user, marked in the list and spared the actions the service refuses on oneself. */
export function SenderList({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations("console.senders");
  const { view, go } = useSenderListUrl();
  const list = useSenderList({ search: view.search || undefined, ...pageWindow(view.page) });
  const [inviting, setInviting] = useState(false);
  const mayInvite = useMayOffer("users.manage");

  if (isForbidden(list.error)) {
    return <AreaForbidden area={t("forbiddenArea")} reason={t("forbiddenReason")} />;
  }
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        {mayInvite ? <Button onClick={() => setInviting(true)}>{t("inviteButton")}</Button> : null}
      </div>
      <div className="mb-4">
        <ListSearch label={t("searchLabel")} placeholder={t("searchPlaceholder")} value={view.search} onSearch={(search) => go({ search, page: 1 }, { replace: true })} />
      </div>
      <SenderListBody view={view} list={list} go={go} onInvite={mayInvite ? () => setInviting(true) : undefined} currentUserId={currentUserId} />
      <InviteSenderDialog open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}

interface BodyProps {
  view: SenderListView;
  list: ReturnType<typeof useSenderList>;
  go: (change: Partial<SenderListView>) => void;
  /** Absent when the user may not invite. */
  onInvite?: () => void;
  currentUserId: string;
}

function SenderListBody({ view, list, go, onInvite, currentUserId }: BodyProps) {
  const t = useTranslations("console.senders");
  const wide = useWideScreen();
  const [open, setOpen] = useState<{ dialog: SenderDialog; sender: WireSender } | null>(null);
  const openDialog = (dialog: SenderDialog, sender: WireSender) => setOpen({ dialog, sender });
  const close = () => setOpen(null);

  return (
    <>
      <PagedList
        list={list}
        page={view.page}
        search={view.search}
        go={go}
        things={t("list.things")}
        label={t("list.label")}
        searchScope={t("list.searchScope")}
        empty={
          <EmptyState title={t("list.emptyTitle")} action={onInvite ? <Button onClick={onInvite}>{t("inviteButton")}</Button> : undefined}>
            {t("list.emptyText")}
          </EmptyState>
        }
      >
        {(senders, caption) =>
          wide ? (
            <SenderTable senders={senders} caption={caption} currentUserId={currentUserId} onOpen={openDialog} />
          ) : (
            <SenderCards senders={senders} label={caption} currentUserId={currentUserId} onOpen={openDialog} />
          )
        }
      </PagedList>
      {open?.dialog === "edit" ? <EditSenderDialog sender={open.sender} onClose={close} /> : null}
      {open?.dialog === "delete" ? <DeleteSenderDialog sender={open.sender} onClose={close} /> : null}
      {open?.dialog === "apiKey" ? <ApiKeyDialog sender={open.sender} onClose={close} /> : null}
      {open?.dialog === "roles" ? <SenderRolesDialog sender={open.sender} onClose={close} /> : null}
      {open?.dialog === "notary" ? <NotaryCommissionDialog sender={open.sender} onClose={close} /> : null}
      {open?.dialog === "invitation" ? <InvitationDialog sender={open.sender} onClose={close} /> : null}
    </>
  );
}
