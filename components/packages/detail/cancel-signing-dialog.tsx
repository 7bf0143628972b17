"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { CANCEL_REASON_MAX } from "@/lib/api/wire-values";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { failureMessage } from "@/lib/console/queries/package-actions";
import { useCancelSigning } from "@/lib/console/queries/package-detail";

/**
 * Cancelling the signing of a sent package (OneSpan: back to draft with a message): the sender
 * gives a reason, the package becomes a draft, and every signer who was invited is e-mailed the
 * reason; their links stop working.
 */
export function CancelSigningDialog({ packageId, open, onClose }: { packageId: string; open: boolean; onClose: () => void }) {
  const t = useTranslations("console.packageDetail.cancelSigning");
  return (
    <Dialog open={open} onClose={onClose} title={t("title")}>
      <CancelSigningForm packageId={packageId} onClose={onClose} />
    </Dialog>
  );
}

/** A new form (an empty reason) each time the dialog opens: the dialog mounts it only while open. */
function CancelSigningForm({ packageId, onClose }: { packageId: string; onClose: () => void }) {
  const t = useTranslations("console.packageDetail.cancelSigning");
  const toast = useToast();
  const cancel = useCancelSigning(packageId);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError(t("reasonMissing"));
    if (trimmed.length > CANCEL_REASON_MAX) return setError(t("reasonTooLong", { max: CANCEL_REASON_MAX }));
    cancel.mutate(trimmed, {
      onSuccess: () => {
        onClose();
        toast.success(t("done"));
      },
      onError: (failure) => toast.error(failureMessage(failure)),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700">{t("text")}</p>
      <TextAreaField
        className="mt-4"
        label={t("reason")}
        name="reason"
        data-testid="cancel-signing-reason"
        value={reason}
        maxLength={CANCEL_REASON_MAX}
        required
        error={error}
        hint={t("length", { length: reason.length, max: CANCEL_REASON_MAX })}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose} disabled={cancel.isPending}>
          {t("keep")}
        </Button>
        <Button type="submit" variant="danger" data-testid="confirm-cancel-signing" busy={cancel.isPending}>
          {t("confirm")}
        </Button>
      </div>
    </form>
  );
}
