"use client";

import { useState, type FormEvent } from "react";
import { Section } from "@/components/account/integrations/section";
import { LANGUAGES } from "@/components/packages/builder/settings/settings-form";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useAccountThankYou, useSaveAccountThankYou, useSaveSupportContact, useSupportContact, type SupportContact } from "@/lib/console/queries/ceremony-settings";

/** `/account/ceremony`: the account's support contact and its closing text of the ceremony, per language. */
export function CeremonySettingsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Signing ceremony</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">What the signers of this account&apos;s packages are told besides the documents.</p>
      </div>
      <SupportContactSection />
      <ThankYouSection />
    </div>
  );
}

function SupportContactSection() {
  const contact = useSupportContact();
  return (
    <Section
      title="Support contact"
      testId="support-contact-settings"
      intro={<p>Signers see it under Help in the ceremony. Left empty, they see the service&apos;s support contact if one is configured, else the package&apos;s sender.</p>}
    >
      {contact.isPending ? (
        <LoadingState label="Loading the support contact…" />
      ) : contact.isError ? (
        <ErrorState error={contact.error} onRetry={() => void contact.refetch()} />
      ) : (
        <SupportContactForm key={`${contact.data.email} ${contact.data.phone}`} saved={contact.data} />
      )}
    </Section>
  );
}

function SupportContactForm({ saved }: { saved: SupportContact }) {
  const toast = useToast();
  const save = useSaveSupportContact();
  const [email, setEmail] = useState(saved.email);
  const [phone, setPhone] = useState(saved.phone);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutateAsync({ email: email.trim(), phone: phone.trim() }).then(
      () => toast.success("The support contact was saved."),
      () => undefined, // shown by <Refusal>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Support contact">
      <Refusal message={save.error?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Support e-mail" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} maxLength={254} />
        <TextField label="Support phone" type="tel" autoComplete="off" value={phone} onChange={(event) => setPhone(event.target.value)} maxLength={40} hint="Digits, spaces and + ( ) - . /" />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          Save support contact
        </Button>
      </div>
    </form>
  );
}

function ThankYouSection() {
  const [language, setLanguage] = useState("en");
  const text = useAccountThankYou(language);
  return (
    <Section
      title="Thank-you text"
      testId="thank-you-settings"
      intro={<p>Shown to a signer who has finished, in their language where you wrote one (else the package&apos;s). A package&apos;s own text wins. Empty: the ceremony&apos;s own words.</p>}
    >
      <SelectField label="Language" value={language} onChange={(event) => setLanguage(event.target.value)} className="max-w-xs">
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <div className="mt-4">
        {text.isPending ? (
          <LoadingState label="Loading the thank-you text…" />
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
  const toast = useToast();
  const save = useSaveAccountThankYou(language);
  const [title, setTitle] = useState(saved.title);
  const [body, setBody] = useState(saved.body);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutateAsync({ title: title.trim(), body: body.trim() }).then(
      () => toast.success(body.trim() ? "The thank-you text was saved." : "The thank-you text was removed."),
      () => undefined,
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Thank-you text">
      <Refusal message={save.error?.message} />
      <TextField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
      <TextAreaField label="Text" value={body} onChange={(event) => setBody(event.target.value)} maxLength={4000} rows={4} hint="Plain text. Empty removes it." />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          Save thank-you text
        </Button>
      </div>
    </form>
  );
}
