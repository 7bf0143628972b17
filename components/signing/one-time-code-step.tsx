"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { sendOneTimeCode, verifyOneTimeCode, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyAction } from "@/lib/ceremony/use-ceremony";

/** Spec 2.5, EMAIL_OTP: a six-digit code sent to the signer's address, entered here before anything else. */
export function OneTimeCodeStep({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const t = useTranslations("verification");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useCeremonyAction(packageId, () => sendOneTimeCode(packageId));
  const verify = useCeremonyAction(packageId, (entered: string) => verifyOneTimeCode(packageId, entered));
  const typeId = view.progress.verification?.typeId;

  if (typeId !== "EMAIL_OTP") {
    return (
      <div className="mx-auto w-full max-w-md p-6">
        <h2 className="text-lg font-semibold">{t("neededTitle")}</h2>
        <p className="mt-2 text-slate-700">{t("neededText", { typeId: String(typeId) })}</p>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate(code);
  }

  return (
    <div className="mx-auto w-full max-w-md flex-1 overflow-auto p-6">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className="mt-2 text-slate-700">{t.rich("text", { email: view.signer.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <Button className="mt-4" variant={sentTo ? "secondary" : "primary"} busy={send.isPending} onClick={() => send.mutate(undefined, { onSuccess: (answer) => setSentTo(answer.sentTo) })}>
        {sentTo ? t("sendNew") : t("send")}
      </Button>
      {send.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {send.error.message}
        </p>
      ) : null}
      {sentTo ? (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {t("sent", { sentTo })}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-6">
        <label htmlFor="one-time-code" className="block text-sm font-medium">
          {t("codeLabel")}
        </label>
        <input
          id="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={verify.isError || undefined}
          aria-describedby={verify.isError ? "one-time-code-error" : undefined}
          className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 font-mono text-lg tracking-widest focus:outline-none focus:ring-2 focus:ring-sky-600"
        />
        {verify.isError ? (
          <p id="one-time-code-error" role="alert" className="mt-2 text-sm text-rose-700">
            {verify.error.message}
          </p>
        ) : null}
        <Button type="submit" className="mt-4" busy={verify.isPending} disabled={code.replace(/\D/g, "").length !== 6}>
          {t("confirm")}
        </Button>
      </form>
    </div>
  );
}
