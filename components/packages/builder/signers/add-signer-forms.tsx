"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
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
import { personSignerForm, placeholderForm, type PersonSignerForm, type PlaceholderForm } from "./signer-forms";
import { nextStepIndex } from "./signing-steps";

/** A new signer goes into a step of its own after the last; they are dragged into another step if they sign in parallel. */
function newRoleBase(pkg: WirePackage) {
  const id = nextSignerRoleId(pkg.roles);
  return { id, name: id, index: nextStepIndex(signingRoles(pkg)) };
}

/** A person, typed or picked from the account's senders. */
export function AddPersonForm({ pkg }: { pkg: WirePackage }) {
  const addRole = useAddRole(pkg.id);
  const toast = useToast();
  const senders = useSenderPicker();
  const form = useForm<PersonSignerForm>({ resolver: zodResolver(personSignerForm), defaultValues: { firstName: "", lastName: "", email: "" } });
  const submit = form.handleSubmit((values) =>
    addRole.mutate(
      { ...newRoleBase(pkg), signers: [values] },
      {
        onSuccess: () => {
          toast.success(`${values.firstName} ${values.lastName} was added.`);
          form.reset();
        },
        onError: (error) => form.setError("root", { message: error.message }),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-person-heading" data-testid="add-signer-form" className="space-y-3">
      <h3 id="add-person-heading" className="text-sm font-semibold text-slate-900">
        Add a person
      </h3>
      <SelectField
        label="Pick one of your account's senders (optional)"
        defaultValue=""
        hint={senders.isError ? senders.error.message : "Fills in the fields below."}
        onChange={(event) => {
          const sender = senders.data?.results.find((candidate) => candidate.id === event.target.value);
          if (!sender) return;
          form.setValue("firstName", sender.firstName, { shouldValidate: true });
          form.setValue("lastName", sender.lastName, { shouldValidate: true });
          form.setValue("email", sender.email, { shouldValidate: true });
        }}
      >
        <option value="">{senders.isLoading ? "Loading the senders…" : "Type the person below"}</option>
        {senders.data?.results.map((sender) => (
          <option key={sender.id} value={sender.id}>
            {`${sender.firstName} ${sender.lastName}`.trim() || sender.email} ({sender.email})
          </option>
        ))}
      </SelectField>
      <PersonFields form={form} />
      <Button type="submit" busy={addRole.isPending}>
        Add signer
      </Button>
    </form>
  );
}

/** One of the account's groups: any member may sign for it (the service fills its e-mail and name). */
export function AddGroupForm({ pkg }: { pkg: WirePackage }) {
  const addRole = useAddRole(pkg.id);
  const toast = useToast();
  const groups = useGroupPicker();
  const [groupId, setGroupId] = useState("");
  const [error, setError] = useState<string>();
  const add = () => {
    const group = groups.data?.results.find((candidate) => candidate.id === groupId);
    if (!group) return setError("Choose a group.");
    addRole.mutate(
      { ...newRoleBase(pkg), signers: [{ group: { id: group.id } }] },
      {
        onSuccess: () => {
          toast.success(`The group ${group.name} was added.`);
          setGroupId("");
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const empty = groups.isSuccess && groups.data.results.length === 0;
  return (
    <div className="space-y-3" data-testid="add-group-form">
      <h3 className="text-sm font-semibold text-slate-900">Add a group</h3>
      <SelectField
        label="Group"
        value={groupId}
        onChange={(event) => {
          setGroupId(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint={groups.isError ? groups.error.message : empty ? "The account has no group yet." : "Any member of the group may sign for it."}
      >
        <option value="">{groups.isLoading ? "Loading the groups…" : "Choose a group"}</option>
        {groups.data?.results.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name} ({group.email})
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" onClick={add} busy={addRole.isPending} disabled={!groupId}>
        Add group
      </Button>
    </div>
  );
}

/** The signed-in sender signs too, as the `Owner` role (the service always makes the package's sender its signer). */
export function AddMeButton({ pkg }: { pkg: WirePackage }) {
  const addRole = useAddRole(pkg.id);
  const session = useConsoleSession();
  const toast = useToast();
  const already = pkg.roles.some((role) => role.type === "SENDER" && isSigningRole(pkg, role));
  const user = session.data?.user;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">You</h3>
      <Button
        variant="secondary"
        disabled={already || !user}
        busy={addRole.isPending}
        onClick={() =>
          user &&
          addRole.mutate(
            { id: OWNER_ROLE_ID, index: nextStepIndex(signingRoles(pkg)), signers: [{ email: user.email, firstName: user.firstName, lastName: user.lastName }] },
            { onSuccess: () => toast.success("You were added as a signer."), onError: (error) => toast.error(error.message) },
          )
        }
      >
        Add me as a signer
      </Button>
      <p className="text-xs text-slate-600">
        {already ? "You already sign this package." : session.isError ? session.error.message : "You sign as the sender, in a step of your own."}
      </p>
    </div>
  );
}

/** Templates: a role with a name and nobody in it; the person is chosen when a package is made from the template. */
export function AddPlaceholderForm({ pkg }: { pkg: WirePackage }) {
  const addRole = useAddRole(pkg.id);
  const form = useForm<PlaceholderForm>({ resolver: zodResolver(placeholderForm), defaultValues: { name: "" } });
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
        Add a placeholder
      </h3>
      <TextField
        label="Placeholder name"
        autoComplete="off"
        placeholder="Client"
        hint="Text tags can name it, for example {{esl:Client:signature}}."
        {...form.register("name")}
        error={errors.name?.message ?? errors.root?.message}
      />
      <Button type="submit" busy={addRole.isPending}>
        Add placeholder
      </Button>
    </form>
  );
}
