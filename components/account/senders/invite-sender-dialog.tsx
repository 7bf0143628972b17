"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { senderInvite, type SenderInvite } from "@/lib/api/senders";
import { useInviteSender } from "@/lib/console/queries/senders";
import { InvitationLink } from "./invitation-link";

type InviteForm = z.input<typeof senderInvite>;

/** Invites a sender with the API's own request schema; once invited, shows their invitation link. */
export function InviteSenderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteSender();
  function close() {
    invite.reset();
    onClose();
  }
  const invited = invite.data;
  return (
    <Dialog open={open} onClose={close} title={invited ? `${invited.name} is invited` : "Invite a sender"}>
      {invited ? (
        <div className="space-y-4">
          {invited.activationUrl ? (
            <InvitationLink email={invited.email} activationUrl={invited.activationUrl} />
          ) : (
            <p className="text-sm text-slate-700">An invitation was sent to {invited.email}.</p>
          )}
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <InviteSenderForm onInvite={(input) => invite.mutate(input)} busy={invite.isPending} refusal={invite.error?.message} onCancel={close} />
      )}
    </Dialog>
  );
}

function InviteSenderForm({ onInvite, busy, refusal, onCancel }: { onInvite: (input: SenderInvite) => void; busy: boolean; refusal?: string; onCancel: () => void }) {
  const form = useForm<InviteForm, unknown, SenderInvite>({
    resolver: zodResolver(senderInvite),
    defaultValues: { email: "", firstName: "", lastName: "", company: "", title: "" },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onInvite)} noValidate className="space-y-3" aria-label="Invite a sender">
      <p className="text-sm text-slate-700">They get an e-mail with a link to choose a password. Until then they are listed as invited.</p>
      <Refusal message={refusal} />
      <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...form.register("email")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="First name" error={errors.firstName?.message} {...form.register("firstName")} />
        <TextField label="Last name" error={errors.lastName?.message} {...form.register("lastName")} />
        <TextField label="Company" hint="Optional." error={errors.company?.message} {...form.register("company")} />
        <TextField label="Title" hint="Optional." error={errors.title?.message} {...form.register("title")} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
