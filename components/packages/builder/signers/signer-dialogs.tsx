"use client";

import { useForm, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { WireRole } from "@/lib/api/packages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useDeleteRole, useUpdateRole } from "@/lib/console/queries/package-builder";
import { signerOf } from "./role-labels";
import { PersonFields } from "./person-fields";
import { AuthenticationFields } from "./authentication-fields";
import {
  authenticationFormValues,
  authOfForm,
  useSignerFormResolvers,
  type PersonSignerForm,
  type PersonWithAuthenticationForm,
  type PlaceholderForm,
} from "./signer-forms";

/** Changes a role's person (`PUT .../roles/{roleId}` with `signers`), or a template placeholder's name. */
export function EditSignerDialog({ role, packageId, template, onClose }: { role: WireRole; packageId: string; template: boolean; onClose: () => void }) {
  const t = useTranslations("console.builder.signers");
  return (
    <Dialog open onClose={onClose} title={template ? t("renamePlaceholderTitle") : signerOf(role)?.email ? t("editSignerTitle") : t("addSignerTitle")}>
      {template ? <PlaceholderNameForm role={role} packageId={packageId} onDone={onClose} /> : <PersonForm role={role} packageId={packageId} onDone={onClose} />}
    </Dialog>
  );
}

function PersonForm({ role, packageId, onDone }: { role: WireRole; packageId: string; onDone: () => void }) {
  const t = useTranslations("console.builder.signers");
  const resolvers = useSignerFormResolvers();
  const update = useUpdateRole(packageId);
  const toast = useToast();
  const signer = signerOf(role);
  const form = useForm<PersonWithAuthenticationForm>({
    resolver: resolvers.personWithAuthentication,
    defaultValues: {
      firstName: signer?.firstName ?? "",
      lastName: signer?.lastName ?? "",
      email: signer?.email ?? "",
      authentication: authenticationFormValues(role.signers[0]?.auth),
    },
  });
  const submit = form.handleSubmit(({ authentication, ...person }) =>
    update.mutate(
      { roleId: role.id, changes: { signers: [{ ...person, auth: authOfForm(authentication) }] } },
      {
        onSuccess: () => {
          toast.success(t("signerSaved"));
          onDone();
        },
        onError: (error) => form.setError("root", { message: error.message }),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <PersonFields form={form as unknown as UseFormReturn<PersonSignerForm>} />
      <AuthenticationFields form={form} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" busy={update.isPending}>
          {t("saveSigner")}
        </Button>
      </div>
    </form>
  );
}

function PlaceholderNameForm({ role, packageId, onDone }: { role: WireRole; packageId: string; onDone: () => void }) {
  const t = useTranslations("console.builder.signers");
  const resolvers = useSignerFormResolvers();
  const update = useUpdateRole(packageId);
  const form = useForm<PlaceholderForm>({ resolver: resolvers.placeholder, defaultValues: { name: role.name } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate({ roleId: role.id, changes: { name: values.name } }, { onSuccess: onDone, onError: (error) => form.setError("root", { message: error.message }) }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField label={t("placeholderName")} autoComplete="off" {...form.register("name")} error={errors.name?.message ?? errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" busy={update.isPending}>
          {t("saveName")}
        </Button>
      </div>
    </form>
  );
}

export function RemoveRoleDialog({ role, name, packageId, open, onClose }: { role: WireRole; name: string; packageId: string; open: boolean; onClose: () => void }) {
  const t = useTranslations("console.builder.signers");
  const remove = useDeleteRole(packageId);
  const toast = useToast();
  return (
    <Dialog open={open} onClose={onClose} title={t("removeTitle", { name })}>
      <p className="text-sm text-slate-700">{t("removeText")}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("keep")}
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(role.id, {
              onSuccess: () => {
                onClose();
                toast.success(t("removed", { name }));
              },
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {t("remove")}
        </Button>
      </div>
    </Dialog>
  );
}
