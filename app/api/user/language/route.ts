import { consoleLanguageChange, consoleLanguageResponse } from "@/lib/api/accounts";
import { setConsoleLanguage } from "@/lib/esign/accounts/console-language";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: the console's language for the caller's own user. */
export const PUT = apiRoute({
  tag: "Accounts",
  summary: "Choose the caller's console language (our extension)",
  description:
    "One of en, fr, de, es, nl, it, pt, ja: the console shows itself in it, and e-mails to the user about their packages use it too. `null` makes the console follow the browser's language again (the e-mails keep theirs). `GET /api/session` answers it as the user's `consoleLanguage`.",
  permission: null,
  body: { schema: consoleLanguageChange },
  responses: { 200: ok(consoleLanguageResponse, "The user's language and console language") },
}, async ({ db, caller, body }) => setConsoleLanguage(db, caller, body));

export * from "@/lib/http/method-not-allowed";
