"use server";

import { unstable_update } from "@/lib/console/auth";
import { withChosenLanguage } from "@/lib/console/console-language";
import { callEsignApi } from "@/lib/console/esign-api";
import { browserLocale, consoleTranslator, consoleTranslatorIn } from "@/lib/console/console-intl";
import { serverSessionToken } from "@/lib/console/session-token";
import { consoleLanguageResponse } from "@/lib/api/accounts";
import { resolveLocale } from "@/lib/i18n/locales";

/** `message`: the refusal, or the confirmation in the language just chosen (the page around the form still speaks the one left). */
export type LanguageChoiceOutcome = { ok: boolean; message: string };

/**
 * The profile's language choice: stored by the service for the signed-in user (`PUT
 * /api/user/language`; null follows the browser), then kept in the session for every page.
 */
export async function chooseConsoleLanguage(language: string | null): Promise<LanguageChoiceOutcome> {
  const t = await consoleTranslator("console.profile");
  const token = await serverSessionToken();
  if (!token?.homeApiKey && !token?.apiKey) return { ok: false, message: t("sessionEnded") };
  // The user's own setting, whichever account the console is in: asked with the key signed in with.
  const answer = await callEsignApi("/api/user/language", { method: "PUT", apiKey: token.homeApiKey ?? token.apiKey, json: { language } }).catch(() => null);
  const stored = consoleLanguageResponse.safeParse(answer?.body);
  if (answer?.status !== 200 || !stored.success) return { ok: false, message: t("notSaved") };
  if (!(await withChosenLanguage(stored.data.consoleLanguage, () => unstable_update({})))) return { ok: false, message: t("sessionEnded") };
  const inChosen = consoleTranslatorIn(resolveLocale(stored.data.consoleLanguage, await browserLocale()), "console.profile");
  return { ok: true, message: inChosen("saved") };
}
