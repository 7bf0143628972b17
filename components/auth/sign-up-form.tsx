"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { signUp } from "@/lib/console/actions/session-actions";

/** A new account and its owner; signed in straight after. */
export function SignUpForm() {
  const [state, action, pending] = useActionState(signUp, undefined);
  const error = (name: string) => (state?.fieldErrors?.[name] ? `This ${state.fieldErrors[name]}.`.replace("This is", "This field is") : undefined);
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <TextField label="Company or team name" name="accountName" defaultValue={state?.values?.accountName} autoComplete="organization" required error={error("accountName")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" name="firstName" defaultValue={state?.values?.firstName} autoComplete="given-name" required error={error("firstName")} />
        <TextField label="Last name" name="lastName" defaultValue={state?.values?.lastName} autoComplete="family-name" required error={error("lastName")} />
      </div>
      <TextField label="E-mail" name="email" defaultValue={state?.values?.email} type="email" autoComplete="email" required error={error("email")} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 8 characters, with a letter and a digit." />
      <Refusal message={state?.error} />
      <Button type="submit" busy={pending} className="w-full">
        Create account
      </Button>
    </form>
  );
}
