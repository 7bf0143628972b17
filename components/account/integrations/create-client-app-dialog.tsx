"use client";

import { useMemo, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import type { ClientAppRequest, CreatedClientAppResponse } from "@/lib/api/client-apps";
import { contractResolver } from "@/lib/console/contract-resolver";
import { useCreateClientApp } from "@/lib/console/queries/integrations";
import { clientAppForm } from "./integration-forms";

type ClientAppForm = z.input<ReturnType<typeof clientAppForm>>;

/** Creates a client application with the API's own schema, then shows its secret: this once, never again. */
export function CreateClientAppDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("console.integrations");
  const create = useCreateClientApp();
  function close() {
    create.reset();
    onClose();
  }
  const created = create.data;
  return (
    <Dialog open={open} onClose={close} title={created ? t("createApp.createdTitle", { name: created.name }) : t("clientApps.new")}>
      {created ? (
        <CreatedClientApp app={created} onDone={close} />
      ) : (
        <ClientAppNameForm onCreate={(request) => create.mutate(request)} busy={create.isPending} refusal={create.error} onCancel={close} />
      )}
    </Dialog>
  );
}

function ClientAppNameForm({ onCreate, busy, refusal, onCancel }: { onCreate: (request: ClientAppRequest) => void; busy: boolean; refusal: Error | null; onCancel: () => void }) {
  const t = useTranslations("console.integrations");
  const validation = useTranslations("console.integrations.validation");
  const resolver = useMemo(() => contractResolver((contracts) => clientAppForm(contracts, validation)), [validation]);
  const form = useForm<ClientAppForm, unknown, ClientAppRequest>({ resolver, defaultValues: { name: "" } });
  return (
    <form onSubmit={form.handleSubmit(onCreate)} noValidate className="space-y-3" aria-label={t("clientApps.new")}>
      <p className="text-sm text-slate-700">{t("createApp.intro")}</p>
      <Refusal message={refusal?.message} />
      <TextField label={t("createApp.name")} autoComplete="off" error={form.formState.errors.name?.message} {...form.register("name")} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("createApp.cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {t("createApp.create")}
        </Button>
      </div>
    </form>
  );
}

/** What a client application sends for a token, and where: written as the API reads it, in every language. */
const ACCESS_TOKEN_BODY = '{clientId, secret, type: "OWNER"}';
const ACCESS_TOKEN_PATH = "/apitoken/clientApp/accessToken";

function CreatedClientApp({ app, onDone }: { app: CreatedClientAppResponse; onDone: () => void }) {
  const t = useTranslations("console.integrations");
  const code = (chunks: ReactNode) => <code className="rounded bg-slate-100 px-1">{chunks}</code>;
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {t.rich("createApp.copyNow", { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <CopyField label={t("clientApps.clientId")} value={app.clientId} testId="client-app-id" />
      <CopyField label={t("createApp.secret")} value={app.secret} testId="client-app-secret" />
      <p>{t.rich("createApp.howToUse", { body: ACCESS_TOKEN_BODY, path: ACCESS_TOKEN_PATH, code })}</p>
      <div className="flex justify-end pt-2">
        <Button onClick={onDone}>{t("createApp.done")}</Button>
      </div>
    </div>
  );
}
