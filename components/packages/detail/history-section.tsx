"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { historyEntries, type HistoryEntry } from "@/lib/console/package-history";
import type { PackageAuditEvent, usePackageAudit } from "@/lib/console/queries/package-detail";
import { When } from "./format";
import { Section } from "./section";

const FIRST_SHOWN = 12;

/** The audit trail's types as a sender reads them; any other type is shown as the service names it. */
const READABLE: Record<string, string> = {
  "Package Create": "Created",
  "Package Send": "Sent for signing",
  "Package Deactivate": "Taken back to draft",
  "Package Complete": "Completed",
  "Package Ready For Complete": "Every signer has finished",
  "Package Archive": "Archived",
  "Package Unarchive": "Taken out of the archive",
  "Package Trash": "Moved to the trash",
  "Package Restore": "Restored from the trash",
  "Package Expire": "Expired",
  "Package Update": "Details changed",
  View: "Viewed",
  Accept: "Accepted",
  "Click To Sign": "Signed",
  "Click To Initial": "Initialled",
  "Capture Signature": "Signed (drawn signature)",
  "Upload Signature": "Signed (uploaded picture of the signature)",
  Decline: "Declined",
  "Opt Out": "Opted out of signing electronically",
  "Signer Complete": "Finished signing",
  "Notary Certificate Adopt": "Notarial certificate adopted",
  "Signer Reinvite": "Invitation sent again",
  "Package Attachment": "Attachment uploaded",
  "Attachment Accept": "Attachment accepted",
  "Attachment Reject": "Attachment rejected",
  "Reminder Sent": "Reminder sent",
  "Reminder Schedule Set": "Reminder schedule set",
  "Reminder Schedule Delete": "Reminder schedule deleted",
  "Document Add": "Document added",
  "Document Update": "Document changed",
  "Document Delete": "Document removed",
  "Document Reorder": "Documents reordered",
  "Role Add": "Signer added",
  "Role Update": "Signer changed",
  "Role Delete": "Signer removed",
  "Role Reorder": "Signing order changed",
  "Approval Add": "Signature added",
  "Approval Update": "Signature changed",
  "Approval Delete": "Signature removed",
  "Field Add": "Field added",
  "Field Update": "Field changed",
  "Field Delete": "Field removed",
  "Role Verification Set": "Signer verification set",
  "Role Verification Delete": "Signer verification removed",
  "Signer Unlock": "Signer allowed to try again",
  "Signer Authenticated": "Signer authenticated",
  "Signer Sms Sent": "Signing link texted",
  "Sms Not Sent": "A text message could not be sent",
  "Virtual Room Set": "Virtual room scheduled",
  "In Person Host": "Signing hosted in person",
  "Role Reassign": "Signature delegated",
  "Signer Locked": "Signer locked out",
  "Email Bounce": "An e-mail could not be delivered",
};

function whatHappened({ event, times }: HistoryEntry): string {
  const what = (READABLE[event.type] ?? event.type) + (times > 1 ? ` ${times} times` : "");
  return event["target-type"] === "Document" && event.target ? `${what}: ${event.target}` : what;
}

function who(event: PackageAuditEvent): string {
  if (event.user && event["user-email"] && event.user !== event["user-email"]) return `${event.user} (${event["user-email"]})`;
  return event.user || event["user-email"] || "The service";
}

/** The package's events, newest first, as a timeline. */
export function HistorySection({ audit }: { audit: ReturnType<typeof usePackageAudit> }) {
  const [showAll, setShowAll] = useState(false);
  let body;
  if (audit.isPending) body = <LoadingState label="Loading the history…" />;
  else if (audit.error) body = <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />;
  else if (audit.data.length === 0) body = <EmptyState title="No events yet">What happens to the package (sending, views, signatures) will be listed here.</EmptyState>;
  else {
    const newestFirst = historyEntries(audit.data);
    const shown = showAll ? newestFirst : newestFirst.slice(0, FIRST_SHOWN);
    body = (
      <>
        <ol aria-label="Package history, newest first" data-testid="history-timeline" className="ml-1.5 border-l-2 border-slate-200">
          {shown.map((entry, i) => (
            <li key={`${entry.event["date-time"]}-${i}`} className="relative pb-4 pl-5 last:pb-0" data-testid="history-event">
              <span aria-hidden className="absolute top-1.5 -left-[7px] size-3 rounded-full border-2 border-white bg-sky-700" />
              <p className="text-sm font-medium break-words text-slate-900">{whatHappened(entry)}</p>
              <p className="text-xs text-slate-700">
                {entry.firstAt ? (
                  <>
                    <When iso={entry.firstAt} withTime /> to{" "}
                  </>
                ) : null}
                <When iso={entry.event["date-time"]} withTime /> · <span className="break-all">{who(entry.event)}</span>
              </p>
              {entry.event.data ? <p className="mt-0.5 text-xs break-words text-slate-600">{entry.event.data}</p> : null}
            </li>
          ))}
        </ol>
        {newestFirst.length > FIRST_SHOWN ? (
          <Button variant="ghost" className="mt-3" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)} data-testid="history-toggle">
            {showAll ? "Show fewer events" : `Show all ${newestFirst.length} events`}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <Section title="History" testId="history">
      {body}
    </Section>
  );
}
