import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { OutboxMessageResponse } from "@/lib/api/outbox";

type Status = OutboxMessageResponse["status"];
type Kind = OutboxMessageResponse["kind"];

const STATUS_LOOKS: Record<Status, { tone: "info" | "success" | "danger" | "neutral"; label: string }> = {
  QUEUED: { tone: "info", label: "Queued" },
  SENT: { tone: "success", label: "Sent" },
  KEPT: { tone: "neutral", label: "Kept, not sent" },
  FAILED: { tone: "danger", label: "Failed" },
  BOUNCED: { tone: "danger", label: "Bounced" },
};

const KIND_LABELS: Record<Kind, string> = {
  SENDER_INVITATION: "Sender invitation",
  SIGNING_INVITATION: "Signing invitation",
  REMINDER: "Reminder",
  SIGNING_CANCELLED: "Signing cancelled",
  ONE_TIME_CODE: "One-time code",
  SIGNER_LOCKED: "Signer locked out",
  PACKAGE_COMPLETED: "Package completed",
  SIGNER_COPY: "Signer's copy",
  DECLINED: "Declined",
  EXPIRED: "Expired",
  CALLBACK_FAILING: "Callback failing",
  PASSWORD_RESET: "Password reset",
  DELEGATE_NAMED: "Named a delegate",
  FAST_TRACK_LIMITED: "Fast track limited",
  SIGN_UP_CONFIRMATION: "Sign-up confirmation",
  SIGN_UP_ATTEMPTED: "Sign-up with your e-mail",
  ATTACHMENT_REJECTED: "Attachment rejected",
};

export function kindLabel(kind: Kind): string {
  return KIND_LABELS[kind] ?? kind;
}

/** The status as people say it (the wire value in `data-status`), and why it failed or is being retried. */
export function OutboxStatus({ message }: { message: OutboxMessageResponse }) {
  const look = STATUS_LOOKS[message.status];
  return (
    <div className="space-y-1">
      <span data-testid="outbox-status" data-status={message.status} className="whitespace-nowrap">
        <Badge tone={look.tone}>{look.label}</Badge>
      </span>
      {message.lastError && message.status !== "SENT" ? (
        <p className="max-w-xs text-xs break-words text-rose-800" data-testid="outbox-error">
          {message.status === "QUEUED" ? "Retrying: " : ""}
          {message.lastError}
        </p>
      ) : null}
    </div>
  );
}

/** The package the message is about, when there is one. */
export function OutboxPackageLink({ message }: { message: OutboxMessageResponse }) {
  if (!message.packageId) return null;
  return (
    <Link href={`/packages/${encodeURIComponent(message.packageId)}`} className="text-xs text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
      Open the package<span className="sr-only"> of “{message.subject}”</span>
    </Link>
  );
}

/** The e-mail's text, folded: links and codes meant for its recipient alone are not shown (lib/email/outbox-body.ts). */
export function OutboxBody({ message }: { message: OutboxMessageResponse }) {
  return (
    <details className="mt-1 text-xs text-slate-800" data-testid="outbox-body">
      <summary className="cursor-pointer text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
        Show the e-mail<span className="sr-only"> “{message.subject}”</span>
      </summary>
      <pre className="mt-2 max-w-prose font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800">{message.body}</pre>
    </details>
  );
}
