"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";

interface Placeholder {
  id: string;
  name: string;
}

/** What the form is for: the signer's own details, or everyone's for the sender. */
export function FastTrackIntro({ signing }: { signing: boolean }) {
  const t = useTranslations("console.fastTrack");
  return <p className="mt-2 text-sm text-slate-700">{signing ? t("introSigning") : t("introPreparing")}</p>;
}

/** One person per placeholder of the template: name and e-mail, sent to `POST /api/fastTrack`. */
export function FastTrackForm({ token, placeholders }: { token: string; placeholders: Placeholder[] }) {
  const t = useTranslations("console.fastTrack");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const roles = placeholders.map((placeholder) => ({
      id: placeholder.id,
      name: placeholder.name,
      signers: [
        {
          firstName: String(form.get(`${placeholder.id}.firstName`) ?? "").trim(),
          lastName: String(form.get(`${placeholder.id}.lastName`) ?? "").trim(),
          email: String(form.get(`${placeholder.id}.email`) ?? "").trim(),
        },
      ],
    }));
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/fastTrack?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(roles),
      });
      const answer = (await response.json().catch(() => null)) as { url?: string; message?: string } | null;
      if (!response.ok || !answer?.url) throw new Error(answer?.message ?? t("failed"));
      window.location.assign(answer.url);
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  }

  if (placeholders.length === 0) return <p className="mt-6 text-slate-700">{t("nobodyLeft")}</p>;
  return (
    <form onSubmit={submit} className="mt-6 space-y-6" noValidate={false}>
      {placeholders.map((placeholder) => (
        <fieldset key={placeholder.id} className="space-y-3">
          {placeholders.length > 1 ? <legend className="text-sm font-semibold text-slate-900">{placeholder.name}</legend> : null}
          <TextField label={t("firstName")} name={`${placeholder.id}.firstName`} required autoComplete="given-name" />
          <TextField label={t("lastName")} name={`${placeholder.id}.lastName`} required autoComplete="family-name" />
          <TextField label={t("email")} name={`${placeholder.id}.email`} type="email" required autoComplete="email" />
        </fieldset>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy}>
        {t("continue")}
      </Button>
    </form>
  );
}
