"use client";

import { Controller, useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField, TextAreaField, TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { accountRoleCreateRequest, WireAccountRole, WirePermission } from "@/lib/api/account-roles";
import { contractResolver } from "@/lib/console/contract-resolver";
import { useCreateRole, usePermissionCatalogue, useUpdateRole } from "@/lib/console/queries/account-roles";
import { usePermissions } from "@/lib/console/queries/session";
import { useFieldError } from "../use-field-error";
import { PermissionEditor } from "./permission-editor";

type RoleForm = z.input<typeof accountRoleCreateRequest>;
type RoleFields = z.output<typeof accountRoleCreateRequest>;
const roleResolver = contractResolver((c) => c.accountRoleCreateRequest);

/** Creates a role (no `role`) or changes one of the account's own: name, description, enabled and its permissions from the catalogue. */
export function RoleDialog({ role, onClose }: { role?: WireAccountRole; onClose: () => void }) {
  const t = useTranslations("console.roles");
  const catalogue = usePermissionCatalogue();
  let body;
  if (catalogue.isPending) body = <LoadingState label={t("dialog.loading")} />;
  else if (catalogue.isError) {
    body = (
      <div className="space-y-3">
        <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t("dialog.close")}
          </Button>
        </div>
      </div>
    );
  } else body = <RoleForm role={role} catalogue={catalogue.data.results} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} title={role ? t("dialog.editTitle", { name: role.name }) : t("dialog.createTitle")} wide>
      {body}
    </Dialog>
  );
}

function RoleForm({ role, catalogue, onClose }: { role?: WireAccountRole; catalogue: WirePermission[]; onClose: () => void }) {
  const t = useTranslations("console.roles");
  const fieldError = useFieldError();
  const toast = useToast();
  const held = usePermissions();
  const create = useCreateRole();
  const update = useUpdateRole(role?.id ?? "");
  const save = role ? update : create;
  const form = useForm<RoleForm, unknown, RoleFields>({
    resolver: roleResolver,
    defaultValues: { name: role?.name ?? "", description: role?.description ?? "", enabled: role?.enabled ?? true, permissions: role?.permissions ?? [] },
  });
  const { errors } = form.formState;

  function submit(fields: RoleFields) {
    // The description is sent even when emptied, so clearing it clears it.
    const body = { ...fields, description: fields.description ?? "" };
    const onSuccess = (saved: WireAccountRole) => {
      toast.success(role ? t("dialog.saved", { name: saved.name }) : t("dialog.created", { name: saved.name }));
      onClose();
    };
    // The promise, not mutate's onSuccess: a user who edits away their own roles.view loses the
    // list this dialog belongs to, and TanStack Query drops the callbacks of an unmounted observer.
    save.mutateAsync(body).then(onSuccess, () => undefined);
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4" aria-label={t("dialog.form")}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("dialog.name")} error={fieldError(errors.name)} {...form.register("name")} />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <CheckboxField
              className="sm:mt-7"
              label={t("dialog.enabled")}
              hint={t("dialog.enabledHint")}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <TextAreaField label={t("dialog.description")} error={fieldError(errors.description)} {...form.register("description")} />
      <Controller
        control={form.control}
        name="permissions"
        render={({ field }) => <PermissionEditor catalogue={catalogue} value={field.value ?? []} onChange={field.onChange} held={held} error={fieldError(errors.permissions)} />}
      />
      <Refusal message={save.error?.message} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" busy={save.isPending}>
          {role ? t("dialog.save") : t("dialog.create")}
        </Button>
      </div>
    </form>
  );
}
