import { readableDate } from "./package-summary";

export function PackageDate({ iso, empty = "—" }: { iso: string | undefined; empty?: string }) {
  const date = readableDate(iso);
  if (!date) return <span className="text-slate-600">{empty}</span>;
  return (
    <time dateTime={iso} title={date.title}>
      {date.text}
    </time>
  );
}
