"use client";

import { useActionState, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { signInWithApiKey, signInWithPassword } from "@/lib/console/actions/session-actions";

const METHODS = ["password", "apiKey"] as const;

/** E-mail and password (the embedded service), or an API key (any compatible service). */
export function SignInForms({ next }: { next: string }) {
  const t = useTranslations("console.auth");
  const [method, setMethod] = useState<(typeof METHODS)[number]>("password");
  const [passwordState, passwordAction, signingIn] = useActionState(signInWithPassword, undefined);
  const [keyState, keyAction, checkingKey] = useActionState(signInWithApiKey, undefined);
  return (
    <div className="mt-6">
      <div role="radiogroup" aria-label={t("signIn.method")} className="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-1 text-sm">
        {METHODS.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={method === choice}
            onClick={() => setMethod(choice)}
            className={`rounded px-3 py-1.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${method === choice ? "bg-white text-slate-900 shadow-sm" : "text-slate-700"}`}
          >
            {choice === "password" ? t("signIn.withPassword") : t("signIn.withKey")}
          </button>
        ))}
      </div>
      {method === "password" ? (
        <form action={passwordAction} className="mt-4 space-y-4">
          <input type="hidden" name="next" value={next} />
          <TextField label={t("email")} name="email" type="email" autoComplete="username" required defaultValue={passwordState?.values?.email} />
          <TextField label={t("password")} name="password" type="password" autoComplete="current-password" required />
          <Refusal message={passwordState?.error} />
          <Button type="submit" busy={signingIn} className="w-full">
            {t("signIn.submit")}
          </Button>
        </form>
      ) : (
        <form action={keyAction} className="mt-4 space-y-4">
          <input type="hidden" name="next" value={next} />
          <TextField
            label={t("signIn.apiKey")}
            name="apiKey"
            type="password"
            autoComplete="off"
            required
            hint={t("signIn.apiKeyHint")}
          />
          <Refusal message={keyState?.error} />
          <Button type="submit" busy={checkingKey} className="w-full">
            {t("signIn.submitKey")}
          </Button>
        </form>
      )}
    </div>
  );
}
