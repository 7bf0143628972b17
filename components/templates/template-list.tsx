"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { ListSearch } from "@/components/packages/inbox/list-search";
import { ListSortSelect } from "@/components/packages/inbox/list-sort";
import { ListTabs } from "@/components/packages/inbox/list-tabs";
import { pageWindow, useListUrl, type ListView } from "@/components/packages/inbox/list-url";
import { NewDraftButton } from "@/components/packages/inbox/new-draft-button";
import { PackageDate } from "@/components/packages/inbox/package-date";
import { PackageListPage } from "@/components/packages/inbox/package-list-page";
import { visibleDocuments } from "@/components/packages/inbox/package-summary";
import { SelectAllCheckbox } from "@/components/packages/inbox/select-all-checkbox";
import { checkboxClass, type RowSelection } from "@/components/packages/inbox/selection";
import { useWideScreen } from "@/components/packages/inbox/use-wide-screen";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { WirePackage } from "@/lib/api/packages";
import type { PackageListParams } from "@/lib/console/queries/packages";
import { TemplateRoles } from "./template-roles";
import { templateEditHref } from "./template-summary";
import { UseTemplateDialog } from "./use-template-dialog";

// `delegated`: the templates of the senders who named you their delegate (the service's `delegated` folder).
const TAB_IDS = ["templates", "trash", "delegated"] as const;
type TemplateTab = (typeof TAB_IDS)[number];
const DEFAULT_VIEW: ListView<TemplateTab> = { tab: "templates", search: "", sort: "updated", dir: "desc", page: 1 };
const SORT_COLUMNS = ["updated", "created", "name"] as const;

/** `/templates`: the templates one can start a package from, searched and paged, with their trash and those delegated to one. */
export function TemplateList() {
  const t = useTranslations("console.templates");
  const { view, go } = useListUrl(TAB_IDS, DEFAULT_VIEW);
  const tabs = TAB_IDS.map((id) => ({ id, label: t(`tabs.${id}`) }));
  const [using, setUsing] = useState<WirePackage | null>(null);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        <NewDraftButton type="TEMPLATE" />
      </div>
      <ListTabs label={t("tabsLabel")} idPrefix="templates" tabs={tabs} selected={view.tab} onSelect={(tab) => go({ tab, page: 1 })}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ListSearch label={t("search")} placeholder={t("searchPlaceholder")} value={view.search} onSearch={(search) => go({ search, page: 1 }, { replace: true })} />
          <ListSortSelect sort={view.sort} dir={view.dir} columns={SORT_COLUMNS} onChange={(sort, dir) => go({ sort, dir, page: 1 })} />
        </div>
        <TemplateRows key={view.tab} view={view} go={go} onUse={setUsing} />
      </ListTabs>
      <UseTemplateDialog template={using} onClose={() => setUsing(null)} />
    </div>
  );
}

function TemplateRows({ view, go, onUse }: { view: ListView<TemplateTab>; go: (change: Partial<ListView<TemplateTab>>) => void; onUse: (template: WirePackage) => void }) {
  const t = useTranslations("console.templates");
  const inTrash = view.tab === "trash";
  const delegated = view.tab === "delegated";
  const params: PackageListParams = {
    type: "TEMPLATE",
    query: inTrash ? "trashed" : delegated ? "delegated" : undefined,
    search: view.search || undefined,
    sort: view.sort,
    dir: view.dir,
    ...pageWindow(view.page),
  };
  const wide = useWideScreen();
  const empty = inTrash ? (
    <EmptyState title={t("empty.trashTitle")}>{t("empty.trashText")}</EmptyState>
  ) : delegated ? (
    <EmptyState title={t("empty.delegatedTitle")}>{t("empty.delegatedText")}</EmptyState>
  ) : (
    <EmptyState title={t("empty.noneTitle")} action={<NewDraftButton type="TEMPLATE" label={t("empty.create")} testId="empty-new-template" />}>
      {t("empty.noneText")}
    </EmptyState>
  );
  const Rows = wide ? TemplateTable : TemplateCards;
  return (
    <PackageListPage
      params={params}
      page={view.page}
      search={view.search}
      go={go}
      noun={{ one: t("noun.one"), many: t("noun.many") }}
      label={inTrash ? t("listLabel.trash") : delegated ? t("listLabel.delegated") : t("listLabel.templates")}
      inTrash={inTrash}
      searchScope={t("searchScope")}
      empty={empty}
    >
      {(templates, selection, caption) => <Rows templates={templates} selection={selection} caption={caption} inTrash={inTrash} onUse={onUse} />}
    </PackageListPage>
  );
}

interface RowsProps {
  templates: WirePackage[];
  selection: RowSelection;
  caption: string;
  inTrash: boolean;
  onUse: (template: WirePackage) => void;
}

function TemplateName({ template, inTrash }: { template: WirePackage; inTrash: boolean }) {
  // A template in the trash cannot be edited; restore it first.
  if (inTrash) return <span className="font-medium break-words text-slate-900">{template.name}</span>;
  return (
    <Link href={templateEditHref(template)} className="font-medium break-words text-sky-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
      {template.name}
    </Link>
  );
}

function RowCheckbox({ template, selection }: { template: WirePackage; selection: RowSelection }) {
  const t = useTranslations("console.templates");
  return (
    <input
      type="checkbox"
      aria-label={t("select", { name: template.name })}
      checked={selection.selected.has(template.id)}
      onChange={(event) => selection.toggle(template.id, event.target.checked)}
      className={`${checkboxClass} mt-0.5 shrink-0`}
      data-testid="select-template"
    />
  );
}

function UseButton({ template, onUse }: { template: WirePackage; onUse: (template: WirePackage) => void }) {
  const t = useTranslations("console.templates");
  return (
    <Button variant="secondary" onClick={() => onUse(template)} aria-label={t("useNamed", { name: template.name })} data-testid="use-template">
      {t("useButton")}
    </Button>
  );
}

function TemplateTable({ templates, selection, caption, inTrash, onUse }: RowsProps) {
  const t = useTranslations("console.templates");
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <th scope="col" className="w-10 px-3 py-2">
            <SelectAllCheckbox ids={templates.map((template) => template.id)} selection={selection} />
          </th>
          <ColumnHeader>{t("columns.name")}</ColumnHeader>
          <ColumnHeader>{t("columns.roles")}</ColumnHeader>
          <ColumnHeader>{t("columns.documents")}</ColumnHeader>
          <ColumnHeader>{t("columns.updated")}</ColumnHeader>
          <ColumnHeader><span className="sr-only">{t("columns.actions")}</span></ColumnHeader>
        </>
      }
    >
      {templates.map((template) => (
        <tr key={template.id} data-testid="template-row" data-template-id={template.id} className={selection.selected.has(template.id) ? "bg-sky-50" : undefined}>
          <td className="px-3 py-3 align-top">
            <RowCheckbox template={template} selection={selection} />
          </td>
          <td className="max-w-xs px-3 py-3 align-top">
            <TemplateName template={template} inTrash={inTrash} />
            {template.description ? <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{template.description}</p> : null}
            {template.visibility === "ACCOUNT" ? null : (
              <span className="mt-1 block">
                <Badge>{t("onlyYou")}</Badge>
              </span>
            )}
          </td>
          <td className="px-3 py-3 align-top">
            <TemplateRoles template={template} />
          </td>
          <td className="whitespace-nowrap px-3 py-3 align-top text-slate-700">{t("documentCount", { count: visibleDocuments(template).length })}</td>
          <td className="whitespace-nowrap px-3 py-3 align-top text-slate-700">
            <PackageDate iso={template.updated} />
          </td>
          <td className="px-3 py-3 text-right align-top">{inTrash ? null : <UseButton template={template} onUse={onUse} />}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function TemplateCards({ templates, selection, caption, inTrash, onUse }: RowsProps) {
  const t = useTranslations("console.templates");
  return (
    <div>
      <label className="mb-2 flex items-center gap-2 px-1 text-sm text-slate-800">
        <SelectAllCheckbox ids={templates.map((template) => template.id)} selection={selection} />
        {t("selectAll")}
      </label>
      <ul aria-label={caption} className="space-y-3">
        {templates.map((template) => (
          <li
            key={template.id}
            data-testid="template-row"
            data-template-id={template.id}
            className={`rounded-lg border p-4 ${selection.selected.has(template.id) ? "border-sky-300 bg-sky-50" : "border-slate-200 bg-white"}`}
          >
            <div className="flex items-start gap-3">
              <RowCheckbox template={template} selection={selection} />
              <div className="min-w-0 flex-1 space-y-2">
                <TemplateName template={template} inTrash={inTrash} />
                {template.description ? <p className="text-xs text-slate-600">{template.description}</p> : null}
                <TemplateRoles template={template} />
                <p className="text-xs text-slate-700">
                  {t.rich("countAndUpdated", { count: visibleDocuments(template).length, date: () => <PackageDate iso={template.updated} /> })}
                </p>
                {inTrash ? null : <UseButton template={template} onUse={onUse} />}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
