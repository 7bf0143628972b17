"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { inputClass, TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { WireGroup } from "@/lib/api/groups";
import type { WireSender } from "@/lib/api/senders";
import { GROUP_MEMBER_TYPES } from "@/lib/api/wire-values";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { useCreateGroup, useUpdateGroup } from "@/lib/console/queries/groups";
import { useFieldError } from "../use-field-error";
import { MemberPicker } from "./member-picker";

/** The members this form checks itself, with the API's rules; the members are the service's to check (they must be senders of the account). */
const groupDetails = (c: Contracts) => c.groupCreate.pick({ name: true, email: true });
type DetailsForm = z.input<ReturnType<typeof groupDetails>>;
type Details = z.output<ReturnType<typeof groupDetails>>;
const groupDetailsResolver = contractResolver(groupDetails);

type MemberType = (typeof GROUP_MEMBER_TYPES)[number];

/** A member as the form holds it until saving: named by e-mail, as the API takes them. */
interface MemberDraft {
  email: string;
  name: string;
  memberType: MemberType;
  pending: boolean;
}

function draftsOf(group: WireGroup | undefined): MemberDraft[] {
  return (group?.members ?? []).map((member) => ({
    email: member.email,
    name: `${member.firstName} ${member.lastName}`.trim() || member.email,
    memberType: member.memberType,
    pending: member.pending,
  }));
}

/** Creates a group (no `group`) or changes one: name, e-mail and the members, picked from the account's senders; saving replaces the member list. */
export function GroupDialog({ group, onClose }: { group?: WireGroup; onClose: () => void }) {
  const t = useTranslations("console.groups");
  const fieldError = useFieldError();
  const toast = useToast();
  const create = useCreateGroup();
  const update = useUpdateGroup(group?.id ?? "");
  const save = group ? update : create;
  const [members, setMembers] = useState<MemberDraft[]>(() => draftsOf(group));
  const form = useForm<DetailsForm, unknown, Details>({
    resolver: groupDetailsResolver,
    defaultValues: { name: group?.name ?? "", email: group?.email ?? "" },
  });
  const { errors } = form.formState;

  const isMember = (email: string) => members.some((member) => member.email.toLowerCase() === email.toLowerCase());
  function add(sender: WireSender) {
    if (isMember(sender.email)) return;
    setMembers((current) => [...current, { email: sender.email, name: sender.name || sender.email, memberType: "REGULAR", pending: sender.status === "INVITED" }]);
  }
  function setType(email: string, memberType: MemberType) {
    setMembers((current) => current.map((member) => (member.email === email ? { ...member, memberType } : member)));
  }
  function remove(email: string) {
    setMembers((current) => current.filter((member) => member.email !== email));
  }

  function submit(details: Details) {
    const wanted = members.map(({ email, memberType }) => ({ email, memberType }));
    const onSuccess = (saved: WireGroup) => {
      toast.success(group ? t("dialog.saved", { name: saved.name }) : t("dialog.created", { name: saved.name }));
      onClose();
    };
    if (group) update.mutate({ ...details, members: wanted }, { onSuccess });
    else create.mutate({ ...details, members: wanted }, { onSuccess });
  }

  return (
    <Dialog open onClose={onClose} title={group ? t("dialog.editTitle", { name: group.name }) : t("dialog.createTitle")} wide>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4" aria-label={t("dialog.form")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("dialog.name")} error={fieldError(errors.name)} {...form.register("name")} />
          <TextField label={t("dialog.email")} type="email" error={fieldError(errors.email)} hint={t("dialog.emailHint")} {...form.register("email")} />
        </div>

        <section aria-labelledby="group-members-heading" className="space-y-2">
          <h3 id="group-members-heading" className="text-sm font-medium text-slate-800">
            {t("dialog.members")}
          </h3>
          {members.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-700">{t("dialog.noMembers")}</p>
          ) : (
            <ul aria-label={t("dialog.members")} className="divide-y divide-slate-200 rounded-md border border-slate-200">
              {members.map((member) => (
                <li key={member.email} data-testid="group-member" className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      {member.name}
                      {member.pending ? (
                        <span className="ml-2">
                          <Badge tone="warning">{t("dialog.invitationPending")}</Badge>
                        </span>
                      ) : null}
                    </p>
                    <p className="break-all text-slate-700">{member.email}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <select
                      aria-label={t("dialog.memberType", { name: member.name })}
                      value={member.memberType}
                      onChange={(event) => setType(member.email, event.target.value as MemberType)}
                      className={`${inputClass} w-auto`}
                    >
                      {GROUP_MEMBER_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`dialog.memberTypes.${type}`)}
                        </option>
                      ))}
                    </select>
                    <Button variant="ghost" onClick={() => remove(member.email)}>
                      {t.rich("dialog.remove", { name: member.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <MemberPicker isMember={isMember} onAdd={add} />

        <Refusal message={save.error?.message} testId="group-save-error" />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {group ? t("dialog.save") : t("dialog.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
