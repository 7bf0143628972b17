import { AsyncLocalStorage } from "node:async_hooks";
import type { JWT } from "next-auth/jwt";
import { sessionResponse } from "@/lib/api/accounts";
import { subAccountApiKeysResponse, type SubAccountApiKeysResponse } from "@/lib/api/sub-accounts";
import { callEsignApi } from "./esign-api";

/**
 * Switching the console into another account of the signed-in user. The key in that account never
 * comes from the browser: the server action only names the account, and the session's jwt callback,
 * which alone holds the keys, asks the service for the user's key there with the key of the
 * account they signed in to (`GET /api/account/subaccountApiKeys`), checks it with
 * `GET /api/session`, and only then puts it in the session.
 *
 * Auth.js runs the jwt callback with trigger "update" for the server's `unstable_update`, but also
 * when a browser POSTs to `/auth/session` with data of its own choosing. So the request travels in
 * an AsyncLocalStorage that only the server action sets, never in the update's data: an update
 * started by a browser finds no request and changes nothing.
 */

export type SwitchOutcome = { ok: true; accountId: string; accountName: string } | { ok: false; message: string };

interface SwitchRequest {
  accountId: string;
  outcome?: SwitchOutcome;
}

const requestedSwitch = new AsyncLocalStorage<SwitchRequest>();

const UNREACHABLE = "The e-signature service could not be reached. Try again in a moment.";

/** Runs the session's update with a switch into `accountId` requested, and answers how it went. */
export async function withAccountSwitch(accountId: string, updateSession: () => Promise<unknown>): Promise<SwitchOutcome> {
  const request: SwitchRequest = { accountId };
  await requestedSwitch.run(request, updateSession);
  return request.outcome ?? { ok: false, message: "Your session could not be changed. Sign in again." };
}

/**
 * For the jwt callback on trigger "update": carries out the switch the server action asked for, if
 * there is one. Never throws: a throw in the jwt callback would end the session.
 */
export async function applyRequestedSwitch(token: JWT): Promise<void> {
  const request = requestedSwitch.getStore();
  if (!request || request.outcome) return;
  try {
    const found = await findAccountKey(token, request.accountId);
    if (found.ok) {
      // A session from before home keys were kept: pin its account as home before leaving it.
      if (!token.homeApiKey) Object.assign(token, { homeApiKey: token.apiKey, homeAccountId: token.accountId, homeAccountName: token.accountName });
      token.apiKey = found.apiKey;
      token.accountId = found.accountId;
      token.accountName = found.accountName;
      request.outcome = { ok: true, accountId: found.accountId, accountName: found.accountName };
    } else {
      request.outcome = found;
    }
  } catch {
    request.outcome = { ok: false, message: UNREACHABLE };
  }
}

type FoundKey = { ok: true; apiKey: string; accountId: string; accountName: string } | { ok: false; message: string };

/** The account the user signed in to: its key stays in the session, so every switch starts from there and can come back. */
export function homeOf(token: JWT): { apiKey?: string; accountId?: string; accountName?: string } {
  return token.homeApiKey
    ? { apiKey: token.homeApiKey, accountId: token.homeAccountId, accountName: token.homeAccountName }
    : { apiKey: token.apiKey, accountId: token.accountId, accountName: token.accountName };
}

/** An account the console can switch into, by name only: the keys stay on the server. */
export interface SwitchableAccount {
  id: string;
  name: string;
  /** The account signed in to. */
  home: boolean;
}

/**
 * Where a switch can lead: the account signed in to, and every account below it in which the
 * home key lists a key of the user's (`GET /api/account/subaccountApiKeys`). An account the user
 * merely belongs to elsewhere (a parent, a sibling) needs a sign-in with its own key.
 */
export async function switchableAccounts(token: JWT): Promise<{ ok: true; accounts: SwitchableAccount[] } | { ok: false; message: string }> {
  const home = homeOf(token);
  if (!home.apiKey || !home.accountId) return { ok: false, message: "Your session has ended. Sign in again." };
  try {
    const listed = await keysBelowHome(home.apiKey);
    if (!listed.ok) return listed;
    const below = listed.keys.filter((key) => key.accountUid !== home.accountId).map((key) => ({ id: key.accountUid, name: key.accountName, home: false }));
    return { ok: true, accounts: [{ id: home.accountId, name: home.accountName ?? home.accountId, home: true }, ...below] };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}

/** The user's keys in the accounts below home, as the home key lists them (`GET /api/account/subaccountApiKeys`). */
async function keysBelowHome(homeApiKey: string): Promise<{ ok: true; keys: SubAccountApiKeysResponse } | { ok: false; message: string }> {
  const keys = await callEsignApi("/api/account/subaccountApiKeys", { apiKey: homeApiKey });
  if (keys.status !== 200) return { ok: false, message: messageOf(keys.body, `Your keys could not be read (HTTP ${keys.status}).`) };
  const parsed = subAccountApiKeysResponse.safeParse(keys.body);
  if (!parsed.success) return { ok: false, message: "The service's list of your keys was not understood." };
  return { ok: true, keys: parsed.data };
}

const messageOf = (body: Record<string, unknown> | null, fallback: string) => (typeof body?.message === "string" ? body.message : fallback);

async function findAccountKey(token: JWT, accountId: string): Promise<FoundKey> {
  const home = homeOf(token);
  if (!home.apiKey || !token.userId) return { ok: false, message: "Your session has ended. Sign in again." };
  let apiKey = home.apiKey;
  if (accountId !== home.accountId) {
    const listed = await keysBelowHome(home.apiKey);
    if (!listed.ok) return listed;
    const entry = listed.keys.find((key) => key.accountUid === accountId);
    if (!entry) {
      return {
        ok: false,
        message: `You hold no key in that account below ${home.accountName ?? "the account you signed in to"}. To work there, sign in with that account's key.`,
      };
    }
    apiKey = entry.apiKey;
  }
  // The service's own word on whose key it is and where it acts, not the list's.
  const check = await callEsignApi("/api/session", { apiKey });
  if (check.status !== 200) return { ok: false, message: messageOf(check.body, `The service refused your key in that account (HTTP ${check.status}).`) };
  const session = sessionResponse.safeParse(check.body);
  if (!session.success || session.data.user.id !== token.userId || session.data.account.id !== accountId) {
    return { ok: false, message: "The service answered for another user or account: the console stays where it is." };
  }
  return { ok: true, apiKey, accountId: session.data.account.id, accountName: session.data.account.name };
}
