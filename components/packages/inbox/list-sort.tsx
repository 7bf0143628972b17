"use client";

import { useId } from "react";
import { useTranslations } from "use-intl";
import { inputClass } from "@/components/ui/form-field";
import type { ListDir, ListSort } from "./list-url";

/** The orders offered, each named by the message console.packages `sort.<sort>.<dir>`. */
const ORDERS: { sort: ListSort; dir: ListDir }[] = [
  { sort: "updated", dir: "desc" },
  { sort: "updated", dir: "asc" },
  { sort: "created", dir: "desc" },
  { sort: "created", dir: "asc" },
  { sort: "name", dir: "asc" },
  { sort: "name", dir: "desc" },
  { sort: "status", dir: "asc" },
  { sort: "status", dir: "desc" },
  { sort: "due", dir: "asc" },
  { sort: "due", dir: "desc" },
];

/** The list's order: one choice of column and direction. */
export function ListSortSelect({
  sort,
  dir,
  onChange,
  columns,
}: {
  sort: ListSort;
  dir: ListDir;
  onChange: (sort: ListSort, dir: ListDir) => void;
  /** The columns offered (all by default). */
  columns?: readonly ListSort[];
}) {
  const t = useTranslations("console.packages.sort");
  const id = useId();
  const orders = columns ? ORDERS.filter((order) => columns.includes(order.sort)) : ORDERS;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-800">
        {t("label")}
      </label>
      <select
        id={id}
        value={`${sort}:${dir}`}
        onChange={(event) => {
          const [nextSort, nextDir] = event.target.value.split(":") as [ListSort, ListDir];
          onChange(nextSort, nextDir);
        }}
        className={`${inputClass} sm:w-auto`}
        data-testid="list-sort"
      >
        {orders.map((order) => (
          <option key={`${order.sort}:${order.dir}`} value={`${order.sort}:${order.dir}`}>
            {t(`${order.sort}.${order.dir}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
