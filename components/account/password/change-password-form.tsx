"use client";

import { useActionState, useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { changePassword } from "@/lib/console/actions/password-actions";

/** The signed-in user's own password: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const t = useTranslations("console.password");
  const [state, action, pending] = useActionState(changePassword, undefined);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.done) form.current?.reset();
  }, [state]);
  return (
    <form ref={form} action={action} className="max-w-md space-y-4" noValidate>
      <TextField label={t("currentPassword")} name="currentPassword" type="password" autoComplete="current-password" required error={state?.fieldErrors?.currentPassword} />
      <NewPasswordFields name="newPassword" errors={state?.fieldErrors} />
      <Refusal message={state?.error} />
      {state?.done ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {t("changed")}
        </p>
      ) : null}
      <Button type="submit" busy={pending}>
        {t("change")}
      </Button>
    </form>
  );
}
