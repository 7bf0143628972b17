"use client";

import { useTranslations } from "use-intl";
import { TextField } from "@/components/ui/form-field";

/** A new password and its confirmation, with the rule sign-up applies; `name` is the new password's field. */
export function NewPasswordFields({ name, errors }: { name: string; errors?: Record<string, string | undefined> }) {
  const t = useTranslations("console.auth");
  return (
    <>
      <TextField
        label={t("newPassword")}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint={t("passwordHint")}
        error={errors?.[name]}
      />
      <TextField label={t("confirmNewPassword")} name="confirmation" type="password" autoComplete="new-password" required error={errors?.confirmation} />
    </>
  );
}
