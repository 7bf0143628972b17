"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Refusal } from "@/components/ui/states";
import { passwordWeaknessOf } from "@/lib/api/password-rule";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "error"; message: string } | { kind: "done" };

/** The invitation's greeting: who invited the new sender, and what to do. */
export function ActivationWelcome({ firstName, accountName }: { firstName: string; accountName: string }) {
  const t = useTranslations("console.auth.activation");
  return (
    <p className="mt-3 text-slate-700">
      {t.rich("welcome", { named: firstName ? "yes" : "no", firstName, accountName, strong: (chunks) => <strong>{chunks}</strong> })}
    </p>
  );
}

/** Password and confirmation, posted to `POST /api/account/activation` with the link's token. */
export function ActivationForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations("console.auth");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const weakness = passwordWeaknessOf(password);
    const problem = weakness ? t(`passwordRule.${weakness}`) : password !== confirmation ? t("passwordsDiffer") : null;
    if (problem) {
      setStatus({ kind: "error", message: problem });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const response = await fetch("/api/account/activation", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ token, password }),
      });
      if (response.ok) {
        setStatus({ kind: "done" });
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      setStatus({ kind: "error", message: body?.message ?? t("activation.failed", { status: response.status }) });
    } catch {
      setStatus({ kind: "error", message: t("activation.unreachable") });
    }
  }

  if (status.kind === "done") {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {t.rich("activation.done", {
          email,
          strong: (chunks) => <strong>{chunks}</strong>,
          signIn: (chunks) => (
            <a href="/signin" className="font-medium underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    );
  }

  const inputClass =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600";
  const invalid = status.kind === "error";
  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-4">
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          {t("activation.password")}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={invalid}
          aria-describedby="password-rule"
          className={inputClass}
        />
        <p id="password-rule" className="mt-1 text-sm text-slate-600">
          {t("passwordHint")}
        </p>
      </div>
      <div>
        <label htmlFor="confirmation" className="block text-sm font-medium text-slate-800">
          {t("activation.confirmPassword")}
        </label>
        <input
          id="confirmation"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          aria-invalid={invalid}
          className={inputClass}
        />
      </div>
      <Refusal message={status.kind === "error" ? status.message : null} />
      <button
        type="submit"
        disabled={status.kind === "sending"}
        className="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 focus:outline-none focus:ring-2 focus:ring-sky-600 focus:ring-offset-2 disabled:opacity-60"
      >
        {status.kind === "sending" ? t("activation.activating") : t("activation.activate")}
      </button>
    </form>
  );
}
