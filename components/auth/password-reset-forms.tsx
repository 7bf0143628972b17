"use client";

import Link from "next/link";
import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { NewPasswordFields } from "./new-password-fields";
import { requestPasswordReset, resetPassword } from "@/lib/console/actions/password-actions";

/** The e-mail a reset link goes to; the answer is the same whether or not it is a user's. */
export function ForgotPasswordForm() {
  const t = useTranslations("console.auth");
  const [state, action, pending] = useActionState(requestPasswordReset, undefined);
  if (state?.done) {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {t.rich("forgot.sent", { email: state.values?.email ?? "", strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
    );
  }
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <TextField label={t("email")} name="email" type="email" autoComplete="username" required defaultValue={state?.values?.email} error={state?.fieldErrors?.email} />
      <Refusal message={state?.error} />
      <Button type="submit" busy={pending} className="w-full">
        {t("forgot.send")}
      </Button>
    </form>
  );
}

/** A new password for the reset link's token. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("console.auth");
  const [state, action, pending] = useActionState(resetPassword, undefined);
  if (state?.done) {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {t.rich("reset.done", {
          signIn: (chunks) => (
            <Link href="/signin" className="font-medium underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    );
  }
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields name="password" errors={state?.fieldErrors} />
      <Refusal message={state?.error} />
      <Button type="submit" busy={pending} className="w-full">
        {t("reset.submit")}
      </Button>
    </form>
  );
}
