"use client";

import { useTranslations } from "use-intl";
import { CopyField } from "@/components/ui/copy-field";
import { useInvitationEmail } from "@/lib/console/queries/senders";

/**
 * The invitation link of a sender still INVITED, and how the invitation e-mail fared (from the
 * account's outbox): when the service sends no e-mail, the link is the only way in.
 */
export function InvitationLink({ email, activationUrl }: { email: string; activationUrl: string }) {
  const t = useTranslations("console.senders");
  const delivery = useInvitationEmail(email);
  const status = delivery.data?.status;
  let note: string;
  if (delivery.isPending || status === "QUEUED") note = t("invitationLink.queued", { email });
  else if (delivery.isError) note = t("invitationLink.unreadable", { message: delivery.error.message });
  else if (status === "SENT") note = t("invitationLink.sent", { email });
  else if (status === "KEPT") note = t("invitationLink.kept", { email });
  else if (status === "FAILED" || status === "BOUNCED") note = t("invitationLink.failed", { email });
  else note = t("invitationLink.unknown", { email });
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-700" data-testid="invitation-delivery" data-status={status ?? "LOADING"}>
        {note}
      </p>
      <CopyField label={t("invitationLink.label")} value={activationUrl} testId="invitation-link" />
      <p className="text-xs text-slate-600">{t("invitationLink.warning")}</p>
    </div>
  );
}
