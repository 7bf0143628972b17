"use client";

import { CopyField } from "@/components/ui/copy-field";
import { useInvitationEmail } from "@/lib/console/queries/senders";

/**
 * The invitation link of a sender still INVITED, and how the invitation e-mail fared (from the
 * account's outbox): when the service sends no e-mail, the link is the only way in.
 */
export function InvitationLink({ email, activationUrl }: { email: string; activationUrl: string }) {
  const delivery = useInvitationEmail(email);
  const status = delivery.data?.status;
  let note: string;
  if (delivery.isPending || status === "QUEUED") note = `The invitation e-mail to ${email} is on its way…`;
  else if (delivery.isError) note = `How the invitation e-mail fared could not be read: ${delivery.error.message}`;
  else if (status === "SENT") note = `An invitation e-mail was sent to ${email}. You can also give them this link.`;
  else if (status === "KEPT") note = `E-mail is not configured on this service, so no invitation was e-mailed. Give ${email} this link to activate their account.`;
  else if (status === "FAILED" || status === "BOUNCED") note = `The invitation e-mail to ${email} could not be delivered. Give them this link to activate their account.`;
  else note = `Give ${email} this link if the invitation e-mail does not reach them.`;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-700" data-testid="invitation-delivery" data-status={status ?? "LOADING"}>
        {note}
      </p>
      <CopyField label="Invitation link" value={activationUrl} testId="invitation-link" />
      <p className="text-xs text-slate-600">Anyone with this link can activate the account as this sender: send it only to them.</p>
    </div>
  );
}
