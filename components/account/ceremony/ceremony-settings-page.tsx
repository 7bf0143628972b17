"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Section } from "@/components/account/integrations/section";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { LOCALE_NAMES, SHIPPED_LOCALES } from "@/lib/i18n/locales";
import { useAccountThankYou, useSaveAccountThankYou, useSaveSupportContact, useSupportContact, type SupportContact } from "@/lib/console/queries/ceremony-settings";

/** `/account/ceremony`: the account's support contact and its closing text of the ceremony, per language. */
export function CeremonySettingsPage() {
  const t = useTranslations("console.ceremonySettings");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">{t("intro")}</p>
      </div>
      <SupportContactSection />
      <ThankYouSection />
    </div>
  );
}

function SupportContactSection() {
  const t = useTranslations("console.ceremonySettings");
  const contact = useSupportContact();
  return (
    <Section
      title={t("supportTitle")}
      testId="support-contact-settings"
      intro={<p>{t("supportIntro")}</p>}
    >
      {contact.isPending ? (
        <LoadingState label={t("loadingSupport")} />
      ) : contact.isError ? (
        <ErrorState error={contact.error} onRetry={() => void contact.refetch()} />
      ) : (
        <SupportContactForm key={`${contact.data.email} ${contact.data.phone}`} saved={contact.data} />
      )}
    </Section>
  );
}

function SupportContactForm({ saved }: { saved: SupportContact }) {
  const t = useTranslations("console.ceremonySettings");
  const toast = useToast();
  const save = useSaveSupportContact();
  const [email, setEmail] = useState(saved.email);
  const [phone, setPhone] = useState(saved.phone);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutateAsync({ email: email.trim(), phone: phone.trim() }).then(
      () => toast.success(t("supportSaved")),
      () => undefined, // shown by <Refusal>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t("supportTitle")}>
      <Refusal message={save.error?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t("supportEmail")} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} maxLength={254} />
        <TextField label={t("supportPhone")} type="tel" autoComplete="off" value={phone} onChange={(event) => setPhone(event.target.value)} maxLength={40} hint={t("supportPhoneHint")} />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          {t("saveSupport")}
        </Button>
      </div>
    </form>
  );
}

function ThankYouSection() {
  const t = useTranslations("console.ceremonySettings");
  const [language, setLanguage] = useState("en");
  const text = useAccountThankYou(language);
  return (
    <Section
      title={t("thankYouTitle")}
      testId="thank-you-settings"
      intro={<p>{t("thankYouIntro")}</p>}
    >
      <SelectField label={t("language")} value={language} onChange={(event) => setLanguage(event.target.value)} className="max-w-xs">
        {SHIPPED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
      <div className="mt-4">
        {text.isPending ? (
          <LoadingState label={t("loadingThankYou")} />
        ) : text.isError ? (
          <ErrorState error={text.error} onRetry={() => void text.refetch()} />
        ) : (
          <ThankYouForm key={`${language} ${text.data.title} ${text.data.body}`} language={language} saved={text.data} />
        )}
      </div>
    </Section>
  );
}

function ThankYouForm({ language, saved }: { language: string; saved: { title: string; body: string } }) {
  const t = useTranslations("console.ceremonySettings");
  const toast = useToast();
  const save = useSaveAccountThankYou(language);
  const [title, setTitle] = useState(saved.title);
  const [body, setBody] = useState(saved.body);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutateAsync({ title: title.trim(), body: body.trim() }).then(
      () => toast.success(body.trim() ? t("thankYouSaved") : t("thankYouRemoved")),
      () => undefined,
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t("thankYouTitle")}>
      <Refusal message={save.error?.message} />
      <TextField label={t("thankYouHeading")} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
      <TextAreaField label={t("thankYouBody")} value={body} onChange={(event) => setBody(event.target.value)} maxLength={4000} rows={4} hint={t("thankYouBodyHint")} />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          {t("saveThankYou")}
        </Button>
      </div>
    </form>
  );
}
