"use client";

import { useFormatter } from "use-intl";

/** Dates as the package page shows them: the reader's language and time zone, exact in a tooltip. */

/** A `<time>`: the date (with its time when `withTime`) in the console's language, the exact time on hover. */
export function When({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const format = useFormatter();
  const date = new Date(iso);
  const exact = format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  const shown = withTime ? exact : format.dateTime(date, { dateStyle: "medium" });
  return (
    <time dateTime={iso} title={exact}>
      {shown}
    </time>
  );
}
