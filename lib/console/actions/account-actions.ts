"use server";

import { z } from "zod";
import { auth, unstable_update } from "@/lib/console/auth";
import { switchableAccounts, withAccountSwitch, type SwitchableAccount, type SwitchOutcome } from "@/lib/console/account-switch";
import { serverSessionToken } from "@/lib/console/session-token";

const accountIdInput = z.string().trim().min(1).max(64);

/**
 * Moves the console into another account the user belongs to (their home account included). The
 * browser names the account only; the key is found and checked on the server (`account-switch.ts`).
 */
export async function switchAccount(accountId: string): Promise<SwitchOutcome> {
  const parsed = accountIdInput.safeParse(accountId);
  if (!parsed.success) return { ok: false, message: "Choose an account to switch to." };
  if (!(await auth())) return { ok: false, message: "Your session has ended. Sign in again." };
  return withAccountSwitch(parsed.data, () => unstable_update({}));
}

/** The accounts the console can switch into (names only), for the account switcher and the sub accounts page. */
export async function listSwitchableAccounts(): Promise<{ ok: true; accounts: SwitchableAccount[] } | { ok: false; message: string }> {
  const token = await serverSessionToken();
  if (!token) return { ok: false, message: "Your session has ended. Sign in again." };
  return switchableAccounts(token);
}
