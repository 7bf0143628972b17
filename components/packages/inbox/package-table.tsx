"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { StatusBadge } from "@/components/ui/badge";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { WirePackage } from "@/lib/api/packages";
import type { ListDir, ListSort } from "./list-url";
import { PackageDate } from "./package-date";
import { packageHref, senderName } from "./package-summary";
import { SelectAllCheckbox } from "./select-all-checkbox";
import { checkboxClass, type RowSelection } from "./selection";
import { SignerProgress } from "./signer-progress";

interface SortState {
  sort: ListSort;
  dir: ListDir;
  onSort: (sort: ListSort, dir: ListDir) => void;
}

/** The packages of one page as a table (wide screens). */
export function PackageTable({ packages, selection, sorting, caption }: { packages: WirePackage[]; selection: RowSelection; sorting: SortState; caption: string }) {
  const t = useTranslations("console.packages");
  return (
    <DataTable
      caption={caption}
      scroll
      columns={
        <>
          <th scope="col" className="w-10 px-3 py-2">
            <SelectAllCheckbox ids={packages.map((pkg) => pkg.id)} selection={selection} />
          </th>
          <SortableHeader column="name" label={t("columns.name")} sorting={sorting} />
          <SortableHeader column="status" label={t("columns.status")} sorting={sorting} />
          <ColumnHeader>{t("columns.signers")}</ColumnHeader>
          <ColumnHeader className="hidden  lg:table-cell">{t("columns.sender")}</ColumnHeader>
          <SortableHeader column="updated" label={t("columns.updated")} sorting={sorting} />
          <SortableHeader column="due" label={t("columns.due")} sorting={sorting} />
        </>
      }
    >
      {packages.map((pkg) => (
        <tr key={pkg.id} data-testid="package-row" data-package-id={pkg.id} className={selection.selected.has(pkg.id) ? "bg-sky-50" : undefined}>
          <td className="px-3 py-3 align-top">
            <input
              type="checkbox"
              aria-label={t("selectPackage", { name: pkg.name })}
              checked={selection.selected.has(pkg.id)}
              onChange={(event) => selection.toggle(pkg.id, event.target.checked)}
              className={`${checkboxClass} mt-0.5`}
              data-testid="select-package"
            />
          </td>
          <td className="max-w-xs px-3 py-3 align-top">
            <Link href={packageHref(pkg)} className="font-medium break-words text-sky-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
              {pkg.name}
            </Link>
            {pkg.description ? <p className="mt-0.5 line-clamp-1 text-xs text-slate-600">{pkg.description}</p> : null}
          </td>
          <td className="px-3 py-3 align-top">
            <StatusBadge status={pkg.status} trashed={pkg.trashed} />
          </td>
          <td className="px-3 py-3 align-top">
            <SignerProgress pkg={pkg} />
          </td>
          <td className="hidden px-3 py-3 align-top text-slate-700 lg:table-cell">{senderName(pkg)}</td>
          <td className="whitespace-nowrap px-3 py-3 align-top text-slate-700">
            <PackageDate iso={pkg.updated} />
          </td>
          <td className="whitespace-nowrap px-3 py-3 align-top text-slate-700">
            <PackageDate iso={pkg.due} empty={t("none")} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const FIRST_DIRECTION: Record<ListSort, ListDir> = { name: "asc", status: "asc", due: "asc", updated: "desc", created: "desc" };

/** A column header that sorts by its column; again reverses the order. */
function SortableHeader({ column, label, sorting }: { column: ListSort; label: string; sorting: SortState }) {
  const active = sorting.sort === column;
  const next: ListDir = active ? (sorting.dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column];
  return (
    <th scope="col" aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : undefined} className="px-3 py-2 font-semibold">
      <button
        type="button"
        onClick={() => sorting.onSort(column, next)}
        className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
      >
        {label}
        <span aria-hidden className="text-slate-500">
          {active ? (sorting.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
