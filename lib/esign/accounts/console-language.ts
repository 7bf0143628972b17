import { eq } from "drizzle-orm";
import type { ConsoleLanguageChange, ConsoleLanguageResponse } from "@/lib/api/accounts";
import type { Queryable } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Caller } from "./caller";

/**
 * `PUT /api/user/language`: the caller's own choice of console language. A language chosen is
 * also the user's language for e-mails; null returns the console to the browser's language and
 * leaves the e-mails' language as it was.
 */
export async function setConsoleLanguage(db: Queryable, caller: Caller, { language }: ConsoleLanguageChange): Promise<ConsoleLanguageResponse> {
  const [user] = await db
    .update(users)
    .set(language ? { consoleLanguage: language, language, updated: new Date() } : { consoleLanguage: null, updated: new Date() })
    .where(eq(users.id, caller.user.id))
    .returning({ language: users.language, consoleLanguage: users.consoleLanguage });
  return user;
}
