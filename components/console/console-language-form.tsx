"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { chooseConsoleLanguage } from "@/lib/console/actions/language-actions";
import { LOCALE_NAMES, SHIPPED_LOCALES, type Locale } from "@/lib/i18n/locales";

const BROWSER = "browser";

/**
 * The console's language: one of the eight, or the browser's (`browser`: which that is now). Saved for the user (every device
 * they sign in on), then the page is rendered again in it.
 */
export function ConsoleLanguageForm({ chosen, browser }: { chosen: string | null; browser: Locale }) {
  const t = useTranslations("console.profile");
  const router = useRouter();
  const toast = useToast();
  const [choice, setChoice] = useState(chosen ?? BROWSER);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const save = () =>
    startSaving(async () => {
      const outcome = await chooseConsoleLanguage(choice === BROWSER ? null : choice);
      if (!outcome.ok) return setRefusal(outcome.message);
      setRefusal(null);
      router.refresh();
      toast.success(outcome.message);
    });
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("language")}</legend>
        <p className="text-xs text-slate-600">{t("languageHint")}</p>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input type="radio" name="language" value={BROWSER} checked={choice === BROWSER} onChange={() => setChoice(BROWSER)} />
          {t("browserLanguage", { language: LOCALE_NAMES[browser] })}
        </label>
        {SHIPPED_LOCALES.map((locale) => (
          <label key={locale} className="flex items-center gap-2 text-sm text-slate-900">
            <input type="radio" name="language" value={locale} checked={choice === locale} onChange={() => setChoice(locale)} />
            <span lang={locale}>{LOCALE_NAMES[locale]}</span>
          </label>
        ))}
      </fieldset>
      <Refusal message={refusal} />
      <Button type="submit" busy={saving}>
        {t("save")}
      </Button>
    </form>
  );
}
