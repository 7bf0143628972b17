import type { JWT } from "next-auth/jwt";
import { passwordChangeResponse, passwordResetLinkState, passwordSetResponse } from "@/lib/api/accounts";
import { endConsoleSessionsOf } from "./console-sessions";
import { callEsignApi } from "./esign-api";

/**
 * The console's side of a password change or reset: the service checks and sets the password;
 * the console then ends the sessions it keeps for that user (the change keeps the session that
 * made it). Plain functions, so that the server actions stay thin and tests can call them.
 */

/** `apiKey`: after a change, the fresh sign-in key the session goes on with (lib/console/sign-in-key-renewal.ts). */
export type PasswordOutcome = { ok: true; email: string; apiKey?: string } | { ok: false; status: number; messageKey: string; message: string };

const UNREACHABLE: PasswordOutcome = { ok: false, status: 502, messageKey: "error.badGateway.serviceUnreachable", message: "The e-signature service could not be reached. Try again in a moment." };

async function ask(path: string, init: Parameters<typeof callEsignApi>[1]) {
  try {
    return await callEsignApi(path, init);
  } catch {
    return null;
  }
}

function refusal(answer: Awaited<ReturnType<typeof callEsignApi>>): PasswordOutcome {
  const body = answer.body ?? {};
  const message = typeof body.message === "string" ? body.message : `The service refused the change (HTTP ${answer.status}).`;
  return { ok: false, status: answer.status, messageKey: typeof body.messageKey === "string" ? body.messageKey : "", message };
}

/**
 * The signed-in user (the session's `token`) changes their password; their other console sessions
 * end. The service revokes the user's sign-in keys, this session's too: the answer's `apiKey` is the
 * fresh one the caller puts in the session (`withRenewedSignInKey`).
 */
export async function changeConsolePassword(token: JWT, input: { currentPassword: string; newPassword: string }, clientIp?: string): Promise<PasswordOutcome> {
  if (!token.apiKey || !token.userId) return { ok: false, status: 401, messageKey: "error.unauthorised.consoleSession", message: "Your session has ended. Sign in again." };
  // The key of the account signed in to: in a sub account the user may be locked, not at home.
  const answer = await ask("/api/user/password", { apiKey: token.homeApiKey ?? token.apiKey, json: input, clientIp });
  if (!answer) return UNREACHABLE;
  const changed = passwordChangeResponse.safeParse(answer.body);
  if (answer.status !== 200 || !changed.success) return refusal(answer);
  await endConsoleSessionsOf(token.userId, { except: token.sessionId });
  return { ok: true, email: changed.data.email, ...(changed.data.apiKey ? { apiKey: changed.data.apiKey } : {}) };
}

/** Whether a reset link still works (the page it opens asks first); `email` is empty: the check names no one. */
export async function checkConsolePasswordResetLink(token: string, clientIp?: string): Promise<PasswordOutcome> {
  const answer = await ask("/api/signin/passwordReset/check", { json: { token }, clientIp });
  if (!answer) return UNREACHABLE;
  if (answer.status !== 200 || !passwordResetLinkState.safeParse(answer.body).success) return refusal(answer);
  return { ok: true, email: "" };
}

/** A reset link's new password; every console session of its user ends (whoever held one). */
export async function completeConsolePasswordReset(input: { token: string; password: string }, clientIp?: string): Promise<PasswordOutcome> {
  const answer = await ask("/api/signin/passwordReset/complete", { json: input, clientIp });
  if (!answer) return UNREACHABLE;
  const reset = passwordSetResponse.safeParse(answer.body);
  if (answer.status !== 200 || !reset.success) return refusal(answer);
  await endConsoleSessionsOf(reset.data.id);
  return { ok: true, email: reset.data.email };
}

/** Asks for a reset link; the service answers the same for every e-mail, and so does this. */
export async function requestConsolePasswordReset(email: string, clientIp?: string): Promise<PasswordOutcome> {
  const answer = await ask("/api/signin/passwordReset", { json: { email }, clientIp });
  if (!answer) return UNREACHABLE;
  if (answer.status !== 202) return refusal(answer);
  return { ok: true, email };
}
