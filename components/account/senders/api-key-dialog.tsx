"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog } from "@/components/ui/dialog";
import { Refusal } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { useRevealSenderApiKey } from "@/lib/console/queries/senders";

/** A sender's API key, read from the service only after the user confirms they mean to see it. */
export function ApiKeyDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const reveal = useRevealSenderApiKey(sender.id);
  const who = sender.name || sender.email;
  return (
    <Dialog open onClose={onClose} title={t("apiKey.title", { who })}>
      <div className="space-y-3 text-sm text-slate-700">
        {reveal.data ? (
          <>
            <CopyField label={t("apiKey.label")} value={reveal.data.apiKey} testId="sender-api-key" />
            <p>{t("apiKey.keepSecret", { who })}</p>
          </>
        ) : (
          <p>{t("apiKey.explain", { who })}</p>
        )}
        <Refusal message={reveal.error?.message} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant={reveal.data ? "primary" : "secondary"} onClick={onClose}>
            {reveal.data ? t("apiKey.done") : t("apiKey.cancel")}
          </Button>
          {reveal.data ? null : (
            <Button busy={reveal.isPending} onClick={() => reveal.mutate()}>
              {t("apiKey.reveal")}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
