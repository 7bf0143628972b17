"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { CALLBACK_EVENT_CATALOGUE } from "@/lib/api/callback-events";
import { callbackRequest, type CallbackConnectorResponse } from "@/lib/api/callbacks";
import { useCallbackConnectors, useRemoveCallbackConnector, useSaveCallbackConnector, useSendConnectorTestEvent } from "@/lib/console/queries/integrations";
import { CallbackEventsField } from "./callback-events-field";
import { Section } from "./section";

/** A connector as the form edits it: the registration with its name (as the service checks it). */
const connectorForm = callbackRequest.extend({
  name: z
    .string("is required")
    .trim()
    .min(1, "is required")
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, "starts with a letter, then at most 63 letters, digits, _, . or -"),
});
type ConnectorFormInput = z.input<typeof connectorForm>;
type ConnectorFormOutput = z.output<typeof connectorForm>;

/**
 * The account's callback connectors (`/api/callback/connectors/{name}`): more callbacks, each
 * named by the integration that owns it, with its own URL, key and events.
 */
export function CallbackConnectorsSection() {
  const connectors = useCallbackConnectors();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CallbackConnectorResponse | null>(null);
  const adding = editing === "";
  return (
    <Section
      title="Connectors"
      testId="callback-connectors"
      intro={<p>More destinations, each named by the integration it serves (e.g. dynamics2013), with its own URL, key and events. Their deliveries are in the log below.</p>}
      action={
        adding ? null : (
          <Button variant="secondary" onClick={() => setEditing("")}>
            Add connector
          </Button>
        )
      }
    >
      {connectors.isPending ? (
        <LoadingState label="Loading the callback connectors…" />
      ) : connectors.isError ? (
        <ErrorState error={connectors.error} onRetry={() => void connectors.refetch()} />
      ) : (
        <div className="space-y-3">
          {adding ? <ConnectorForm connector={null} onDone={() => setEditing(null)} /> : null}
          {connectors.data.count === 0 && !adding ? <p className="text-sm text-slate-700">No connectors: only the callback above is notified.</p> : null}
          <ul className="space-y-3" aria-label="Connectors">
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
  const toast = useToast();
  const sendTest = useSendConnectorTestEvent();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-mono text-sm font-semibold text-slate-900">{connector.name}</p>
        <p className="break-all font-mono text-xs text-slate-700">{connector.url}</p>
        <p className="text-xs text-slate-600">
          {connector.events.length} event{connector.events.length === 1 ? "" : "s"}: {connector.events.join(", ")}
          {connector.key ? " · with a key" : " · no key"}
        </p>
        <Refusal message={sendTest.error?.message} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={onRemove}>
          Remove<span className="sr-only"> {connector.name}</span>
        </Button>
        <Button
          variant="secondary"
          busy={sendTest.isPending}
          onClick={() => sendTest.mutate(connector.name, { onSuccess: () => toast.info(`A test event is on its way to ${connector.name}: follow it in the delivery log.`) })}
        >
          Send test event<span className="sr-only"> to {connector.name}</span>
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          Edit<span className="sr-only"> {connector.name}</span>
        </Button>
      </div>
    </div>
  );
}

function ConnectorForm({ connector, onDone }: { connector: CallbackConnectorResponse | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveCallbackConnector();
  const form = useForm<ConnectorFormInput, unknown, ConnectorFormOutput>({
    resolver: zodResolver(connectorForm),
    defaultValues: { name: connector?.name ?? "", url: connector?.url ?? "", key: connector?.key ?? "", events: connector?.events ?? [] },
  });
  const { errors } = form.formState;
  const allEvents = CALLBACK_EVENT_CATALOGUE.map((event) => event.name);

  function onSave(request: ConnectorFormOutput) {
    // The promise, not mutate's onSuccess: the saved list remounts this form.
    save.mutateAsync(request).then(
      () => {
        toast.success(`The callback connector ${request.name} was saved.`);
        onDone();
      },
      () => undefined, // shown by <Refusal>
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate className="space-y-4" aria-label={connector ? `Callback connector ${connector.name}` : "New callback connector"}>
      <Refusal message={save.error?.message} />
      <div className="grid gap-3 lg:grid-cols-3">
        <TextField label="Name" autoComplete="off" placeholder="dynamics2013" readOnly={connector !== null} error={errors.name?.message} {...form.register("name")} />
        <TextField
          label="Destination URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/connector-events"
          error={errors.url?.message}
          {...form.register("url")}
        />
        <TextField label="Key" autoComplete="off" hint="Optional. Sent back as Authorization: Basic <key>." error={errors.key?.message} {...form.register("key")} />
      </div>
      <CallbackEventsField
        field={form.register("events")}
        error={errors.events?.message}
        onSelectAll={() => form.setValue("events", allEvents, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        onClear={() => form.setValue("events", [], { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
      />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {connector ? "Save connector" : "Add connector"}
        </Button>
      </div>
    </form>
  );
}

function RemoveConnectorDialog({ connector, onClose }: { connector: CallbackConnectorResponse; onClose: () => void }) {
  const toast = useToast();
  const remove = useRemoveCallbackConnector();
  function confirm() {
    remove.mutateAsync(connector.name).then(
      () => {
        toast.success(`The callback connector ${connector.name} was removed.`);
        onClose();
      },
      () => undefined, // shown by the dialog
    );
  }
  return (
    <ConfirmDialog title={`Remove the connector ${connector.name}?`} confirmLabel="Remove connector" busy={remove.isPending} error={remove.error} onConfirm={confirm} onClose={onClose}>
      <p>
        No more notifications go to <span className="break-all font-mono text-xs">{connector.url}</span>, and its deliveries still waiting are cancelled. The delivery log stays.
      </p>
    </ConfirmDialog>
  );
}
