import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import type { CallbackDeliveryResponse } from "@/lib/api/callbacks";

type DeliveryStatus = CallbackDeliveryResponse["status"];

const TONES: Record<DeliveryStatus, "info" | "success" | "danger" | "neutral"> = {
  PENDING: "info",
  DELIVERED: "success",
  FAILED: "danger",
  CANCELLED: "neutral",
};

/** A delivery's status as people say it; the wire value stays in `data-status` for tests. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const t = useTranslations("console.integrations.deliveries.statuses");
  return (
    <span data-testid="delivery-status" data-status={status}>
      <Badge tone={TONES[status]}>{t(status)}</Badge>
    </span>
  );
}
