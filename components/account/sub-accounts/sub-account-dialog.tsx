"use client";

import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useLocale, useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { SubAccountResponse } from "@/lib/api/sub-accounts";
import { languageChoices, timeZoneChoices } from "@/lib/console/account-settings-choices";
import type { AccountTreeNode } from "@/lib/console/account-tree";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { useCreateSubAccount, useUpdateSubAccount } from "@/lib/console/queries/sub-accounts";
import { useFieldError } from "../use-field-error";

/** The members the form edits, with the API's own rules (the name is required when editing too). */
const accountSettings = (c: Contracts) => c.createSubAccountRequest.pick({ name: true, timezoneId: true, language: true });
type SettingsForm = z.input<ReturnType<typeof accountSettings>>;
type Settings = z.output<ReturnType<typeof accountSettings>>;
const accountSettingsResolver = contractResolver(accountSettings);

const DEFAULTS = { name: "", timezoneId: "GMT", language: "en" };

/** A new sub account under `parent`: name, time zone and language (the service's defaults: GMT, English). */
export function CreateSubAccountDialog({ parent, onClose }: { parent: AccountTreeNode; onClose: () => void }) {
  const t = useTranslations("console.subAccounts");
  const toast = useToast();
  const create = useCreateSubAccount();
  function save(settings: Settings) {
    create.mutate(
      { ...settings, parentAccountId: parent.id },
      {
        onSuccess: (created) => {
          toast.success(t("dialog.created", { name: created.name, parent: parent.name }));
          onClose();
        },
      },
    );
  }
  return (
    <Dialog open onClose={onClose} title={t("dialog.createTitle", { name: parent.name })}>
      <SettingsForm initial={DEFAULTS} busy={create.isPending} refusal={create.error?.message} submitLabel={t("dialog.create")} onSave={save} onCancel={onClose} />
    </Dialog>
  );
}

/** Name, time zone and language of a sub account; it stays where it is in the tree (the service refuses a move). */
export function EditSubAccountDialog({ account, onClose }: { account: SubAccountResponse; onClose: () => void }) {
  const t = useTranslations("console.subAccounts");
  const toast = useToast();
  const update = useUpdateSubAccount(account.id);
  function save(settings: Settings) {
    update.mutate(settings, {
      onSuccess: (saved) => {
        toast.success(t("dialog.saved", { name: saved.name }));
        onClose();
      },
    });
  }
  return (
    <Dialog open onClose={onClose} title={t("dialog.editTitle", { name: account.name })}>
      <SettingsForm
        initial={{ name: account.name, timezoneId: account.timezoneId, language: account.language }}
        busy={update.isPending}
        refusal={update.error?.message}
        submitLabel={t("dialog.save")}
        onSave={save}
        onCancel={onClose}
      />
    </Dialog>
  );
}

interface SettingsFormProps {
  initial: { name: string; timezoneId: string; language: string };
  busy: boolean;
  /** The service's message when it refused. */
  refusal?: string;
  submitLabel: string;
  onSave: (settings: Settings) => void;
  onCancel: () => void;
}

function SettingsForm({ initial, busy, refusal, submitLabel, onSave, onCancel }: SettingsFormProps) {
  const t = useTranslations("console.subAccounts");
  const locale = useLocale();
  const fieldError = useFieldError();
  const form = useForm<SettingsForm, unknown, Settings>({ resolver: accountSettingsResolver, defaultValues: initial });
  const { errors } = form.formState;
  // The lists keep the account's own values offered even when they are not among the usual ones.
  const timeZones = useMemo(() => timeZoneChoices(initial.timezoneId), [initial.timezoneId]);
  const languages = useMemo(() => languageChoices(locale, initial.language), [locale, initial.language]);
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate className="space-y-3" aria-label={t("dialog.form")}>
      <Refusal message={refusal} />
      <TextField label={t("dialog.name")} autoComplete="off" error={fieldError(errors.name)} {...form.register("name")} />
      <SelectField label={t("dialog.timeZone")} error={fieldError(errors.timezoneId)} {...form.register("timezoneId")}>
        <optgroup label={t("dialog.abbreviations")}>
          {timeZones.abbreviations.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </optgroup>
        <optgroup label={t("dialog.regions")}>
          {timeZones.regions.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <SelectField label={t("dialog.language")} error={fieldError(errors.language)} {...form.register("language")}>
        {languages.map((choice) => (
          <option key={choice.value} value={choice.value} lang={choice.lang}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
