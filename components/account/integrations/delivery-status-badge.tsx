import { Badge } from "@/components/ui/badge";
import type { CallbackDeliveryResponse } from "@/lib/api/callbacks";

type DeliveryStatus = CallbackDeliveryResponse["status"];

const LOOKS: Record<DeliveryStatus, { tone: "info" | "success" | "danger" | "neutral"; label: string }> = {
  PENDING: { tone: "info", label: "Pending" },
  DELIVERED: { tone: "success", label: "Delivered" },
  FAILED: { tone: "danger", label: "Failed" },
  CANCELLED: { tone: "neutral", label: "Cancelled" },
};

/** A delivery's status as people say it; the wire value stays in `data-status` for tests. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const look = LOOKS[status];
  return (
    <span data-testid="delivery-status" data-status={status}>
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  );
}
