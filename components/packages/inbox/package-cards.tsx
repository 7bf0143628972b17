"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { StatusBadge } from "@/components/ui/badge";
import type { WirePackage } from "@/lib/api/packages";
import { PackageDate } from "./package-date";
import { packageHref, senderName } from "./package-summary";
import { SelectAllCheckbox } from "./select-all-checkbox";
import { checkboxClass, type RowSelection } from "./selection";
import { SignerProgress } from "./signer-progress";

/** The packages of one page as cards (phones), the same content as the table's rows. */
export function PackageCards({ packages, selection, label }: { packages: WirePackage[]; selection: RowSelection; label: string }) {
  const t = useTranslations("console.packages");
  return (
    <div>
      <label className="mb-2 flex items-center gap-2 px-1 text-sm text-slate-800">
        <SelectAllCheckbox ids={packages.map((pkg) => pkg.id)} selection={selection} />
        {t("selectAll")}
      </label>
      <ul aria-label={label} className="space-y-3">
        {packages.map((pkg) => (
          <li
            key={pkg.id}
            data-testid="package-row"
            data-package-id={pkg.id}
            className={`rounded-lg border p-4 ${selection.selected.has(pkg.id) ? "border-sky-300 bg-sky-50" : "border-slate-200 bg-white"}`}
          >
            <div className="flex items-start gap-3">
              <input
                type="checkbox"
                aria-label={t("selectPackage", { name: pkg.name })}
                checked={selection.selected.has(pkg.id)}
                onChange={(event) => selection.toggle(pkg.id, event.target.checked)}
                className={`${checkboxClass} mt-1 shrink-0`}
                data-testid="select-package"
              />
              <div className="min-w-0 flex-1 space-y-2">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <Link href={packageHref(pkg)} className="font-medium break-words text-sky-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
                    {pkg.name}
                  </Link>
                  <StatusBadge status={pkg.status} trashed={pkg.trashed} />
                </div>
                <SignerProgress pkg={pkg} />
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700">
                  <dt className="text-slate-600">{t("cards.from")}</dt>
                  <dd>{senderName(pkg)}</dd>
                  <dt className="text-slate-600">{t("columns.updated")}</dt>
                  <dd>
                    <PackageDate iso={pkg.updated} />
                  </dd>
                  <dt className="text-slate-600">{t("columns.due")}</dt>
                  <dd>
                    <PackageDate iso={pkg.due} empty={t("none")} />
                  </dd>
                </dl>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
