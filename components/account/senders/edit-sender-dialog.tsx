"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { senderInvite, type WireSender } from "@/lib/api/senders";
import { useUpdateSender } from "@/lib/console/queries/senders";

/** The members this dialog changes, with the API's rules (names required here, as at invitation). */
const senderDetails = senderInvite.pick({ firstName: true, lastName: true, company: true, title: true });
type DetailsForm = z.input<typeof senderDetails>;
type Details = z.output<typeof senderDetails>;

/** Names, company and title; the e-mail is shown but cannot change (spec 2.8). */
export function EditSenderDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateSender(sender.id);
  const form = useForm<DetailsForm, unknown, Details>({
    resolver: zodResolver(senderDetails),
    defaultValues: { firstName: sender.firstName, lastName: sender.lastName, company: sender.company, title: sender.title },
  });
  const { errors } = form.formState;

  function save(details: Details) {
    // An emptied company or title is sent as "" so it is cleared, not left as it was.
    update.mutate(
      { ...details, company: details.company ?? "", title: details.title ?? "" },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name}'s details were saved.`);
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Edit ${sender.name || sender.email}`}>
      <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-3" aria-label="Sender details">
        <Refusal message={update.error?.message} />
        <TextField label="E-mail" value={sender.email} readOnly disabled hint="A sender's e-mail address cannot change. To use another address, invite a new sender." />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="First name" error={errors.firstName?.message} {...form.register("firstName")} />
          <TextField label="Last name" error={errors.lastName?.message} {...form.register("lastName")} />
          <TextField label="Company" error={errors.company?.message} {...form.register("company")} />
          <TextField label="Title" error={errors.title?.message} {...form.register("title")} />
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
