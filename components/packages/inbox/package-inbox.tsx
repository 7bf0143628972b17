"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "use-intl";
import { EmptyState } from "@/components/ui/states";
import type { PackageListParams } from "@/lib/console/queries/packages";
import { INBOX_TAB_IDS, INBOX_TABS, type InboxTab, type InboxTabDefinition } from "./inbox-tabs";
import { ListSearch } from "./list-search";
import { ListSortSelect } from "./list-sort";
import { ListTabs } from "./list-tabs";
import { pageWindow, useListUrl, type ListView } from "./list-url";
import { NewDraftButton } from "./new-draft-button";
import { PackageCards } from "./package-cards";
import { PackageListPage } from "./package-list-page";
import { PackageTable } from "./package-table";
import { useWideScreen } from "./use-wide-screen";

const DEFAULT_VIEW: ListView<InboxTab> = { tab: "inbox", search: "", sort: "updated", dir: "desc", page: 1 };

/** `/packages`: the sender's folders of packages, searched, sorted and paged, with bulk actions. */
export function PackageInbox() {
  const t = useTranslations("console.packages");
  const { view, go } = useListUrl(INBOX_TAB_IDS, DEFAULT_VIEW);
  // `?ownerEmail=`: another sender's folders, opened from the account's senders.
  const ownerEmail = useSearchParams().get("ownerEmail")?.trim() || undefined;
  const tab = INBOX_TABS.find((candidate) => candidate.id === view.tab)!;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {ownerEmail ? (
          <div>
            <h1 className="text-2xl font-semibold tracking-tight break-all text-slate-900">{t("headingOf", { email: ownerEmail })}</h1>
            <p className="mt-1 text-sm text-slate-700">
              <Link href="/account/senders" className="text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
                {t("backToSenders")}
              </Link>{" "}
              ·{" "}
              <Link href="/packages" className="text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
                {t("ownPackages")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
            <NewDraftButton type="PACKAGE" />
          </>
        )}
      </div>
      <ListTabs label={t("folders")} idPrefix="packages" tabs={INBOX_TABS.map(({ id }) => ({ id, label: t(`tabs.${id}`) }))} selected={view.tab} onSelect={(next) => go({ tab: next, page: 1 })}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ListSearch label={t("searchLabel")} placeholder={t("searchPlaceholder")} value={view.search} onSearch={(search) => go({ search, page: 1 }, { replace: true })} />
          <ListSortSelect sort={view.sort} dir={view.dir} onChange={(sort, dir) => go({ sort, dir, page: 1 })} />
        </div>
        {/* A new tab starts from its loading state, not from the previous tab's rows. */}
        <InboxList key={`${ownerEmail ?? ""}:${view.tab}`} view={view} tab={tab} ownerEmail={ownerEmail} go={go} />
      </ListTabs>
    </div>
  );
}

interface InboxListProps {
  view: ListView<InboxTab>;
  tab: InboxTabDefinition;
  ownerEmail: string | undefined;
  go: (change: Partial<ListView<InboxTab>>) => void;
}

function InboxList({ view, tab, ownerEmail, go }: InboxListProps) {
  const t = useTranslations("console.packages");
  const params: PackageListParams = { type: "PACKAGE", query: tab.query, search: view.search || undefined, sort: view.sort, dir: view.dir, ...pageWindow(view.page), ownerEmail };
  const wide = useWideScreen();
  const empty = (
    <EmptyState title={t(`empty.${tab.id}.title`)} action={tab.offerNewPackage && !ownerEmail ? <NewDraftButton type="PACKAGE" label={t("startNewPackage")} testId="empty-new-package" /> : undefined}>
      {t(`empty.${tab.id}.text`)}
    </EmptyState>
  );
  return (
    <PackageListPage
      params={params}
      page={view.page}
      search={view.search}
      go={go}
      noun={{ one: t("noun.one"), many: t("noun.many") }}
      label={t(`tabs.${tab.id}`)}
      inTrash={tab.id === "trash"}
      statusAction={ownerEmail ? undefined : tab.statusAction}
      searchScope={t("searchScope")}
      empty={empty}
    >
      {(packages, selection, caption) =>
        wide ? (
          <PackageTable packages={packages} selection={selection} caption={caption} sorting={{ sort: view.sort, dir: view.dir, onSort: (sort, dir) => go({ sort, dir, page: 1 }) }} />
        ) : (
          <PackageCards packages={packages} selection={selection} label={caption} />
        )
      }
    </PackageListPage>
  );
}
