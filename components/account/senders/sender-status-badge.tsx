import { Badge } from "@/components/ui/badge";
import type { SenderStatus } from "@/lib/api/senders";

const LOOKS: Record<SenderStatus, { tone: "info" | "success" | "danger"; label: string }> = {
  INVITED: { tone: "info", label: "Invited" },
  ACTIVE: { tone: "success", label: "Active" },
  LOCKED: { tone: "danger", label: "Locked" },
};

/** A sender's status as people say it; the wire value stays in `data-status` for tests. */
export function SenderStatusBadge({ status }: { status: SenderStatus }) {
  const look = LOOKS[status];
  return (
    <span data-testid="sender-status" data-status={status}>
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  );
}

/** The badge, and for a locked sender what locked means. */
export function SenderStatusCell({ status }: { status: SenderStatus }) {
  return (
    <div>
      <SenderStatusBadge status={status} />
      {status === "LOCKED" ? <p className="mt-1 max-w-48 text-xs text-slate-600">Deleted with work left: can read, cannot change anything.</p> : null}
    </div>
  );
}
