"use client";

import Link from "next/link";
import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { confirmSignUp, signUp } from "@/lib/console/actions/session-actions";

/** A new account and its owner; signed in straight after, or, where the service sends e-mail, once the e-mailed link is followed. */
export function SignUpForm() {
  const t = useTranslations("console.auth");
  const [state, action, pending] = useActionState(signUp, undefined);
  if (state?.sent) {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {state.sent}
      </p>
    );
  }
  const error = (name: string) => state?.fieldErrors?.[name];
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <TextField label={t("signUp.accountName")} name="accountName" defaultValue={state?.values?.accountName} autoComplete="organization" required error={error("accountName")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t("firstName")} name="firstName" defaultValue={state?.values?.firstName} autoComplete="given-name" required error={error("firstName")} />
        <TextField label={t("lastName")} name="lastName" defaultValue={state?.values?.lastName} autoComplete="family-name" required error={error("lastName")} />
      </div>
      <TextField label={t("email")} name="email" defaultValue={state?.values?.email} type="email" autoComplete="email" required error={error("email")} />
      <TextField label={t("password")} name="password" type="password" autoComplete="new-password" required hint={t("passwordHint")} />
      <Refusal message={state?.error} />
      <Button type="submit" busy={pending} className="w-full">
        {t("signUp.submit")}
      </Button>
    </form>
  );
}

/**
 * Where the sign-up e-mail's link leads. The account is created by this button, not by opening the
 * page: mail scanners that open links would otherwise use up the single-use link. The password
 * given at sign-up proves that whoever confirms is whoever signed up.
 */
export function ConfirmSignUpForm({ token }: { token: string }) {
  const t = useTranslations("console.auth");
  const [state, action, pending] = useActionState(confirmSignUp, undefined);
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        hint={t("confirmSignUp.passwordHint")}
        error={state?.fieldErrors?.password}
      />
      <Refusal message={state?.error} />
      {state?.error ? (
        <p className="text-sm text-slate-700">
          {t.rich("confirmSignUp.again", {
            signUp: (chunks) => (
              <Link href="/signup" className="font-medium text-sky-800 underline">
                {chunks}
              </Link>
            ),
            signIn: (chunks) => (
              <Link href="/signin" className="font-medium text-sky-800 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <Button type="submit" busy={pending} className="w-full">
        {t("confirmSignUp.submit")}
      </Button>
    </form>
  );
}
