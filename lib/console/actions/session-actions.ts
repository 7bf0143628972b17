"use server";

import { headers } from "next/headers";
import { AuthError } from "next-auth";
import { signUpRequest } from "@/lib/api/accounts";
import { clientIpOf, signIn, signOut, SIGN_IN_REFUSALS, unstable_update, type SignInRefusal } from "@/lib/console/auth";
import { homeOf, withAccountSwitch } from "@/lib/console/account-switch";
import { serverSessionToken } from "@/lib/console/session-token";
import { consoleTranslator } from "@/lib/console/console-intl";
import { callEsignApi } from "@/lib/console/esign-api";
import { consolePath, HOME_PATH, signInAgainPath } from "@/lib/console/sign-in-return";

/** The console's sign-in, sign-up and sign-out, as server actions (Next.js checks their origin). */

/**
 * A refused form: the message, the fields at fault, and what was typed (React empties a form after
 * its action). `sent`: the service e-mailed the address instead of answering an account (sign-up
 * where it sends e-mail), in its own words.
 */
export type FormState = { error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string>; sent?: string } | undefined;

/** A refused sign-in in the user's words: console.auth.refusal.<code>. */
async function refusalMessage(refusal: SignInRefusal): Promise<string> {
  const t = await consoleTranslator("console.auth");
  return t(`refusal.${refusal}`);
}

function refusalOf(error: unknown): SignInRefusal | null {
  if (!(error instanceof AuthError)) return null;
  const code = (error as AuthError & { code?: string }).code;
  return SIGN_IN_REFUSALS.includes(code as SignInRefusal) ? (code as SignInRefusal) : "bad-credentials";
}

async function signInWith(provider: "password" | "api-key", fields: Record<string, string>, destination: string): Promise<FormState> {
  try {
    await signIn(provider, { ...fields, redirectTo: destination });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { error: await refusalMessage(refusal), values: provider === "password" ? { email: fields.email } : {} };
    throw error; // the redirect after a successful sign-in
  }
}

export async function signInWithPassword(_state: FormState, form: FormData): Promise<FormState> {
  return signInWith("password", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }, consolePath(form.get("next")));
}

export async function signInWithApiKey(_state: FormState, form: FormData): Promise<FormState> {
  return signInWith("api-key", { apiKey: String(form.get("apiKey") ?? "") }, consolePath(form.get("next")));
}

/**
 * A new account on the embedded service, then signed in with its first key; or, where the service
 * sends e-mail, its answer that a message is on its way (the same for every e-mail).
 */
export async function signUp(_state: FormState, form: FormData): Promise<FormState> {
  const input = {
    accountName: String(form.get("accountName") ?? ""),
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  };
  const parsed = signUpRequest.safeParse(input);
  if (!parsed.success) {
    const t = await consoleTranslator("console.auth");
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const problem = issue.code === "too_big" ? "tooLong" : issue.path[0] === "email" && issue.code !== "too_small" ? "notAnEmail" : "required";
      fieldErrors[String(issue.path[0])] ??= t(`signUp.fieldError.${problem}`);
    }
    return { fieldErrors, values: { ...input, password: "" } };
  }
  let answer: Awaited<ReturnType<typeof callEsignApi>>;
  try {
    answer = await callEsignApi("/api/signup", { json: parsed.data, clientIp: clientIpOf(await headers()) });
  } catch {
    return { error: await refusalMessage("unreachable"), values: { ...input, password: "" } };
  }
  if (answer.status === 202 && typeof answer.body?.message === "string") return { sent: answer.body.message };
  return signInWithNewAccount(answer, { ...input, password: "" });
}

/**
 * The e-mailed sign-up link's token and the password given at sign-up: the account is created, then
 * signed in with its first key. A wrong password is the password field's error.
 */
export async function confirmSignUp(_state: FormState, form: FormData): Promise<FormState> {
  const password = String(form.get("password") ?? "");
  if (!password) {
    const t = await consoleTranslator("console.auth");
    return { fieldErrors: { password: t("confirmSignUp.passwordMissing") } };
  }
  let answer: Awaited<ReturnType<typeof callEsignApi>>;
  try {
    answer = await callEsignApi("/api/signup/confirm", { json: { token: String(form.get("token") ?? ""), password }, clientIp: clientIpOf(await headers()) });
  } catch {
    return { error: await refusalMessage("unreachable") };
  }
  if (answer.body?.messageKey === "error.validation.wrongSignUpPassword" && typeof answer.body.message === "string") {
    return { fieldErrors: { password: answer.body.message } };
  }
  return signInWithNewAccount(answer);
}

/** The service's answer of a new account (201 and its key) signs in with that key; any other is the form's error. */
async function signInWithNewAccount(answer: Awaited<ReturnType<typeof callEsignApi>>, values?: Record<string, string>): Promise<FormState> {
  if (answer.status !== 201 || typeof answer.body?.apiKey !== "string") {
    const t = await consoleTranslator("console.auth");
    const message = typeof answer.body?.message === "string" ? answer.body.message : t("signUp.notCreated", { status: answer.status });
    return { error: message, values };
  }
  return signInWith("api-key", { apiKey: answer.body.apiKey }, HOME_PATH);
}

export async function signOutOfConsole(): Promise<void> {
  await signOut({ redirectTo: "/signin" });
}

/**
 * After the service refused the session's key (401). In a sub account (its key revoked, or the
 * user removed there) the console goes back to the account signed in to, and answers its name; only
 * when that fails too is the user signed out, with a message on the sign-in page, which leads back
 * to `returnTo`.
 */
export async function endExpiredSession(returnTo: string): Promise<{ backIn: { id: string; name: string } } | void> {
  // The token read as it is, not auth(): that would write the session cookie again, after signOut's removal of it.
  const token = await serverSessionToken();
  const homeAccountId = token ? homeOf(token).accountId : undefined;
  if (token && homeAccountId && token.accountId !== homeAccountId) {
    const outcome = await withAccountSwitch(homeAccountId, () => unstable_update({}));
    if (outcome.ok) return { backIn: { id: outcome.accountId, name: outcome.accountName } };
  }
  await signOut({ redirectTo: signInAgainPath(returnTo) });
}
