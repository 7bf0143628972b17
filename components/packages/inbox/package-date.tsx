"use client";

import { useFormatter } from "use-intl";

/** A listed date in the reader's language, with the exact time in a tooltip and for `<time>`. */
export function PackageDate({ iso, empty = "—" }: { iso: string | undefined; empty?: string }) {
  const format = useFormatter();
  if (!iso) return <span className="text-slate-600">{empty}</span>;
  const date = new Date(iso);
  const exact = format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  const day = format.dateTime(date, { dateStyle: "medium" });
  return (
    <time dateTime={iso} title={exact}>
      {day}
    </time>
  );
}
