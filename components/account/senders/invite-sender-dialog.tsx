"use client";

import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import type { senderInvite, SenderInvite } from "@/lib/api/senders";
import { contractResolver } from "@/lib/console/contract-resolver";
import { useInviteSender } from "@/lib/console/queries/senders";
import { useFieldError } from "../use-field-error";
import { InvitationLink } from "./invitation-link";

type InviteForm = z.input<typeof senderInvite>;
const inviteResolver = contractResolver((c) => c.senderInvite);

/** Invites a sender with the API's own request schema; once invited, shows their invitation link. */
export function InviteSenderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const invite = useInviteSender();
  function close() {
    invite.reset();
    onClose();
  }
  const invited = invite.data;
  return (
    <Dialog open={open} onClose={close} title={invited ? t("invite.invited", { name: invited.name }) : t("invite.title")}>
      {invited ? (
        <div className="space-y-4">
          {invited.activationUrl ? (
            <InvitationLink email={invited.email} activationUrl={invited.activationUrl} />
          ) : (
            <p className="text-sm text-slate-700">{t("invite.sentTo", { email: invited.email })}</p>
          )}
          <div className="flex justify-end">
            <Button onClick={close}>{t("invite.done")}</Button>
          </div>
        </div>
      ) : (
        <InviteSenderForm onInvite={(input) => invite.mutate(input)} busy={invite.isPending} refusal={invite.error?.message} onCancel={close} />
      )}
    </Dialog>
  );
}

function InviteSenderForm({ onInvite, busy, refusal, onCancel }: { onInvite: (input: SenderInvite) => void; busy: boolean; refusal?: string; onCancel: () => void }) {
  const t = useTranslations("console.senders");
  const fieldError = useFieldError();
  const form = useForm<InviteForm, unknown, SenderInvite>({
    resolver: inviteResolver,
    defaultValues: { email: "", firstName: "", lastName: "", company: "", title: "" },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onInvite)} noValidate className="space-y-3" aria-label={t("invite.form")}>
      <p className="text-sm text-slate-700">{t("invite.explain")}</p>
      <Refusal message={refusal} />
      <TextField label={t("fields.email")} type="email" autoComplete="off" error={fieldError(errors.email)} {...form.register("email")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("fields.firstName")} error={fieldError(errors.firstName)} {...form.register("firstName")} />
        <TextField label={t("fields.lastName")} error={fieldError(errors.lastName)} {...form.register("lastName")} />
        <TextField label={t("fields.company")} hint={t("fields.optional")} error={fieldError(errors.company)} {...form.register("company")} />
        <TextField label={t("fields.title")} hint={t("fields.optional")} error={fieldError(errors.title)} {...form.register("title")} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("invite.cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {t("invite.send")}
        </Button>
      </div>
    </form>
  );
}
