import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { users } from "@/lib/db/schema";
import type { SignUpRequest, SignUpResponse } from "@/lib/api/accounts";
import { config } from "@/lib/config";
import { badRequest, conflict, forbidden } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { passwordWeakness } from "@/lib/api/password-rule";
import { hashPassword } from "@/lib/esign/security/passwords";
import { addMember, createAccount, issueApiKey } from "./account-setup";

/** Creates an account whose owner is the new user, and that user's first API key. */
export async function signUp(db: Db, input: SignUpRequest): Promise<SignUpResponse> {
  if (!config().signupEnabled) throw forbidden("error.forbidden.signupDisabled", "Sign-up is disabled on this service.");
  const weakness = passwordWeakness(input.password);
  if (weakness) throw badRequest("error.validation.weakPassword", weakness);

  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  try {
    return await db.transaction(async (tx) => {
      const accountId = await createAccount(tx, { name: input.accountName });
      await tx.insert(users).values({
        id: userId,
        accountId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        status: "ACTIVE",
      });
      await addMember(tx, accountId, userId, { isOwner: true, role: "OWNER" });
      return { accountId, userId, apiKey: await issueApiKey(tx, userId, accountId) };
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) {
      throw conflict("error.conflict.emailExists", `A user with the e-mail ${email} already exists.`);
    }
    throw error;
  }
}
