"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { ListSearch } from "@/components/packages/inbox/list-search";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { PagedList } from "@/components/packages/inbox/paged-list";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import type { WireGroup } from "@/lib/api/groups";
import { useGroupList } from "@/lib/console/queries/groups";
import { isForbidden } from "@/lib/console/queries/senders";
import { useMayOffer } from "@/lib/console/queries/session";
import { AreaForbidden } from "../area-forbidden";
import { DeleteGroupDialog } from "./delete-group-dialog";
import type { GroupDialogKind } from "./group-actions";
import { GroupCards } from "./group-cards";
import { GroupDialog } from "./group-dialog";
import { GroupTable } from "./group-table";
import { useGroupListUrl, type GroupListView } from "./use-group-list-url";

/** `/account/groups`: the account's groups, searched by name and paged; made, changed and deleted by whoever may manage them. */
export function GroupList() {
  const t = useTranslations("console.groups");
  const { view, go } = useGroupListUrl();
  const list = useGroupList({ search: view.search || undefined, ...pageWindow(view.page) });
  const mayManage = useMayOffer("groups.manage");
  const [creating, setCreating] = useState(false);

  if (isForbidden(list.error)) {
    return <AreaForbidden area={t("forbiddenArea")} reason={t("forbiddenReason")} />;
  }
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        {mayManage ? <Button onClick={() => setCreating(true)}>{t("createButton")}</Button> : null}
      </div>
      <p className="mb-4 max-w-prose text-sm text-slate-700">{t("intro")}</p>
      <div className="mb-4">
        <ListSearch label={t("searchLabel")} placeholder={t("searchPlaceholder")} value={view.search} onSearch={(search) => go({ search, page: 1 }, { replace: true })} />
      </div>
      <GroupListBody view={view} list={list} go={go} mayManage={mayManage} />
      {creating ? <GroupDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

interface BodyProps {
  view: GroupListView;
  list: ReturnType<typeof useGroupList>;
  go: (change: Partial<GroupListView>) => void;
  mayManage: boolean;
}

function GroupListBody({ view, list, go, mayManage }: BodyProps) {
  const t = useTranslations("console.groups");
  const wide = useWideScreen();
  const [open, setOpen] = useState<{ dialog: GroupDialogKind; group: WireGroup } | null>(null);
  const openDialog = (dialog: GroupDialogKind, group: WireGroup) => setOpen({ dialog, group });
  const close = () => setOpen(null);
  // Without groups.manage there is nothing to do to a group: no actions.
  const onOpen = mayManage ? openDialog : undefined;

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
          // The page's own "Create a group" stands above: the empty list does not offer a second one.
          <EmptyState title={t("list.emptyTitle")}>{t("list.emptyText")}</EmptyState>
        }
      >
        {(groups, caption) => (wide ? <GroupTable groups={groups} caption={caption} onOpen={onOpen} /> : <GroupCards groups={groups} label={caption} onOpen={onOpen} />)}
      </PagedList>
      {open?.dialog === "edit" ? <GroupDialog group={open.group} onClose={close} /> : null}
      {open?.dialog === "delete" ? <DeleteGroupDialog group={open.group} onClose={close} /> : null}
    </>
  );
}
