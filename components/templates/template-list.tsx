"use client";

import Link from "next/link";
import { useState } from "react";
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

const TABS = [
  { id: "templates", label: "Templates" },
  { id: "trash", label: "Trash" },
  // The templates of the senders who named you their delegate (the service's `delegated` folder).
  { id: "delegated", label: "Delegated to me" },
] as const;
type TemplateTab = (typeof TABS)[number]["id"];
const TAB_IDS = TABS.map((tab) => tab.id);
const DEFAULT_VIEW: ListView<TemplateTab> = { tab: "templates", search: "", sort: "updated", dir: "desc", page: 1 };
const SORT_COLUMNS = ["updated", "created", "name"] as const;
const TEMPLATE_NOUN = { one: "template", many: "templates" };

/** `/templates`: the templates one can start a package from, searched and paged, with their trash and those delegated to one. */
export function TemplateList() {
  const { view, go } = useListUrl(TAB_IDS, DEFAULT_VIEW);
  const [using, setUsing] = useState<WirePackage | null>(null);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Templates</h1>
        <NewDraftButton type="TEMPLATE" />
      </div>
      <ListTabs label="Templates, trash or delegated to me" idPrefix="templates" tabs={TABS} selected={view.tab} onSelect={(tab) => go({ tab, page: 1 })}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ListSearch label="Search templates" placeholder="Search by name or description" value={view.search} onSearch={(search) => go({ search, page: 1 }, { replace: true })} />
          <ListSortSelect sort={view.sort} dir={view.dir} columns={SORT_COLUMNS} onChange={(sort, dir) => go({ sort, dir, page: 1 })} />
        </div>
        <TemplateRows key={view.tab} view={view} go={go} onUse={setUsing} />
      </ListTabs>
      <UseTemplateDialog template={using} onClose={() => setUsing(null)} />
    </div>
  );
}

function TemplateRows({ view, go, onUse }: { view: ListView<TemplateTab>; go: (change: Partial<ListView<TemplateTab>>) => void; onUse: (template: WirePackage) => void }) {
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
    <EmptyState title="The trash is empty.">Templates you move to the trash wait here until you restore them or delete them for good.</EmptyState>
  ) : delegated ? (
    <EmptyState title="No templates delegated to you.">When a sender names you their delegate (Account › Delegates), their templates are listed here for you to use and change.</EmptyState>
  ) : (
    <EmptyState title="No templates yet. Create one." action={<NewDraftButton type="TEMPLATE" label="Create a template" testId="empty-new-template" />}>
      A template holds documents, fields and roles without people; start a package from it and fill in who signs. You can also save a package as a template from its page.
    </EmptyState>
  );
  const Rows = wide ? TemplateTable : TemplateCards;
  return (
    <PackageListPage
      params={params}
      page={view.page}
      search={view.search}
      go={go}
      noun={TEMPLATE_NOUN}
      label={inTrash ? "Templates in the trash" : delegated ? "Templates delegated to me" : "Templates"}
      inTrash={inTrash}
      searchScope="Search looks in template names and descriptions. Try other words."
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
  return (
    <input
      type="checkbox"
      aria-label={`Select ${template.name}`}
      checked={selection.selected.has(template.id)}
      onChange={(event) => selection.toggle(template.id, event.target.checked)}
      className={`${checkboxClass} mt-0.5 shrink-0`}
      data-testid="select-template"
    />
  );
}

function UseButton({ template, onUse }: { template: WirePackage; onUse: (template: WirePackage) => void }) {
  return (
    <Button variant="secondary" onClick={() => onUse(template)} aria-label={`Use template ${template.name}`} data-testid="use-template">
      Use template
    </Button>
  );
}

function documentCount(template: WirePackage): string {
  const count = visibleDocuments(template).length;
  return count === 1 ? "1 document" : `${count} documents`;
}

function TemplateTable({ templates, selection, caption, inTrash, onUse }: RowsProps) {
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <th scope="col" className="w-10 px-3 py-2">
            <SelectAllCheckbox ids={templates.map((template) => template.id)} selection={selection} />
          </th>
          <ColumnHeader>Name</ColumnHeader>
          <ColumnHeader>Roles</ColumnHeader>
          <ColumnHeader>Documents</ColumnHeader>
          <ColumnHeader>Updated</ColumnHeader>
          <ColumnHeader><span className="sr-only">Actions</span></ColumnHeader>
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
                <Badge>Only you</Badge>
              </span>
            )}
          </td>
          <td className="px-3 py-3 align-top">
            <TemplateRoles template={template} />
          </td>
          <td className="whitespace-nowrap px-3 py-3 align-top text-slate-700">{documentCount(template)}</td>
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
  return (
    <div>
      <label className="mb-2 flex items-center gap-2 px-1 text-sm text-slate-800">
        <SelectAllCheckbox ids={templates.map((template) => template.id)} selection={selection} />
        Select all on this page
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
                  {documentCount(template)} · Updated <PackageDate iso={template.updated} />
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
