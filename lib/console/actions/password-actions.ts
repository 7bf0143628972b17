"use server";

import { headers } from "next/headers";
import { passwordWeaknessOf } from "@/lib/api/password-rule";
import { clientIpOf, unstable_update } from "@/lib/console/auth";
import { consoleTranslator, type ConsoleTranslate } from "@/lib/console/console-intl";
import { serverSessionToken } from "@/lib/console/session-token";
import { withRenewedSignInKey } from "@/lib/console/sign-in-key-renewal";
import { changeConsolePassword, completeConsolePasswordReset, requestConsolePasswordReset, type PasswordOutcome } from "@/lib/console/passwords";

/** The console's password change, reset request and reset, as server actions (lib/console/passwords.ts does the work). */

export type PasswordFormState = { done?: boolean; error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The new password and its confirmation, checked before the service is asked; `t` of console.auth. */
function newPasswordProblems(password: string, confirmation: string, name: string, t: ConsoleTranslate): Record<string, string> | undefined {
  const weakness = passwordWeaknessOf(password);
  if (weakness) return { [name]: t(`passwordRule.${weakness}`) };
  if (password !== confirmation) return { confirmation: t("passwordsDiffer") };
  return undefined;
}

function refused(outcome: Extract<PasswordOutcome, { ok: false }>, fieldByKey: Record<string, string> = {}): PasswordFormState {
  const name = fieldByKey[outcome.messageKey];
  return name ? { fieldErrors: { [name]: outcome.message } } : { error: outcome.message };
}

export async function changePassword(_state: PasswordFormState, form: FormData): Promise<PasswordFormState> {
  const t = await consoleTranslator("console.auth");
  const currentPassword = field(form, "currentPassword");
  const newPassword = field(form, "newPassword");
  if (!currentPassword) return { fieldErrors: { currentPassword: t("change.currentMissing") } };
  const problems = newPasswordProblems(newPassword, field(form, "confirmation"), "newPassword", t);
  if (problems) return { fieldErrors: problems };
  const token = await serverSessionToken();
  if (!token) return { error: t("change.sessionEnded") };
  const outcome = await changeConsolePassword(token, { currentPassword, newPassword }, clientIpOf(await headers()));
  if (!outcome.ok) return refused(outcome, { "error.validation.wrongCurrentPassword": "currentPassword", "error.validation.weakPassword": "newPassword" });
  const { apiKey } = outcome;
  if (apiKey && !(await withRenewedSignInKey(apiKey, () => unstable_update({})))) {
    return { error: t("change.sessionLost") };
  }
  return { done: true };
}

export async function requestPasswordReset(_state: PasswordFormState, form: FormData): Promise<PasswordFormState> {
  const email = field(form, "email").trim();
  if (!email) {
    const t = await consoleTranslator("console.auth");
    return { fieldErrors: { email: t("forgot.emailMissing") } };
  }
  const outcome = await requestConsolePasswordReset(email, clientIpOf(await headers()));
  if (!outcome.ok) return { ...refused(outcome), values: { email } };
  return { done: true, values: { email } };
}

export async function resetPassword(_state: PasswordFormState, form: FormData): Promise<PasswordFormState> {
  const t = await consoleTranslator("console.auth");
  const password = field(form, "password");
  const problems = newPasswordProblems(password, field(form, "confirmation"), "password", t);
  if (problems) return { fieldErrors: problems };
  const outcome = await completeConsolePasswordReset({ token: field(form, "token"), password }, clientIpOf(await headers()));
  if (!outcome.ok) return refused(outcome, { "error.validation.weakPassword": "password" });
  return { done: true, values: { email: outcome.email } };
}
