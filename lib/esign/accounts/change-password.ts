import { eq } from "drizzle-orm";
import type { PasswordChange, PasswordChangeResponse } from "@/lib/api/accounts";
import { passwordWeakness } from "@/lib/api/password-rule";
import type { Db } from "@/lib/db/client";
import { passwordResetTokens, signInFailures, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { badRequest } from "@/lib/esign/errors";
import { hashPassword, verifyPassword } from "@/lib/esign/security/passwords";
import type { Caller } from "./caller";
import { countPasswordAttempt } from "./sign-in";
import { renewSignInKey, revokeSignInCredentialsOf } from "./sign-in-keys";

/**
 * `POST /api/user/password` (our extension): the caller changes their own password, proving the
 * current one. A wrong current password counts as a failed sign-in of the user's e-mail (so a key
 * cannot be used to guess it faster than the sign-in allows: 429 past the limit). The new password
 * meets the sign-up rule. Reset links still outstanding stop working, and so do the user's sign-in
 * keys in every account: whoever signed in with the old password loses that access. A caller with
 * an API key gets a fresh sign-in key in its account, so that the console session that made the
 * change goes on; an access token gets none (it never gets keys). Ending the user's other console
 * sessions is the console's part (it keeps them).
 */
export async function changePassword(db: Db, caller: Caller, input: PasswordChange, ipAddress: string): Promise<PasswordChangeResponse> {
  const weakness = passwordWeakness(input.newPassword);
  if (weakness) throw badRequest("error.validation.weakPassword", weakness);

  const email = caller.user.email.toLowerCase();
  await countPasswordAttempt(db, email, ipAddress);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.user.id));
  const stored = user?.passwordHash ?? null;
  if (stored === null || !(await verifyPassword(input.currentPassword, stored))) {
    throw badRequest("error.validation.wrongCurrentPassword", "The current password is not right.");
  }

  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updated: now() }).where(eq(users.id, caller.user.id));
    await tx.delete(signInFailures).where(eq(signInFailures.email, email));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, caller.user.id));
    await revokeSignInCredentialsOf(tx, caller.user.id);
    const changed = { id: caller.user.id, email: caller.user.email };
    if (caller.credential !== "apiKey") return changed;
    return { ...changed, apiKey: await renewSignInKey(tx, caller.user.id, caller.account.id) };
  });
}
