"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { roleHolder } from "@/components/packages/inbox/package-summary";
import type { WirePackage } from "@/lib/api/packages";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { failureMessage, useClonePackage, type CloneRequest } from "@/lib/console/queries/package-actions";
import { signingRoles } from "@/lib/console/queries/package-progress";
import { roleLabel, rolesToFill } from "./template-summary";

type Translate = (key: string) => string;

/**
 * The package's name, and each open role filled completely or left empty for the builder: a first
 * and last name and an e-mail address the service accepts (its own signer rule). Its messages in
 * the user's language (`t` of console.templates.use).
 */
function templateFillingSchema({ z, signerInput }: Contracts, t: Translate) {
  const roleFilling = z
    .object({ roleId: z.string(), firstName: z.string().trim().max(256), lastName: z.string().trim().max(256), email: z.string().trim() })
    .superRefine((role, context) => {
      if (!role.firstName && !role.lastName && !role.email) return;
      if (!role.firstName) context.addIssue({ code: "custom", path: ["firstName"], message: t("errors.firstName") });
      if (!role.lastName) context.addIssue({ code: "custom", path: ["lastName"], message: t("errors.lastName") });
      if (!role.email) context.addIssue({ code: "custom", path: ["email"], message: t("errors.email") });
      else if (!signerInput.shape.email.safeParse(role.email).success) {
        context.addIssue({ code: "custom", path: ["email"], message: t("errors.emailFormat") });
      }
    });
  return z.object({
    name: z.string().trim().min(1, t("errors.name")).max(256, t("errors.nameLength")),
    roles: z.array(roleFilling),
  });
}
type UseTemplateForm = z.infer<ReturnType<typeof templateFillingSchema>>;

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
  const t = useTranslations("console.templates.use");
  return (
    <Dialog open={template !== null} onClose={onClose} title={template ? t("titleNamed", { name: template.name }) : t("title")} wide>
      {template ? <UseTemplateFormBody key={template.id} template={template} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function UseTemplateFormBody({ template, onCancel }: { template: WirePackage; onCancel: () => void }) {
  const t = useTranslations("console.templates.use");
  const resolver = useMemo(() => contractResolver((contracts) => templateFillingSchema(contracts, t)), [t]);
  const router = useRouter();
  const clone = useClonePackage();
  const [serviceError, setServiceError] = useState<string | null>(null);
  const open = rolesToFill(template);
  const filled = signingRoles(template).filter((role) => !open.includes(role));
  const form = useForm({
    resolver,
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
      <TextField label={t("packageName")} {...form.register("name")} error={errors.name?.message} data-testid="use-template-name" />
      {open.length ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t("whoSigns")}</p>
          {open.map((role, i) => (
            <fieldset key={role.id} className="rounded-md border border-slate-200 p-3" data-testid={`use-template-role-${role.id}`}>
              <legend className="px-1 text-sm font-semibold text-slate-900">{roleLabel(role)}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label={t("firstName")}
                  autoComplete="off"
                  {...form.register(`roles.${i}.firstName`)}
                  error={errors.roles?.[i]?.firstName?.message}
                  data-testid={`use-template-${role.id}-first-name`}
                />
                <TextField
                  label={t("lastName")}
                  autoComplete="off"
                  {...form.register(`roles.${i}.lastName`)}
                  error={errors.roles?.[i]?.lastName?.message}
                  data-testid={`use-template-${role.id}-last-name`}
                />
                <TextField
                  label={t("email")}
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
        <p className="text-sm text-slate-700">{t("allFilled")}</p>
      )}
      {filled.length ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">{t("filledByTemplate")}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {filled.map((role) => (
              <li key={role.id}>{role.type === "SENDER" ? t("owner") : t("filledRole", { role: roleLabel(role), name: roleHolder(role).name })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Refusal message={serviceError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={clone.isPending}>
          {t("cancel")}
        </Button>
        <Button type="submit" busy={clone.isPending || clone.isSuccess} data-testid="use-template-submit">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
