import { AsyncLocalStorage } from "node:async_hooks";
import type { JWT } from "next-auth/jwt";

/**
 * The console's language the user chose in their profile, kept in the session once the service
 * has stored it (`PUT /api/user/language`), so that no page asks the service for it. Like a key
 * renewal (sign-in-key-renewal.ts), the choice travels to the session's update in an
 * AsyncLocalStorage that only the server action sets, never in the update's data.
 */

interface Choice {
  language: string | null;
  applied: boolean;
}

const chosenLanguage = new AsyncLocalStorage<Choice>();

/** Runs the session's update with the stored choice in hand; answers whether the session took it. */
export async function withChosenLanguage(language: string | null, updateSession: () => Promise<unknown>): Promise<boolean> {
  const choice: Choice = { language, applied: false };
  await chosenLanguage.run(choice, updateSession);
  return choice.applied;
}

/** For the jwt callback on trigger "update". */
export function applyChosenLanguage(token: JWT): void {
  const choice = chosenLanguage.getStore();
  if (!choice || choice.applied) return;
  token.consoleLanguage = choice.language;
  choice.applied = true;
}
