/** Dates as the package page shows them: the reader's locale and time zone, exact in a tooltip. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A `<time>`: the date (with its time when `withTime`), the exact time on hover. */
export function When({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}
