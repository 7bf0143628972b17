"use client";

import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { CALLBACK_EVENT_CATALOGUE } from "@/lib/api/callback-events";
import type { CallbackConnectorResponse } from "@/lib/api/callbacks";
import { contractResolver } from "@/lib/console/contract-resolver";
import { useCallbackConnectors, useRemoveCallbackConnector, useSaveCallbackConnector, useSendConnectorTestEvent } from "@/lib/console/queries/integrations";
import { CallbackEventsField } from "./callback-events-field";
import { BASIC_AUTHORIZATION, connectorForm } from "./integration-forms";
import { Section } from "./section";

/** Examples of what the fields take, the same in every language. */
const NAME_EXAMPLE = "dynamics2013";
const URL_EXAMPLE = "https://example.com/connector-events";

type ConnectorFormInput = z.input<ReturnType<typeof connectorForm>>;
type ConnectorFormOutput = z.output<ReturnType<typeof connectorForm>>;

/**
 * The account's callback connectors (`/api/callback/connectors/{name}`): more callbacks, each
 * named by the integration that owns it, with its own URL, key and events.
 */
export function CallbackConnectorsSection() {
  const t = useTranslations("console.integrations.connectors");
  const connectors = useCallbackConnectors();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CallbackConnectorResponse | null>(null);
  const adding = editing === "";
  return (
    <Section
      title={t("title")}
      testId="callback-connectors"
      intro={<p>{t("intro")}</p>}
      action={
        adding ? null : (
          <Button variant="secondary" onClick={() => setEditing("")}>
            {t("add")}
          </Button>
        )
      }
    >
      {connectors.isPending ? (
        <LoadingState label={t("loading")} />
      ) : connectors.isError ? (
        <ErrorState error={connectors.error} onRetry={() => void connectors.refetch()} />
      ) : (
        <div className="space-y-3">
          {adding ? <ConnectorForm connector={null} onDone={() => setEditing(null)} /> : null}
          {connectors.data.count === 0 && !adding ? <p className="text-sm text-slate-700">{t("none")}</p> : null}
          <ul className="space-y-3" aria-label={t("title")}>
            {connectors.data.results.map((connector) => (
              <li key={connector.name} data-testid="connector-row" className="rounded-lg border border-slate-200 p-4">
                {editing === connector.name ? (
                  <ConnectorForm key={JSON.stringify(connector)} connector={connector} onDone={() => setEditing(null)} />
                ) : (
                  <ConnectorSummary connector={connector} onEdit={() => setEditing(connector.name)} onRemove={() => setRemoving(connector)} />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {removing ? <RemoveConnectorDialog connector={removing} onClose={() => setRemoving(null)} /> : null}
    </Section>
  );
}

function ConnectorSummary({ connector, onEdit, onRemove }: { connector: CallbackConnectorResponse; onEdit: () => void; onRemove: () => void }) {
  const t = useTranslations("console.integrations.connectors");
  const toast = useToast();
  const sendTest = useSendConnectorTestEvent();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-mono text-sm font-semibold text-slate-900">{connector.name}</p>
        <p className="break-all font-mono text-xs text-slate-700">{connector.url}</p>
        <p className="text-xs text-slate-600">
          {t("eventCount", { count: connector.events.length, events: connector.events.join(", ") })}
          {connector.key ? t("withKey") : t("noKey")}
        </p>
        <Refusal message={sendTest.error?.message} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={onRemove}>
          {t("remove")}<span className="sr-only"> {connector.name}</span>
        </Button>
        <Button
          variant="secondary"
          busy={sendTest.isPending}
          onClick={() => sendTest.mutate(connector.name, { onSuccess: () => toast.info(t("testOnItsWay", { name: connector.name })) })}
        >
          {t("sendTest")}<span className="sr-only">{t("sendTestTo", { name: connector.name })}</span>
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          {t("edit")}<span className="sr-only"> {connector.name}</span>
        </Button>
      </div>
    </div>
  );
}

function ConnectorForm({ connector, onDone }: { connector: CallbackConnectorResponse | null; onDone: () => void }) {
  const t = useTranslations("console.integrations.connectors");
  const validation = useTranslations("console.integrations.validation");
  const resolver = useMemo(() => contractResolver((contracts) => connectorForm(contracts, validation)), [validation]);
  const toast = useToast();
  const save = useSaveCallbackConnector();
  const form = useForm<ConnectorFormInput, unknown, ConnectorFormOutput>({
    resolver,
    defaultValues: { name: connector?.name ?? "", url: connector?.url ?? "", key: connector?.key ?? "", events: connector?.events ?? [] },
  });
  const { errors } = form.formState;
  const allEvents = CALLBACK_EVENT_CATALOGUE.map((event) => event.name);

  function onSave(request: ConnectorFormOutput) {
    // The promise, not mutate's onSuccess: the saved list remounts this form.
    save.mutateAsync(request).then(
      () => {
        toast.success(t("saved", { name: request.name }));
        onDone();
      },
      () => undefined, // shown by <Refusal>
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate className="space-y-4" aria-label={connector ? t("formLabel", { name: connector.name }) : t("newFormLabel")}>
      <Refusal message={save.error?.message} />
      <div className="grid gap-3 lg:grid-cols-3">
        <TextField label={t("name")} autoComplete="off" placeholder={NAME_EXAMPLE} readOnly={connector !== null} error={errors.name?.message} {...form.register("name")} />
        <TextField
          label={t("url")}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={URL_EXAMPLE}
          error={errors.url?.message}
          {...form.register("url")}
        />
        <TextField label={t("key")} autoComplete="off" hint={t("keyHint", { header: BASIC_AUTHORIZATION })} error={errors.key?.message} {...form.register("key")} />
      </div>
      <CallbackEventsField
        field={form.register("events")}
        error={errors.events?.message}
        onSelectAll={() => form.setValue("events", allEvents, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        onClear={() => form.setValue("events", [], { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
      />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" busy={save.isPending}>
          {connector ? t("save") : t("add")}
        </Button>
      </div>
    </form>
  );
}

function RemoveConnectorDialog({ connector, onClose }: { connector: CallbackConnectorResponse; onClose: () => void }) {
  const t = useTranslations("console.integrations.connectors");
  const toast = useToast();
  const remove = useRemoveCallbackConnector();
  function confirm() {
    remove.mutateAsync(connector.name).then(
      () => {
        toast.success(t("removed", { name: connector.name }));
        onClose();
      },
      () => undefined, // shown by the dialog
    );
  }
  return (
    <ConfirmDialog title={t("removeTitle", { name: connector.name })} confirmLabel={t("removeConfirm")} busy={remove.isPending} error={remove.error} onConfirm={confirm} onClose={onClose}>
      <p>{t.rich("removeText", { url: connector.url, address: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span> })}</p>
    </ConfirmDialog>
  );
}
