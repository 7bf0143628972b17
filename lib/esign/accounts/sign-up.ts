import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { accounts, apiKeys, users } from "@/lib/db/schema";
import type { SignUpRequest, SignUpResponse } from "@/lib/api/accounts";
import { config } from "@/lib/config";
import { badRequest, conflict, forbidden } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { encryptApiKey, generateApiKey, apiKeyLookupHash } from "@/lib/esign/security/api-key-crypto";
import { hashPassword, passwordWeakness } from "@/lib/esign/security/passwords";

/** Creates an account whose owner is the new user, and that user's first API key. */
export async function signUp(db: Db, input: SignUpRequest): Promise<SignUpResponse> {
  if (!config().signupEnabled) throw forbidden("error.forbidden.signupDisabled", "Sign-up is disabled on this service.");
  const weakness = passwordWeakness(input.password);
  if (weakness) throw badRequest("error.validation.weakPassword", weakness);

  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const accountId = newId();
  const userId = newId();
  const apiKey = generateApiKey();

  try {
    await db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, name: input.accountName });
      await tx.insert(users).values({
        id: userId,
        accountId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        status: "ACTIVE",
        isAccountOwner: true,
      });
      await tx.insert(apiKeys).values({
        id: newId(),
        userId,
        accountId,
        lookupHash: apiKeyLookupHash(apiKey),
        encryptedKey: encryptApiKey(apiKey),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) {
      throw conflict("error.conflict.emailExists", `A user with the e-mail ${email} already exists.`);
    }
    throw error;
  }
  return { accountId, userId, apiKey };
}
