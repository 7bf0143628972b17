"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { roleHolder } from "@/components/packages/inbox/package-summary";
import { signerInput, type WirePackage } from "@/lib/api/packages";
import { failureMessage, useClonePackage, type CloneRequest } from "@/lib/console/queries/package-actions";
import { signingRoles } from "@/lib/console/queries/package-progress";
import { roleLabel, rolesToFill } from "./template-summary";

/**
 * A role is filled completely or left empty for the builder: a first and last name and an e-mail
 * address the service accepts (its own signer rule).
 */
const roleFilling = z
  .object({ roleId: z.string(), firstName: z.string().trim().max(256), lastName: z.string().trim().max(256), email: z.string().trim() })
  .superRefine((role, context) => {
    if (!role.firstName && !role.lastName && !role.email) return;
    if (!role.firstName) context.addIssue({ code: "custom", path: ["firstName"], message: "Enter a first name, or leave the whole role empty." });
    if (!role.lastName) context.addIssue({ code: "custom", path: ["lastName"], message: "Enter a last name, or leave the whole role empty." });
    if (!role.email) context.addIssue({ code: "custom", path: ["email"], message: "Enter an e-mail address, or leave the whole role empty." });
    else if (!signerInput.shape.email.safeParse(role.email).success) {
      context.addIssue({ code: "custom", path: ["email"], message: "Enter an e-mail address such as name@example.com." });
    }
  });

const useTemplateForm = z.object({
  name: z.string().trim().min(1, "Give the package a name.").max(256, "At most 256 characters."),
  roles: z.array(roleFilling),
});
type UseTemplateForm = z.infer<typeof useTemplateForm>;

function cloneRequest(values: UseTemplateForm): CloneRequest {
  return {
    type: "PACKAGE",
    name: values.name,
    roles: values.roles
      .filter((role) => role.email)
      .map((role) => ({ id: role.roleId, signers: [{ firstName: role.firstName, lastName: role.lastName, email: role.email }] })),
  };
}

/** "Use template": a new draft package from the template, its open roles filled here, then the builder. */
export function UseTemplateDialog({ template, onClose }: { template: WirePackage | null; onClose: () => void }) {
  return (
    <Dialog open={template !== null} onClose={onClose} title={template ? `Use “${template.name}”` : "Use template"} wide>
      {template ? <UseTemplateFormBody key={template.id} template={template} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function UseTemplateFormBody({ template, onCancel }: { template: WirePackage; onCancel: () => void }) {
  const router = useRouter();
  const clone = useClonePackage();
  const [serviceError, setServiceError] = useState<string | null>(null);
  const open = rolesToFill(template);
  const filled = signingRoles(template).filter((role) => !open.includes(role));
  const form = useForm({
    resolver: zodResolver(useTemplateForm),
    defaultValues: { name: template.name, roles: open.map((role) => ({ roleId: role.id, firstName: "", lastName: "", email: "" })) },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setServiceError(null);
    clone.mutate(
      { sourceId: template.id, request: cloneRequest(values) },
      {
        onSuccess: ({ id }) => router.push(`/packages/${encodeURIComponent(id)}/edit`),
        onError: (error) => setServiceError(failureMessage(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="use-template-form">
      <TextField label="Package name" {...form.register("name")} error={errors.name?.message} data-testid="use-template-name" />
      {open.length ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">Who signs? Leave a role empty to fill it later in the builder.</p>
          {open.map((role, i) => (
            <fieldset key={role.id} className="rounded-md border border-slate-200 p-3" data-testid={`use-template-role-${role.id}`}>
              <legend className="px-1 text-sm font-semibold text-slate-900">{roleLabel(role)}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label="First name"
                  autoComplete="off"
                  {...form.register(`roles.${i}.firstName`)}
                  error={errors.roles?.[i]?.firstName?.message}
                  data-testid={`use-template-${role.id}-first-name`}
                />
                <TextField
                  label="Last name"
                  autoComplete="off"
                  {...form.register(`roles.${i}.lastName`)}
                  error={errors.roles?.[i]?.lastName?.message}
                  data-testid={`use-template-${role.id}-last-name`}
                />
                <TextField
                  label="E-mail"
                  type="email"
                  autoComplete="off"
                  className="sm:col-span-2"
                  {...form.register(`roles.${i}.email`)}
                  error={errors.roles?.[i]?.email?.message}
                  data-testid={`use-template-${role.id}-email`}
                />
              </div>
            </fieldset>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-700">Every role of this template already has its signer.</p>
      )}
      {filled.length ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">Filled by the template</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {filled.map((role) => (
              <li key={role.id}>{role.type === "SENDER" ? "Owner: you, as the sender" : `${roleLabel(role)}: ${roleHolder(role).name}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Refusal message={serviceError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={clone.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={clone.isPending || clone.isSuccess} data-testid="use-template-submit">
          Create package
        </Button>
      </div>
    </form>
  );
}
