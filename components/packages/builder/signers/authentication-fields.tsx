"use client";

import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField, TextField } from "@/components/ui/form-field";
import type { PersonWithAuthenticationForm } from "./signer-forms";

/**
 * How the signer proves who they are before seeing the documents: the e-mail link alone,
 * questions and answers (each answer can be typed masked), a code texted to their phone, or both.
 */
export function AuthenticationFields({ form }: { form: UseFormReturn<PersonWithAuthenticationForm> }) {
  const t = useTranslations("console.builder.signers.authentication");
  const { errors } = form.formState;
  const scheme = useWatch({ control: form.control, name: "authentication.scheme" });
  const challenges = useFieldArray({ control: form.control, name: "authentication.challenges" });
  const authErrors = errors.authentication;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("legend")}</legend>
      <SelectField
        label={t("scheme")}
        hint={t("schemeHint")}
        {...form.register("authentication.scheme", {
          onChange: (event: { target: { value: string } }) => {
            if ((event.target.value === "CHALLENGE" || event.target.value === "QASMS") && challenges.fields.length === 0) challenges.append({ question: "", answer: "", maskInput: false, saved: false });
          },
        })}
      >
        <option value="NONE">{t("schemes.NONE")}</option>
        <option value="CHALLENGE">{t("schemes.CHALLENGE")}</option>
        <option value="SMS">{t("schemes.SMS")}</option>
        <option value="QASMS">{t("schemes.QASMS")}</option>
      </SelectField>
      {scheme === "CHALLENGE" || scheme === "QASMS" ? (
        <div className="space-y-3">
          {challenges.fields.map((field, index) => {
            const saved = form.getValues(`authentication.challenges.${index}.saved`);
            return (
              <div key={field.id} className="space-y-2 rounded border border-slate-100 bg-slate-50 p-2" data-testid="auth-challenge">
                <TextField label={t("question", { number: index + 1 })} autoComplete="off" {...form.register(`authentication.challenges.${index}.question`)} error={authErrors?.challenges?.[index]?.question?.message} />
                <TextField
                  label={t("answer", { number: index + 1 })}
                  type="password"
                  autoComplete="new-password"
                  hint={saved ? t("answerSaved") : t("answerHint")}
                  {...form.register(`authentication.challenges.${index}.answer`)}
                  error={authErrors?.challenges?.[index]?.answer?.message}
                />
                <div className="flex items-center justify-between gap-2">
                  <CheckboxField label={t("maskInput")} {...form.register(`authentication.challenges.${index}.maskInput`)} />
                  {challenges.fields.length > 1 ? (
                    <Button variant="secondary" onClick={() => challenges.remove(index)}>
                      {t("removeQuestion")}
                    </Button>
                  ) : null}
                </div>
              </div>
            );
          })}
          {authErrors?.challenges?.root?.message || authErrors?.challenges?.message ? (
            <p role="alert" className="text-sm text-rose-700">
              {authErrors.challenges.root?.message ?? authErrors.challenges.message}
            </p>
          ) : null}
          {challenges.fields.length < 5 ? (
            <Button variant="secondary" onClick={() => challenges.append({ question: "", answer: "", maskInput: false, saved: false })}>
              {t("addQuestion")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {scheme === "SMS" || scheme === "QASMS" ? (
        <TextField
          label={t("phone")}
          type="tel"
          autoComplete="off"
          hint={t("phoneHint")}
          {...form.register("authentication.phone")}
          error={authErrors?.phone?.message}
        />
      ) : null}
    </fieldset>
  );
}
