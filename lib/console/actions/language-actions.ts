"use server";

import { unstable_update } from "@/lib/console/auth";
import { withChosenLanguage } from "@/lib/console/console-language";
import { callEsignApi } from "@/lib/console/esign-api";
import { consoleTranslator } from "@/lib/console/console-intl";
import { serverSessionToken } from "@/lib/console/session-token";
import { consoleLanguageResponse } from "@/lib/api/accounts";

export type LanguageChoiceOutcome = { ok: true } | { ok: false; message: string };

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
  return { ok: true };
}
