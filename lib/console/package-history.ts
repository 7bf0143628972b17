import type { PackageAuditEvent } from "./queries/package-detail";

/** One line of the package's history: an event, and how many times in a row it happened. */
export interface HistoryEntry {
  event: PackageAuditEvent;
  /** 1, or the number of the same views in a row that this line stands for (`event` is the latest). */
  times: number;
  /** For repeated views, when the first of them happened. */
  firstAt?: string;
}

const sameView = (a: PackageAuditEvent, b: PackageAuditEvent) =>
  a.type === "View" && b.type === "View" && a["user-email"] === b["user-email"] && a.target === b.target && a["target-type"] === b["target-type"];

/**
 * The trail (oldest first) as the history shows it, newest first: a signer's views of the same
 * document one after another, with nothing else between them, are one line ("Viewed 3 times").
 */
export function historyEntries(trail: PackageAuditEvent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const event of trail) {
    const previous = entries.at(-1);
    if (previous && sameView(previous.event, event)) {
      entries[entries.length - 1] = { event, times: previous.times + 1, firstAt: previous.firstAt ?? previous.event["date-time"] };
    } else {
      entries.push({ event, times: 1 });
    }
  }
  return entries.reverse();
}
