"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { useUpdatePackage } from "@/lib/console/queries/package-builder";
import { BuilderSection } from "../builder-section";
import { useSaveBeforeSending } from "../unsaved-work";
import { LANGUAGES, settingsChanges, settingsOf, useSettingsFormResolver, type SettingsFormInput, type SettingsFormValues } from "./settings-form";

const SAVE_DELAY_MS = 700;

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; message: string };

/**
 * Name, description, language, e-mail message, due date, autocomplete and in person, saved as the
 * sender types: a short pause or leaving a field sends what changed (a partial `POST /api/packages/{id}`).
 */
export function SettingsSection({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const t = useTranslations("console.builder.settings");
  const resolver = useSettingsFormResolver();
  const { mutateAsync } = useUpdatePackage(pkg.id);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const saved = useRef<SettingsFormValues>(settingsOf(pkg));
  const latestPackage = useRef(pkg);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const form = useForm<SettingsFormInput, unknown, SettingsFormValues>({ resolver, defaultValues: settingsOf(pkg), mode: "onChange" });
  const { errors } = form.formState;

  useEffect(() => {
    latestPackage.current = pkg;
  }, [pkg]);

  const saving = useRef<Promise<void>>(Promise.resolve());

  /** Sends what changed since the last save, after any save still in flight; throws why if it could not. */
  const saveNow = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = saving.current.catch(() => undefined).then(async () => {
      let failure: string | null = null;
      await form.handleSubmit(
        async (values) => {
          const body = settingsChanges(latestPackage.current, saved.current, values);
          if (Object.keys(body).length === 0) return;
          setState({ kind: "saving" });
          try {
            await mutateAsync(body);
            saved.current = values;
            setState({ kind: "saved" });
          } catch (error) {
            failure = (error as Error).message;
            setState({ kind: "failed", message: failure });
          }
        },
        () => {
          failure = t("notValidYet");
        },
      )();
      if (failure) throw new Error(failure);
    });
    saving.current = next;
    return next;
  }, [form, mutateAsync, t]);
  useSaveBeforeSending(saveNow);

  /** Saving as the sender types: a failure is already shown beside the section's title. */
  const saveInBackground = useCallback(() => void saveNow().catch(() => undefined), [saveNow]);

  // Every edit by the sender saves after a pause in typing; leaving a field saves at once (onBlur below).
  useEffect(() => {
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ type }) => {
        if (type !== "change") return;
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(saveInBackground, SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [form, saveInBackground]);

  const flushPendingSave = () => {
    if (timer.current) saveInBackground();
  };

  return (
    <BuilderSection
      title={t("title")}
      testId="settings-section"
      description={t("description")}
      actions={<SaveIndicator state={state} />}
    >
      <form
        noValidate
        onBlur={flushPendingSave}
        onSubmit={(event) => {
          event.preventDefault();
          saveInBackground();
        }}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField label={template ? t("templateName") : t("packageName")} autoComplete="off" {...form.register("name")} error={errors.name?.message} className="sm:col-span-2" />
        <TextAreaField label={t("descriptionLabel")} {...form.register("description")} error={errors.description?.message} className="sm:col-span-2" />
        <TextAreaField
          label={t("emailMessage")}
          hint={t("emailMessageHint")}
          {...form.register("emailMessage")}
          error={errors.emailMessage?.message}
          className="sm:col-span-2"
        />
        <SelectField label={t("language")} {...form.register("language")} error={errors.language?.message} hint={t("languageHint")}>
          {LANGUAGES.some((language) => language.code === form.getValues("language")) ? null : <option value={form.getValues("language") ?? ""}>{form.getValues("language")}</option>}
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t("due")} type="date" {...form.register("due")} error={errors.due?.message} hint={t("dueHint")} />
        <CheckboxField
          label={t("autocomplete")}
          hint={t("autocompleteHint")}
          {...form.register("autocomplete")}
        />
        <CheckboxField label={t("inPerson")} hint={t("inPersonHint")} {...form.register("inPerson")} />
        <TextAreaField
          label={t("thankYou")}
          hint={t("thankYouHint")}
          {...form.register("thankYou")}
          error={errors.thankYou?.message}
          className="sm:col-span-2"
        />
      </form>
    </BuilderSection>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const t = useTranslations("console.builder.settings");
  return (
    <p role="status" data-testid="settings-save-state" className={`text-sm ${state.kind === "failed" ? "text-rose-700" : "text-slate-600"}`}>
      {state.kind === "saving" ? t("saving") : state.kind === "saved" ? t("saved") : state.kind === "failed" ? t("notSaved", { reason: state.message }) : ""}
    </p>
  );
}
