"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { clientAppRequest, type ClientAppRequest, type CreatedClientAppResponse } from "@/lib/api/client-apps";
import { useCreateClientApp } from "@/lib/console/queries/integrations";

type ClientAppForm = z.input<typeof clientAppRequest>;

/** Creates a client application with the API's own schema, then shows its secret: this once, never again. */
export function CreateClientAppDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateClientApp();
  function close() {
    create.reset();
    onClose();
  }
  const created = create.data;
  return (
    <Dialog open={open} onClose={close} title={created ? `${created.name} is created` : "New client application"}>
      {created ? (
        <CreatedClientApp app={created} onDone={close} />
      ) : (
        <ClientAppNameForm onCreate={(request) => create.mutate(request)} busy={create.isPending} refusal={create.error} onCancel={close} />
      )}
    </Dialog>
  );
}

function ClientAppNameForm({ onCreate, busy, refusal, onCancel }: { onCreate: (request: ClientAppRequest) => void; busy: boolean; refusal: Error | null; onCancel: () => void }) {
  const form = useForm<ClientAppForm, unknown, ClientAppRequest>({ resolver: zodResolver(clientAppRequest), defaultValues: { name: "" } });
  return (
    <form onSubmit={form.handleSubmit(onCreate)} noValidate className="space-y-3" aria-label="New client application">
      <p className="text-sm text-slate-700">
        A client application exchanges its id and secret for short-lived access tokens. Name it after the system that will use it.
      </p>
      <Refusal message={refusal?.message} />
      <TextField label="Name" autoComplete="off" error={form.formState.errors.name?.message} {...form.register("name")} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Create application
        </Button>
      </div>
    </form>
  );
}

function CreatedClientApp({ app, onDone }: { app: CreatedClientAppResponse; onDone: () => void }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        <strong>Copy the secret now.</strong> This is the only time it is shown: the service keeps no readable copy. If it is lost, create a new application and revoke this one.
      </p>
      <CopyField label="Client ID" value={app.clientId} testId="client-app-id" />
      <CopyField label="Secret" value={app.secret} testId="client-app-secret" />
      <p>
        To get an access token, POST <code className="rounded bg-slate-100 px-1">{"{clientId, secret, type: \"OWNER\"}"}</code> to{" "}
        <code className="rounded bg-slate-100 px-1">/apitoken/clientApp/accessToken</code>.
      </p>
      <div className="flex justify-end pt-2">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
