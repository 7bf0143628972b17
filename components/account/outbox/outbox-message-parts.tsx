import Link from "next/link";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import type { OutboxMessageResponse } from "@/lib/api/outbox";

type Status = OutboxMessageResponse["status"];
type Kind = OutboxMessageResponse["kind"];

const STATUS_TONES: Record<Status, "info" | "success" | "danger" | "neutral"> = {
  QUEUED: "info",
  SENT: "success",
  KEPT: "neutral",
  FAILED: "danger",
  BOUNCED: "danger",
};

/** What kind of e-mail it is, as people say it (the wire value when the console does not know it yet). */
export function OutboxKind({ kind }: { kind: Kind }) {
  const t = useTranslations("console.outbox");
  return t.has(`kinds.${kind}`) ? t(`kinds.${kind}`) : kind;
}

/** The status as people say it (the wire value in `data-status`), and why it failed or is being retried. */
export function OutboxStatus({ message }: { message: OutboxMessageResponse }) {
  const t = useTranslations("console.outbox");
  return (
    <div className="space-y-1">
      <span data-testid="outbox-status" data-status={message.status} className="whitespace-nowrap">
        <Badge tone={STATUS_TONES[message.status]}>{t(`statuses.${message.status}`)}</Badge>
      </span>
      {message.lastError && message.status !== "SENT" ? (
        <p className="max-w-xs text-xs break-words text-rose-800" data-testid="outbox-error">
          {message.status === "QUEUED" ? t("retrying") : ""}
          {message.lastError}
        </p>
      ) : null}
    </div>
  );
}

/** The package the message is about, when there is one. */
export function OutboxPackageLink({ message }: { message: OutboxMessageResponse }) {
  const t = useTranslations("console.outbox");
  if (!message.packageId) return null;
  return (
    <Link href={`/packages/${encodeURIComponent(message.packageId)}`} className="text-xs text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
      {t("openPackage")}<span className="sr-only">{t("openPackageOf", { subject: message.subject })}</span>
    </Link>
  );
}

/** The e-mail's text, folded: links and codes meant for its recipient alone are not shown (lib/email/outbox-body.ts). */
export function OutboxBody({ message }: { message: OutboxMessageResponse }) {
  const t = useTranslations("console.outbox");
  return (
    <details className="mt-1 text-xs text-slate-800" data-testid="outbox-body">
      <summary className="cursor-pointer text-sky-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
        {t("showEmail")}<span className="sr-only">{t("showEmailOf", { subject: message.subject })}</span>
      </summary>
      <pre className="mt-2 max-w-prose font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800">{message.body}</pre>
    </details>
  );
}
