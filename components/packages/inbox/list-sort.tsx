"use client";

import { useId } from "react";
import { inputClass } from "@/components/ui/form-field";
import type { ListDir, ListSort } from "./list-url";

const ORDERS: { sort: ListSort; dir: ListDir; label: string }[] = [
  { sort: "updated", dir: "desc", label: "Last updated first" },
  { sort: "updated", dir: "asc", label: "Least recently updated first" },
  { sort: "created", dir: "desc", label: "Newest first" },
  { sort: "created", dir: "asc", label: "Oldest first" },
  { sort: "name", dir: "asc", label: "Name, A to Z" },
  { sort: "name", dir: "desc", label: "Name, Z to A" },
  { sort: "status", dir: "asc", label: "Status, A to Z" },
  { sort: "status", dir: "desc", label: "Status, Z to A" },
  { sort: "due", dir: "asc", label: "Due soonest first" },
  { sort: "due", dir: "desc", label: "Due latest first" },
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
  const id = useId();
  const orders = columns ? ORDERS.filter((order) => columns.includes(order.sort)) : ORDERS;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-800">
        Sort
      </label>
      <select
        id={id}
        value={`${sort}:${dir}`}
        onChange={(event) => {
          const [nextSort, nextDir] = event.target.value.split(":") as [ListSort, ListDir];
          onChange(nextSort, nextDir);
        }}
        className={`${inputClass} sm:w-60`}
        data-testid="list-sort"
      >
        {orders.map((order) => (
          <option key={`${order.sort}:${order.dir}`} value={`${order.sort}:${order.dir}`}>
            {order.label}
          </option>
        ))}
      </select>
    </div>
  );
}
