import { AsyncLocalStorage } from "node:async_hooks";
import type { JWT } from "next-auth/jwt";

/**
 * A password change revokes every sign-in key of the user, the session's own included, and
 * answers a fresh one: the session that made the change takes it, through the session's update
 * (`unstable_update`), as an account switch does (lib/console/account-switch.ts). The key travels
 * in an AsyncLocalStorage that only the server action sets, never in the update's data, which a
 * browser could send to `/auth/session` of its own choosing.
 */

interface Renewal {
  apiKey: string;
  applied: boolean;
}

const requestedRenewal = new AsyncLocalStorage<Renewal>();

/** Runs the session's update with the fresh sign-in key in hand; answers whether the session took it. */
export async function withRenewedSignInKey(apiKey: string, updateSession: () => Promise<unknown>): Promise<boolean> {
  const renewal: Renewal = { apiKey, applied: false };
  await requestedRenewal.run(renewal, updateSession);
  return renewal.applied;
}

/**
 * For the jwt callback on trigger "update": the key of the account signed in to becomes the fresh
 * one, and so does the key in use when the session is in that account (in a sub account it holds
 * that account's key, which the change did not touch).
 */
export function applyRenewedSignInKey(token: JWT): void {
  const renewal = requestedRenewal.getStore();
  if (!renewal || renewal.applied) return;
  const homeKey = token.homeApiKey ?? token.apiKey;
  if (token.apiKey === homeKey) token.apiKey = renewal.apiKey;
  if (!token.homeApiKey) Object.assign(token, { homeAccountId: token.accountId, homeAccountName: token.accountName });
  token.homeApiKey = renewal.apiKey;
  renewal.applied = true;
}
