"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useConsoleSession } from "@/lib/console/queries/session";
import { useAddRole, useGroupPicker, useSenderPicker } from "@/lib/console/queries/package-builder";
import { signingRoles } from "../signer-colours";
import { isSigningRole } from "@/lib/console/queries/package-progress";
import { nextSignerRoleId, OWNER_ROLE_ID } from "./role-labels";
import { PersonFields } from "./person-fields";
import { useSignerFormResolvers, type PersonSignerForm, type PlaceholderForm } from "./signer-forms";
import { nextStepIndex } from "./signing-steps";

/** A new signer goes into a step of its own after the last; they are dragged into another step if they sign in parallel. */
function newRoleBase(pkg: WirePackage) {
  const id = nextSignerRoleId(pkg.roles);
  return { id, name: id, index: nextStepIndex(signingRoles(pkg)) };
}

/** A person, typed or picked from the account's senders. */
export function AddPersonForm({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.signers");
  const resolvers = useSignerFormResolvers();
  const addRole = useAddRole(pkg.id);
  const toast = useToast();
  const senders = useSenderPicker();
  const form = useForm<PersonSignerForm>({ resolver: resolvers.personSigner, defaultValues: { firstName: "", lastName: "", email: "" } });
  const submit = form.handleSubmit((values) =>
    addRole.mutate(
      { ...newRoleBase(pkg), signers: [values] },
      {
        onSuccess: () => {
          toast.success(t("personAdded", { name: `${values.firstName} ${values.lastName}` }));
          form.reset();
        },
        onError: (error) => form.setError("root", { message: error.message }),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-person-heading" data-testid="add-signer-form" className="space-y-3">
      <h3 id="add-person-heading" className="text-sm font-semibold text-slate-900">
        {t("addPerson")}
      </h3>
      <SelectField
        label={t("pickSender")}
        defaultValue=""
        hint={senders.isError ? senders.error.message : t("pickSenderHint")}
        onChange={(event) => {
          const sender = senders.data?.results.find((candidate) => candidate.id === event.target.value);
          if (!sender) return;
          form.setValue("firstName", sender.firstName, { shouldValidate: true });
          form.setValue("lastName", sender.lastName, { shouldValidate: true });
          form.setValue("email", sender.email, { shouldValidate: true });
        }}
      >
        <option value="">{senders.isLoading ? t("loadingSenders") : t("typePerson")}</option>
        {senders.data?.results.map((sender) => (
          <option key={sender.id} value={sender.id}>
            {`${sender.firstName} ${sender.lastName}`.trim() || sender.email} ({sender.email})
          </option>
        ))}
      </SelectField>
      <PersonFields form={form} />
      <Button type="submit" busy={addRole.isPending}>
        {t("addSigner")}
      </Button>
    </form>
  );
}

/** One of the account's groups: any member may sign for it (the service fills its e-mail and name). */
export function AddGroupForm({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.signers");
  const addRole = useAddRole(pkg.id);
  const toast = useToast();
  const groups = useGroupPicker();
  const [groupId, setGroupId] = useState("");
  const [error, setError] = useState<string>();
  const add = () => {
    const group = groups.data?.results.find((candidate) => candidate.id === groupId);
    if (!group) return setError(t("chooseGroupError"));
    addRole.mutate(
      { ...newRoleBase(pkg), signers: [{ group: { id: group.id } }] },
      {
        onSuccess: () => {
          toast.success(t("groupAdded", { name: group.name }));
          setGroupId("");
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const empty = groups.isSuccess && groups.data.results.length === 0;
  return (
    <div className="space-y-3" data-testid="add-group-form">
      <h3 className="text-sm font-semibold text-slate-900">{t("addGroup")}</h3>
      <SelectField
        label={t("group")}
        value={groupId}
        onChange={(event) => {
          setGroupId(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint={groups.isError ? groups.error.message : empty ? t("noGroupYet") : t("groupHint")}
      >
        <option value="">{groups.isLoading ? t("loadingGroups") : t("chooseGroup")}</option>
        {groups.data?.results.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name} ({group.email})
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" onClick={add} busy={addRole.isPending} disabled={!groupId}>
        {t("addGroupButton")}
      </Button>
    </div>
  );
}

/** The signed-in sender signs too, as the `Owner` role (the service always makes the package's sender its signer). */
export function AddMeButton({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.signers");
  const addRole = useAddRole(pkg.id);
  const session = useConsoleSession();
  const toast = useToast();
  const already = pkg.roles.some((role) => role.type === "SENDER" && isSigningRole(pkg, role));
  const user = session.data?.user;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{t("you")}</h3>
      <Button
        variant="secondary"
        disabled={already || !user}
        busy={addRole.isPending}
        onClick={() =>
          user &&
          addRole.mutate(
            { id: OWNER_ROLE_ID, index: nextStepIndex(signingRoles(pkg)), signers: [{ email: user.email, firstName: user.firstName, lastName: user.lastName }] },
            { onSuccess: () => toast.success(t("youWereAdded")), onError: (error) => toast.error(error.message) },
          )
        }
      >
        {t("addMe")}
      </Button>
      <p className="text-xs text-slate-600">
        {already ? t("alreadySigning") : session.isError ? session.error.message : t("addMeHint")}
      </p>
    </div>
  );
}

/** Templates: a role with a name and nobody in it; the person is chosen when a package is made from the template. */
export function AddPlaceholderForm({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.signers");
  const resolvers = useSignerFormResolvers();
  const addRole = useAddRole(pkg.id);
  const form = useForm<PlaceholderForm>({ resolver: resolvers.placeholder, defaultValues: { name: "" } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    addRole.mutate(
      { name: values.name, index: nextStepIndex(signingRoles(pkg)), signers: [] },
      { onSuccess: () => form.reset(), onError: (error) => form.setError("root", { message: error.message }) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-placeholder-heading" data-testid="add-placeholder-form" className="space-y-3">
      <h3 id="add-placeholder-heading" className="text-sm font-semibold text-slate-900">
        {t("addPlaceholder")}
      </h3>
      <TextField
        label={t("placeholderName")}
        autoComplete="off"
        placeholder={t("placeholderExample")}
        hint={t("placeholderHint", { example: "{{esl:Client:signature}}" })}
        {...form.register("name")}
        error={errors.name?.message ?? errors.root?.message}
      />
      <Button type="submit" busy={addRole.isPending}>
        {t("addPlaceholderButton")}
      </Button>
    </form>
  );
}
