"use client";

import type { UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { TextField } from "@/components/ui/form-field";
import type { PersonSignerForm } from "./signer-forms";

/** A person's first name, last name and e-mail, and what the service said when it refused them: the add and the edit forms ask the same. */
export function PersonFields({ form }: { form: UseFormReturn<PersonSignerForm> }) {
  const t = useTranslations("console.builder.signers");
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("firstName")} autoComplete="off" {...form.register("firstName")} error={errors.firstName?.message} />
        <TextField label={t("lastName")} autoComplete="off" {...form.register("lastName")} error={errors.lastName?.message} />
      </div>
      <TextField label={t("email")} type="email" autoComplete="off" {...form.register("email")} error={errors.email?.message} />
      {errors.root ? (
        <p role="alert" className="text-sm text-rose-700">
          {errors.root.message}
        </p>
      ) : null}
    </>
  );
}
