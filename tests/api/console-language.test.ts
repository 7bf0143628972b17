import { describe, expect, it } from "vitest";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender } from "../support/seed";

/** `PUT /api/user/language` (our extension): the console's language of the caller's own user, answered by `GET /api/session`. */

type SessionUser = { user: { language: string; consoleLanguage?: string } };

/** The session's user, with no consoleLanguage read as null (it is left out until chosen). */
const sessionUser = async (key: string) => {
  const { user } = await callJson<SessionUser>("GET", "/api/session", { key });
  return { ...user, consoleLanguage: user.consoleLanguage ?? null };
};

describe("console language", () => {
  it("follows the browser until the user chooses, then sets the e-mails' language too", async () => {
    const owner = await seedAccount();
    const { user } = await callJson<SessionUser>("GET", "/api/session", { key: owner.apiKey });
    expect(user).not.toHaveProperty("consoleLanguage");
    expect(await sessionUser(owner.apiKey)).toMatchObject({ language: "en", consoleLanguage: null });

    expect(await callJson("PUT", "/api/user/language", { key: owner.apiKey, json: { language: "ja" } })).toEqual({ language: "ja", consoleLanguage: "ja" });
    expect(await sessionUser(owner.apiKey)).toMatchObject({ language: "ja", consoleLanguage: "ja" });

    // Back to the browser's: the e-mails keep the language last chosen.
    expect(await callJson("PUT", "/api/user/language", { key: owner.apiKey, json: { language: null } })).toEqual({ language: "ja", consoleLanguage: null });
  });

  it("is each user's own: a sender without any permission sets theirs, and nobody else's changes", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    await callJson("PUT", "/api/user/language", { key: sender.apiKey, json: { language: "de" } });
    expect(await sessionUser(sender.apiKey)).toMatchObject({ consoleLanguage: "de", language: "de" });
    expect(await sessionUser(owner.apiKey)).toMatchObject({ consoleLanguage: null, language: "en" });
  });

  it("refuses a language Signet does not ship, naming the ones it does, and changes nothing", async () => {
    const owner = await seedAccount();
    for (const language of ["zh", "fr-CA", "", 3]) {
      const answer = await call("PUT", "/api/user/language", { key: owner.apiKey, json: { language } });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain("en, fr, de, es, nl, it, pt, ja");
    }
    expect((await call("PUT", "/api/user/language", { key: owner.apiKey, json: {} })).status).toBe(400);
    expect(await sessionUser(owner.apiKey)).toMatchObject({ consoleLanguage: null, language: "en" });
  });
});
