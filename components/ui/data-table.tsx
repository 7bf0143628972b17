import type { ReactNode } from "react";

/**
 * The console's tables: a bordered box, a caption for screen readers, a header row of `columns`
 * (ColumnHeader cells, or cells of their own such as a select-all box) and `children` as rows.
 * `scroll` lets a wide table scroll sideways; tables whose rows open menus leave it off, since a
 * scrolling box would clip them.
 */
export function DataTable({ caption, columns, scroll = false, children }: { caption: ReactNode; columns: ReactNode; scroll?: boolean; children: ReactNode }) {
  return (
    <div className={`${scroll ? "overflow-x-auto " : ""}rounded-lg border border-slate-200 bg-white`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>{columns}</tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** One column's heading. */
export function ColumnHeader({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={`px-3 py-2 font-semibold ${className}`.trim()}>
      {children}
    </th>
  );
}
