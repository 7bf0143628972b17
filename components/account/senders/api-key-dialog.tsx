"use client";

import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog } from "@/components/ui/dialog";
import { Refusal } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { useRevealSenderApiKey } from "@/lib/console/queries/senders";

/** A sender's API key, read from the service only after the user confirms they mean to see it. */
export function ApiKeyDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const reveal = useRevealSenderApiKey(sender.id);
  const who = sender.name || sender.email;
  return (
    <Dialog open onClose={onClose} title={`API key of ${who}`}>
      <div className="space-y-3 text-sm text-slate-700">
        {reveal.data ? (
          <>
            <CopyField label="API key" value={reveal.data.apiKey} testId="sender-api-key" />
            <p>Keep it secret: it acts as {who} in this account. It disappears when you close this dialog.</p>
          </>
        ) : (
          <p>The key lets a program act as {who} in this account, with their roles. Reveal it only to set up an integration you trust.</p>
        )}
        <Refusal message={reveal.error?.message} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant={reveal.data ? "primary" : "secondary"} onClick={onClose}>
            {reveal.data ? "Done" : "Cancel"}
          </Button>
          {reveal.data ? null : (
            <Button busy={reveal.isPending} onClick={() => reveal.mutate()}>
              Reveal the key
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
