"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Refusal } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { useReinviteSender } from "@/lib/console/queries/senders";
import { InvitationLink } from "./invitation-link";

/** The invitation link of a sender who has not activated yet, and a way to send a new one. */
export function InvitationDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const reinvite = useReinviteSender(sender.id);
  const link = reinvite.data?.activationUrl ?? sender.activationUrl;
  return (
    <Dialog open onClose={onClose} title={`Invitation of ${sender.name || sender.email}`}>
      <div className="space-y-3 text-sm text-slate-700">
        {link ? (
          <InvitationLink key={link} email={sender.email} activationUrl={link} />
        ) : (
          <p>This service does not show invitation links. Send a new invitation to e-mail {sender.email} again.</p>
        )}
        {reinvite.isSuccess ? <p>A new invitation was sent; the earlier link no longer works.</p> : null}
        <Refusal message={reinvite.error?.message} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" busy={reinvite.isPending} onClick={() => reinvite.mutate()}>
            Send a new invitation
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
