"use client";

import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { WireSender } from "@/lib/api/senders";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { useUpdateSender } from "@/lib/console/queries/senders";
import { useFieldError } from "../use-field-error";

/** The members this dialog changes, with the API's rules (names required here, as at invitation). */
const senderDetails = (c: Contracts) => c.senderInvite.pick({ firstName: true, lastName: true, company: true, title: true });
type DetailsForm = z.input<ReturnType<typeof senderDetails>>;
type Details = z.output<ReturnType<typeof senderDetails>>;
const senderDetailsResolver = contractResolver(senderDetails);

/** Names, company and title; the e-mail is shown but cannot change (spec 2.8). */
export function EditSenderDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const fieldError = useFieldError();
  const toast = useToast();
  const update = useUpdateSender(sender.id);
  const form = useForm<DetailsForm, unknown, Details>({
    resolver: senderDetailsResolver,
    defaultValues: { firstName: sender.firstName, lastName: sender.lastName, company: sender.company, title: sender.title },
  });
  const { errors } = form.formState;

  function save(details: Details) {
    // An emptied company or title is sent as "" so it is cleared, not left as it was.
    update.mutate(
      { ...details, company: details.company ?? "", title: details.title ?? "" },
      {
        onSuccess: (saved) => {
          toast.success(t("edit.saved", { name: saved.name }));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t("edit.title", { who: sender.name || sender.email })}>
      <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-3" aria-label={t("edit.form")}>
        <Refusal message={update.error?.message} />
        <TextField label={t("fields.email")} value={sender.email} readOnly disabled hint={t("edit.emailCannotChange")} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("fields.firstName")} error={fieldError(errors.firstName)} {...form.register("firstName")} />
          <TextField label={t("fields.lastName")} error={fieldError(errors.lastName)} {...form.register("lastName")} />
          <TextField label={t("fields.company")} error={fieldError(errors.company)} {...form.register("company")} />
          <TextField label={t("fields.title")} error={fieldError(errors.title)} {...form.register("title")} />
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t("edit.cancel")}
          </Button>
          <Button type="submit" busy={update.isPending}>
            {t("edit.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
