import { eq } from "drizzle-orm";
import type { PasswordChange, PasswordSetResponse } from "@/lib/api/accounts";
import { passwordWeakness } from "@/lib/api/password-rule";
import type { Db } from "@/lib/db/client";
import { passwordResetTokens, signInFailures, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { badRequest } from "@/lib/esign/errors";
import { hashPassword, verifyPassword } from "@/lib/esign/security/passwords";
import type { Caller } from "./caller";
import { countPasswordAttempt } from "./sign-in";

/**
 * `POST /api/user/password` (our extension): the caller changes their own password, proving the
 * current one. A wrong current password counts as a failed sign-in of the user's e-mail (so a key
 * cannot be used to guess it faster than the sign-in allows: 429 past the limit). The new password
 * meets the sign-up rule. Reset links still outstanding stop working. Ending the user's other
 * console sessions is the console's part (it keeps them).
 */
export async function changePassword(db: Db, caller: Caller, input: PasswordChange, ipAddress: string): Promise<PasswordSetResponse> {
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
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updated: now() }).where(eq(users.id, caller.user.id));
    await tx.delete(signInFailures).where(eq(signInFailures.email, email));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, caller.user.id));
  });
  return { id: caller.user.id, email: caller.user.email };
}
