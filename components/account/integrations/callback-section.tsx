"use client";

import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { CALLBACK_EVENT_CATALOGUE } from "@/lib/api/callback-events";
import type { CallbackRequest, CallbackResponse } from "@/lib/api/callbacks";
import { contractResolver } from "@/lib/console/contract-resolver";
import { useCallbackRegistration, useSaveCallback, useSendTestEvent } from "@/lib/console/queries/integrations";
import { isForbidden } from "@/lib/console/queries/senders";
import { CallbackConnectorsSection } from "./callback-connectors-section";
import { CallbackEventsField } from "./callback-events-field";
import { DeliveryLog } from "./delivery-log";
import { BASIC_AUTHORIZATION, callbackForm } from "./integration-forms";
import { RemoveCallbackDialog } from "./remove-callback-dialog";
import { Section, SectionForbidden } from "./section";

/** An example of what the field takes, the same in every language. */
const URL_EXAMPLE = "https://example.com/signet-events";

type CallbackForm = z.input<ReturnType<typeof callbackForm>>;

/** The account's callback registration (one per account), its connectors and, under them, the log of what was delivered. */
export function CallbackSection() {
  const t = useTranslations("console.integrations.callback");
  const registration = useCallbackRegistration();
  const forbidden = isForbidden(registration.error);
  return (
    <>
      <Section
        title={t("title")}
        testId="callback"
        intro={<p>{t("intro")}</p>}
      >
        {forbidden ? (
          <SectionForbidden>{t("forbidden")}</SectionForbidden>
        ) : registration.isPending ? (
          <LoadingState label={t("loading")} />
        ) : registration.isError ? (
          <ErrorState error={registration.error} onRetry={() => void registration.refetch()} />
        ) : (
          // A new form for each saved version, so that what it shows is what is saved until the user types.
          <CallbackRegistrationForm key={JSON.stringify(registration.data)} registration={registration.data} />
        )}
      </Section>
      {forbidden ? null : (
        <>
          <CallbackConnectorsSection />
          <DeliveryLog />
        </>
      )}
    </>
  );
}

function CallbackRegistrationForm({ registration }: { registration: CallbackResponse | null }) {
  const t = useTranslations("console.integrations.callback");
  const validation = useTranslations("console.integrations.validation");
  const resolver = useMemo(() => contractResolver((contracts) => callbackForm(contracts, validation)), [validation]);
  const toast = useToast();
  const save = useSaveCallback();
  const sendTest = useSendTestEvent();
  const [removing, setRemoving] = useState(false);
  const form = useForm<CallbackForm, unknown, CallbackRequest>({
    resolver,
    defaultValues: { url: registration?.url ?? "", key: registration?.key ?? "", events: registration?.events ?? [] },
  });
  const { errors, isDirty } = form.formState;
  const allEvents = CALLBACK_EVENT_CATALOGUE.map((event) => event.name);

  function onSave(request: CallbackRequest) {
    sendTest.reset();
    // Not mutate's onSuccess: the saved registration remounts this form (its key), and TanStack
    // Query drops the callbacks of an unmounted observer; the promise settles regardless.
    save.mutateAsync(request).then(
      () => toast.success(t("saved")),
      () => undefined, // shown by <Refusal message={save.error?.message}>
    );
  }
  function onSendTest() {
    save.reset();
    sendTest.mutate(undefined, { onSuccess: () => toast.info(t("testOnItsWay")) });
  }

  return (
    <>
      <form onSubmit={form.handleSubmit(onSave)} noValidate className="space-y-4" aria-label={t("formLabel")}>
        {registration ? null : <p className="text-sm text-slate-700">{t("noDestination")}</p>}
        <Refusal message={(save.error ?? sendTest.error)?.message} />
        <div className="grid gap-3 lg:grid-cols-2">
          <TextField
            label={t("url")}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={URL_EXAMPLE}
            hint={t("urlHint")}
            error={errors.url?.message}
            {...form.register("url")}
          />
          <TextField
            label={t("key")}
            autoComplete="off"
            hint={t("keyHint", { header: BASIC_AUTHORIZATION })}
            error={errors.key?.message}
            {...form.register("key")}
          />
        </div>
        <CallbackEventsField
          field={form.register("events")}
          error={errors.events?.message}
          onSelectAll={() => form.setValue("events", allEvents, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          onClear={() => form.setValue("events", [], { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        />
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
          {registration ? (
            <>
              <Button variant="ghost" onClick={() => setRemoving(true)}>
                {t("remove")}
              </Button>
              <Button variant="secondary" busy={sendTest.isPending} disabled={isDirty} aria-describedby={isDirty ? "test-event-hint" : undefined} onClick={onSendTest}>
                {t("sendTest")}
              </Button>
            </>
          ) : null}
          <Button type="submit" busy={save.isPending}>
            {registration ? t("saveChanges") : t("register")}
          </Button>
        </div>
        {registration && isDirty ? (
          <p id="test-event-hint" className="text-right text-xs text-slate-600">
            {t("saveFirst")}
          </p>
        ) : null}
      </form>
      {removing && registration ? <RemoveCallbackDialog url={registration.url} onClose={() => setRemoving(false)} /> : null}
    </>
  );
}
