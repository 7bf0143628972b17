"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { historyEntries, type HistoryEntry } from "@/lib/console/package-history";
import type { PackageAuditEvent, usePackageAudit } from "@/lib/console/queries/package-detail";
import { When } from "./format";
import { Section } from "./section";

const FIRST_SHOWN = 12;

/** The audit trail's types the history words for a sender (console.packageDetail `history.event.<typeInCamelCase>`); any other type is shown as the service names it. */
const WORDED_TYPES = new Set<string>([
  "Package Create", "Package Send", "Package Deactivate", "Package Complete", "Package Ready For Complete", "Package Archive", "Package Unarchive",
  "Package Trash", "Package Restore", "Package Expire", "Package Update", "View", "Accept", "Click To Sign", "Click To Initial", "Capture Signature",
  "Upload Signature", "Decline", "Opt Out", "Signer Complete", "Notary Certificate Adopt", "Signer Reinvite", "Package Attachment",
  "Attachment Accept", "Attachment Reject", "Reminder Sent", "Reminder Schedule Set", "Reminder Schedule Delete", "Document Add", "Document Update",
  "Document Delete", "Document Reorder", "Role Add", "Role Update", "Role Delete", "Role Reorder", "Approval Add", "Approval Update",
  "Approval Delete", "Field Add", "Field Update", "Field Delete", "Role Verification Set", "Role Verification Delete", "Signer Unlock",
  "Signer Authenticated", "Signer Sms Sent", "Sms Not Sent", "Virtual Room Set", "In Person Host", "Role Reassign", "Signer Locked", "Email Bounce"
]);

/** "Click To Sign" → "clickToSign": the type's message key. */
const eventKey = (type: string) => type.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase());

function who(event: PackageAuditEvent, service: string): string {
  if (event.user && event["user-email"] && event.user !== event["user-email"]) return `${event.user} (${event["user-email"]})`;
  return event.user || event["user-email"] || service;
}

/** The package's events, newest first, as a timeline. */
export function HistorySection({ audit }: { audit: ReturnType<typeof usePackageAudit> }) {
  const t = useTranslations("console.packageDetail.history");
  const [showAll, setShowAll] = useState(false);
  let body;
  if (audit.isPending) body = <LoadingState label={t("loading")} />;
  else if (audit.error) body = <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />;
  else if (audit.data.length === 0) body = <EmptyState title={t("none")}>{t("noneText")}</EmptyState>;
  else {
    const newestFirst = historyEntries(audit.data);
    const shown = showAll ? newestFirst : newestFirst.slice(0, FIRST_SHOWN);
    body = (
      <>
        <ol aria-label={t("label")} data-testid="history-timeline" className="ml-1.5 border-l-2 border-slate-200">
          {shown.map((entry, i) => (
            <HistoryItem key={`${entry.event["date-time"]}-${i}`} entry={entry} />
          ))}
        </ol>
        {newestFirst.length > FIRST_SHOWN ? (
          <Button variant="ghost" className="mt-3" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)} data-testid="history-toggle">
            {showAll ? t("showFewer") : t("showAll", { count: newestFirst.length })}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <Section title={t("title")} testId="history">
      {body}
    </Section>
  );
}

/** One line of the timeline: what happened (to which document), when (from when, for repeated views) and by whom. */
function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const t = useTranslations("console.packageDetail.history");
  const { event, times, firstAt } = entry;
  const type = WORDED_TYPES.has(event.type) ? t(`event.${eventKey(event.type)}`) : event.type;
  const repeated = times > 1 ? t("times", { what: type, times }) : type;
  const what = event["target-type"] === "Document" && event.target ? t("onDocument", { what: repeated, document: event.target }) : repeated;
  const since = firstAt ? t.rich("from", { first: () => <When iso={firstAt} withTime /> }) : null;
  const by = who(event, t("service"));
  return (
    <li className="relative pb-4 pl-5 last:pb-0" data-testid="history-event">
      <span aria-hidden className="absolute top-1.5 -left-[7px] size-3 rounded-full border-2 border-white bg-sky-700" />
      <p className="text-sm font-medium break-words text-slate-900">{what}</p>
      <p className="text-xs text-slate-700">
        {since ? <>{since} </> : null}
        <When iso={event["date-time"]} withTime /> · <span className="break-all">{by}</span>
      </p>
      {event.data ? <p className="mt-0.5 text-xs break-words text-slate-600">{event.data}</p> : null}
    </li>
  );
}
