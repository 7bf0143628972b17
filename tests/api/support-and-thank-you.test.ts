import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload, signer } from "../support/packages";
import { seedAccount, seedSender } from "../support/seed";

/**
 * The support contact (`/api/package_information/{id}/support_information`, the SDK's
 * PackageService.getConfig) and the closing text of the ceremony (`/api/packages/{id}/thank_you_dialog`,
 * PackageService.getThankYouDialogContent): where each comes from (package, account, service,
 * sender), in which language, who may change them, and what the ceremony shows.
 */

type Json = Record<string, unknown>;
type Ceremony = { language: string; package: { support: { email: string; phone: string }; thankYou: { title: string; body: string; language: string } | null } };

async function ceremonyOf(packageId: string, roleId = "Signer1") {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.9", userAgent: "SupportTest/1.0" }));
  return callJson<Ceremony>("GET", `/api/signing/${packageId}`, { headers: { cookie: `${signingCookieName(packageId)}=${token}` } });
}

/** A sent package whose one signer reads `language` (none: the package's). */
function sentPackage(apiKey: string, options: { language?: string; signerLanguage?: string; name?: string; status?: string } = {}) {
  const payload = packagePayload({ status: options.status ?? "SENT", signers: 1, name: options.name });
  if (options.signerLanguage) payload.roles[0]!.signers = [{ ...signer(1), language: options.signerLanguage } as ReturnType<typeof signer>];
  return createPackageWithFiles(apiKey, { ...payload, ...(options.language ? { language: options.language } : {}) });
}

describe("support information", () => {
  it("answers the account's contact, member by member over the package sender's, as the SDK's SupportConfiguration", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner.apiKey);
    // Nothing set (and no SUPPORT_EMAIL / SUPPORT_PHONE here): the sender, who has no phone.
    expect(await callJson("GET", `/api/package_information/${packageId}/support_information`, { key: owner.apiKey })).toEqual({ email: owner.email, phone: "" });

    expect(await callJson("GET", "/api/account/admin/accountSettings/supportConfiguration", { key: owner.apiKey })).toEqual({});
    await callJson("PATCH", "/api/account/admin/accountSettings/supportConfiguration", { key: owner.apiKey, json: { phone: "+1 (514) 555-0100 ext. 12" } });
    expect(await callJson("GET", `/api/package_information/${packageId}/support_information`, { key: owner.apiKey })).toEqual({ email: owner.email, phone: "+1 (514) 555-0100 ext. 12" });

    await callJson("PUT", "/api/account/admin/accountSettings/supportConfiguration", { key: owner.apiKey, json: { email: "help@example.test", phone: null } });
    expect(await callJson("GET", `/api/package_information/${packageId}/support_information`, { key: owner.apiKey })).toEqual({ email: "help@example.test", phone: "+1 (514) 555-0100 ext. 12" });
    // The ceremony's Help shows the same.
    expect((await ceremonyOf(packageId)).package.support).toEqual({ email: "help@example.test", phone: "+1 (514) 555-0100 ext. 12" });

    // Back to the defaults: the sender again.
    expect((await call("DELETE", "/api/account/admin/accountSettings/supportConfiguration", { key: owner.apiKey })).status).toBe(204);
    expect(await callJson("GET", `/api/package_information/${packageId}/support_information`, { key: owner.apiKey })).toEqual({ email: owner.email, phone: "" });
  });

  it("refuses what is no e-mail or phone, a sender without the account settings permission, and another account's package", async () => {
    const owner = await seedAccount();
    const badEmail = await callJson<Json>("PATCH", "/api/account/admin/accountSettings/supportConfiguration", { key: owner.apiKey, json: { email: "not an address" }, expect: 400 });
    expect(badEmail).toMatchObject({ code: 400, name: "Bad Request" });
    expect(badEmail.messageKey).toEqual(expect.stringMatching(/^error\.validation/));
    await callJson("PATCH", "/api/account/admin/accountSettings/supportConfiguration", { key: owner.apiKey, json: { phone: "call me maybe" }, expect: 400 });

    const sender = await seedSender(owner);
    const forbidden = await callJson<Json>("PATCH", "/api/account/admin/accountSettings/supportConfiguration", { key: sender.apiKey, json: { email: "me@example.test" }, expect: 403 });
    expect(forbidden).toMatchObject({ code: 403 });
    // A sender reads the support information of their own package.
    const sendersPackage = await sentPackage(sender.apiKey);
    expect(await callJson("GET", `/api/package_information/${sendersPackage}/support_information`, { key: sender.apiKey })).toEqual({ email: sender.email, phone: "" });

    const stranger = await seedAccount();
    await callJson("GET", `/api/package_information/${sendersPackage}/support_information`, { key: stranger.apiKey, expect: 404 });
    await callJson("GET", `/api/package_information/${sendersPackage}/support_information`, { expect: 401 });
  });
});

describe("thank-you dialog", () => {
  it("answers Signet's own text in the package's language until the account or the package has one", async () => {
    const { apiKey } = await seedAccount();
    const english = await sentPackage(apiKey, { name: "Lease 7" });
    expect(await callJson("GET", `/api/packages/${english}/thank_you_dialog`, { key: apiKey })).toEqual({ title: "Thank you", body: "You have finished signing “Lease 7”.", language: "en" });
    const french = await sentPackage(apiKey, { name: "Bail 7", language: "fr" });
    expect(await callJson("GET", `/api/packages/${french}/thank_you_dialog`, { key: apiKey })).toEqual({ title: "Merci", body: "Vous avez terminé la signature de « Bail 7 ».", language: "fr" });
    // A language Signet does not speak: English.
    expect(await callJson<Json>("GET", `/api/packages/${english}/thank_you_dialog?language=sv`, { key: apiKey })).toMatchObject({ title: "Thank you", language: "en" });
  });

  it("takes the account's text per language, the package's over it, and the signer's language where a text is given", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/accountConfig/thankYouDialog/fr", { key: apiKey })).toEqual({ title: "", body: "", language: "fr" });
    expect(await callJson("PUT", "/api/accountConfig/thankYouDialog/en", { key: apiKey, json: { title: "All done", body: "Thanks from Acme." } })).toEqual({ title: "All done", body: "Thanks from Acme.", language: "en" });
    expect(await callJson("POST", "/api/accountConfig/thankYouDialog/fr_CA", { key: apiKey, json: { body: "Merci de la part d'Acme." } })).toEqual({ title: "", body: "Merci de la part d'Acme.", language: "fr-CA" });

    const packageId = await sentPackage(apiKey);
    expect(await callJson("GET", `/api/packages/${packageId}/thank_you_dialog`, { key: apiKey })).toEqual({ title: "All done", body: "Thanks from Acme.", language: "en" });
    expect(await callJson("GET", `/api/packages/${packageId}/thank_you_dialog?language=fr-CA`, { key: apiKey })).toMatchObject({ body: "Merci de la part d'Acme.", language: "fr-CA" });
    // No French text but the Canadian one: the package's language's.
    expect(await callJson("GET", `/api/packages/${packageId}/thank_you_dialog?language=fr`, { key: apiKey })).toMatchObject({ body: "Thanks from Acme.", language: "en" });

    // The package's own text wins over the account's, in its language.
    expect(await callJson("PUT", `/api/packages/${packageId}/thank_you_dialog`, { key: apiKey, json: { title: "Merci !", body: "Ce dossier est signé.", language: "fr" } })).toEqual({ title: "Merci !", body: "Ce dossier est signé.", language: "fr" });
    expect(await callJson("PUT", `/api/packages/${packageId}/thank_you_dialog`, { key: apiKey, json: { body: "This lease is signed." } })).toEqual({ title: "", body: "This lease is signed.", language: "en" });
    expect(await callJson("GET", `/api/packages/${packageId}/thank_you_dialog?language=fr`, { key: apiKey })).toEqual({ title: "Merci !", body: "Ce dossier est signé.", language: "fr" });
    const pkg = await callJson<{ settings: { ceremony: Json } }>("GET", `/api/packages/${packageId}`, { key: apiKey });
    expect(pkg.settings.ceremony.thankYouDialog).toEqual({ fr: { title: "Merci !", body: "Ce dossier est signé." }, en: { title: "", body: "This lease is signed." } });

    // A French signer reads the French text; an English one the English.
    const mixed = await sentPackage(apiKey, { signerLanguage: "fr" });
    await callJson("PUT", `/api/packages/${mixed}/thank_you_dialog?language=fr`, { key: apiKey, json: { body: "Merci, c'est signé." } });
    const ceremony = await ceremonyOf(mixed);
    expect(ceremony.language).toBe("fr");
    expect(ceremony.package.thankYou).toEqual({ title: "", body: "Merci, c'est signé.", language: "fr" });
    // Removing the package's French text: the account's Canadian text is no French one, so the package's language's.
    expect((await call("DELETE", `/api/packages/${mixed}/thank_you_dialog?language=fr`, { key: apiKey })).status).toBe(204);
    expect((await ceremonyOf(mixed)).package.thankYou).toEqual({ title: "All done", body: "Thanks from Acme.", language: "en" });

    expect((await call("DELETE", "/api/accountConfig/thankYouDialog/en", { key: apiKey })).status).toBe(204);
    // Nobody wrote one: the ceremony's own words suffice (the API answers Signet's text in French).
    expect((await ceremonyOf(mixed)).package.thankYou).toBeNull();
    expect(await callJson("GET", `/api/packages/${mixed}/thank_you_dialog?language=fr`, { key: apiKey })).toMatchObject({ title: "Merci", language: "fr" });
  });

  it("refuses an empty text, a bad language, a sender without the permission, a closed package, and another's package", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner.apiKey);
    const empty = await callJson<Json>("PUT", `/api/packages/${packageId}/thank_you_dialog`, { key: owner.apiKey, json: { title: "Only a title" }, expect: 400 });
    expect(empty).toMatchObject({ code: 400, name: "Bad Request" });
    expect(empty.messageKey).toEqual(expect.stringMatching(/^error\.validation/));
    await callJson("PUT", `/api/packages/${packageId}/thank_you_dialog`, { key: owner.apiKey, json: { body: "   " }, expect: 400 });
    await callJson("PUT", `/api/packages/${packageId}/thank_you_dialog?language=not-a-language`, { key: owner.apiKey, json: { body: "x" }, expect: 400 });
    await callJson("GET", "/api/accountConfig/thankYouDialog/not-a-language", { key: owner.apiKey, expect: 400 });
    await callJson("PUT", "/api/accountConfig/thankYouDialog/en", { key: owner.apiKey, json: { body: "x".repeat(4001) }, expect: 400 });
    // A package created with a malformed text is refused too.
    await callJson("POST", "/api/packages", { key: owner.apiKey, json: { ...packagePayload({ signers: 1 }), settings: { ceremony: { thankYouDialog: { English: { body: "x" } } } } }, expect: 400 });

    const sender = await seedSender(owner);
    await callJson("PUT", "/api/accountConfig/thankYouDialog/en", { key: sender.apiKey, json: { body: "Mine" }, expect: 403 });
    // Another sender's package is not theirs to see.
    await callJson("PUT", `/api/packages/${packageId}/thank_you_dialog`, { key: sender.apiKey, json: { body: "Mine" }, expect: 404 });
    const stranger = await seedAccount();
    await callJson("GET", `/api/packages/${packageId}/thank_you_dialog`, { key: stranger.apiKey, expect: 404 });

    // Once the signers can no longer reach the end (a completed package, one in the trash), the text is kept as it was.
    const db = await getDb();
    await db.update(packages).set({ status: "COMPLETED" }).where(eq(packages.id, packageId));
    const closed = await callJson<Json>("PUT", `/api/packages/${packageId}/thank_you_dialog`, { key: owner.apiKey, json: { body: "Too late" }, expect: 409 });
    expect(closed).toMatchObject({ code: 409, messageKey: "error.conflict.packageClosed" });
    const trashed = await sentPackage(owner.apiKey);
    await callJson("POST", `/api/packages/${trashed}`, { key: owner.apiKey, json: { trashed: true } });
    await callJson("DELETE", `/api/packages/${trashed}/thank_you_dialog`, { key: owner.apiKey, expect: 409 });
  });
});
