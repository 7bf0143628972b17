import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender } from "../support/seed";

/**
 * Account settings as the original service's Java SDK drives them (AccountConfigService,
 * SigningStyleService, DataRetentionSettingsService): each test replays the SDK's request bodies
 * and checks the answer the SDK parses, then what the setting does to packages and the ceremony.
 */

type Json = Record<string, unknown>;

async function ceremonyOf(packageId: string, roleId: string) {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.9", userAgent: "SettingsTest/1.0" }));
  return callJson<{ package: { refusals: { decline: { allowed: boolean; reasons: string[]; otherAllowed: boolean } }; handover: Json | null } }>("GET", `/api/signing/${packageId}`, {
    headers: { cookie: `${signingCookieName(packageId)}=${token}` },
  });
}

describe("account settings: the SDK's AccountSettingsExample", () => {
  it("answers every member with its default, merges the SDK's PATCH, resets on DELETE", async () => {
    const { apiKey } = await seedAccount();
    const defaults = await callJson<{ accountPackageSettings: Json; accountFeatureSettings: Json }>("GET", "/api/account/admin/accountSettings", { key: apiKey });
    expect(defaults.accountPackageSettings).toMatchObject({ ada: false, inPerson: false, defaultTimeBasedExpiry: false, disableDeclineOther: false, maxAttachmentFiles: 0, fontSize: 12 });
    expect(defaults.accountFeatureSettings).toMatchObject({ allowCheckboxConsentApproval: true, attachments: true, conditionalFields: true, documentWidget: false });

    // The SDK's builders leave what was not set as null: nulls are no change.
    await callJson("PATCH", "/api/account/admin/accountSettings", {
      key: apiKey,
      json: {
        accountPackageSettings: { ada: true, declineButton: true, defaultTimeBasedExpiry: true, disableDeclineOther: true, title: true, progressBar: true, navigator: true, maxAttachmentFiles: 0, fontSize: 12, inPerson: null },
        accountFeatureSettings: { allowCheckboxConsentApproval: false, allowInPersonForAccountSenders: true, attachments: false, conditionalFields: false, overrideRecipientsPreferredLanguage: true, documentWidget: false, groups: null },
      },
    });
    const patched = await callJson<{ accountPackageSettings: Json; accountFeatureSettings: Json }>("GET", "/api/account/admin/accountSettings", { key: apiKey });
    expect(patched.accountPackageSettings).toMatchObject({ ada: true, disableDeclineOther: true, title: true, inPerson: false, fontSize: 12 });
    expect(patched.accountFeatureSettings).toMatchObject({ allowCheckboxConsentApproval: false, attachments: false, overrideRecipientsPreferredLanguage: true, groups: true });

    // One document at a time.
    await callJson("PATCH", "/api/account/admin/accountSettings/packageSettings", { key: apiKey, json: { maxAttachmentFiles: 10, fontSize: 16 } });
    expect(await callJson("GET", "/api/account/admin/accountSettings/packageSettings", { key: apiKey })).toMatchObject({ ada: true, maxAttachmentFiles: 10, fontSize: 16 });

    expect((await call("DELETE", "/api/account/admin/accountSettings", { key: apiKey })).status).toBe(204);
    expect(await callJson("GET", "/api/account/admin/accountSettings", { key: apiKey })).toEqual(defaults);
  });

  it("refuses a wrong type with a JSON 400 and a sender without account_settings.manage with a 403, storing nothing", async () => {
    const account = await seedAccount();
    const wrong = await callJson<{ messageKey: string }>("PATCH", "/api/account/admin/accountSettings/packageSettings", { key: account.apiKey, json: { ada: "yes" }, expect: 400 });
    expect(wrong.messageKey).toBe("error.validation.invalidBody");
    const sender = await seedSender(account);
    // Any member reads the settings (they shape their packages); changing them is the administrator's.
    expect((await call("GET", "/api/account/admin/accountSettings/packageSettings", { key: sender.apiKey })).status).toBe(200);
    await callJson("PATCH", "/api/account/admin/accountSettings/packageSettings", { key: sender.apiKey, json: { ada: true }, expect: 403 });
    expect(await callJson("GET", "/api/account/admin/accountSettings/packageSettings", { key: account.apiKey })).toMatchObject({ ada: false });
  });

  it("starts each new package's ceremony from the account's package settings; the package's own settings win", async () => {
    const { apiKey } = await seedAccount();
    await callJson("PATCH", "/api/account/admin/accountSettings/packageSettings", { key: apiKey, json: { declineButton: false, hideWatermark: true, optOutButton: false } });
    const plain = await createPackageWithFiles(apiKey, packagePayload());
    const own = await createPackageWithFiles(apiKey, { ...packagePayload(), settings: { ceremony: { optOutButton: true } } });
    const ceremonyOfPackage = async (id: string) => (await callJson<{ settings: { ceremony: Json } }>("GET", `/api/packages/${id}`, { key: apiKey })).settings.ceremony;
    expect(await ceremonyOfPackage(plain)).toMatchObject({ declineButton: false, hideWatermark: true, optOutButton: false });
    expect(await ceremonyOfPackage(own)).toMatchObject({ declineButton: false, optOutButton: true });
  });
});

describe("the other admin documents, as their SDK examples write them", () => {
  it("designer, e-mail reminder, system, languages, signature layout, choose-signature and signing UI options: defaults, PATCH, DELETE", async () => {
    const { apiKey } = await seedAccount();
    const cases: [path: string, defaults: Json, patch: Json][] = [
      ["accountSettings/designerSettings", { send: true, addDocument: true, defaultSignatureType: "fullname" }, { addDocument: false, defaultSignatureType: "capture" }],
      ["accountSettings/emailReminderSettings", { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 0 }, { startInDaysDelay: 3, intervalInDays: 2, repetitionsCount: 5 }],
      ["accountSettings/systemSettings", { senderLoginMaxFailedAttempts: 5, orderLastNameFirstName: false }, { orderLastNameFirstName: true }],
      ["accountSettings/limitSupportedLanguages", {}, { defaultSignerLanguage: "fr", signerLanguages: ["fr", "en"] }],
      ["accountSettings/signatureLayout", {}, { logo: { image: "data:image/png;base64,iVBORw0KGgo=" } }],
      ["chooseSignature", { signature: { allowDrawing: true, defaultSignatureType: "STYLE" } }, { signature: { allowDrawing: false } }],
      ["signingUiOptions", { completeSummaryOptions: { title: true, download: true } }, { completeSummaryOptions: { download: false } }],
    ];
    for (const [path, defaults, patch] of cases) {
      const url = `/api/account/admin/${path}`;
      expect(await callJson("GET", url, { key: apiKey }), path).toMatchObject(defaults);
      const written = await callJson("PATCH", url, { key: apiKey, json: patch });
      expect(written, path).toMatchObject(patch);
      // A nested object is merged member by member: the defaults beside the changed member stay.
      expect(await callJson("GET", url, { key: apiKey }), path).toMatchObject({ ...defaults, ...patch, ...(path === "chooseSignature" ? { signature: { allowDrawing: false, allowUploading: true } } : {}) });
      expect((await call("DELETE", url, { key: apiKey })).status, path).toBe(204);
      expect(await callJson("GET", url, { key: apiKey }), path).toMatchObject(defaults);
    }
    await callJson("PATCH", "/api/account/admin/accountSettings/emailReminderSettings", { key: apiKey, json: { repetitionsCount: 6 }, expect: 400 });
  });

  it("keeps the attachments whitelist as the SDK's AccountUploadSettings: a bare array, upper-cased, and enforces it on signers' uploads", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey })).toEqual([]);
    await callJson("PUT", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey, json: ["TestFileType"] });
    expect(await callJson("GET", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey })).toEqual(["TESTFILETYPE"]);
    // A PUT replaces the list.
    await callJson("PUT", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey, json: ["pdf", "TestFileType1", "TestFileType2"] });
    expect(await callJson("GET", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey })).toEqual(["PDF", "TESTFILETYPE1", "TESTFILETYPE2"]);
    await callJson("PUT", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey, json: [""], expect: 400 });

    const packageId = await createPackageWithFiles(apiKey, {
      ...packagePayload({ status: "SENT", signers: 1 }),
      roles: [{ id: "Signer1", type: "SIGNER", signers: [{ email: "attacher@example.test", firstName: "Ada", lastName: "Attacher" }], attachmentRequirements: [{ name: "ID", description: "Your ID", required: false }] }],
    });
    const db = await getDb();
    const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId: "Signer1", memberEmail: null, ipAddress: "203.0.113.9", userAgent: "SettingsTest/1.0" }));
    const headers = { cookie: `${signingCookieName(packageId)}=${token}` };
    const pkg = await callJson<{ roles: { id: string; attachmentRequirements: { id: string }[] }[] }>("GET", `/api/packages/${packageId}`, { key: apiKey });
    const requirementId = pkg.roles.find((role) => role.id === "Signer1")!.attachmentRequirements[0].id;
    const upload = (fileName: string) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array([1, 2, 3])], { type: "application/octet-stream" }), fileName);
      return call("POST", `/api/signing/${packageId}/attachments/${requirementId}`, { headers, body: form });
    };
    const refused = await upload("photo.jpg");
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { messageKey: string }).messageKey).toBe("error.validation.fileTypeNotAllowed");
    expect((await upload("scan.PDF")).status).toBe(200);

    expect((await call("DELETE", "/api/account/admin/accountSettings/attachmentsWhitelist", { key: apiKey })).status).toBe(204);
    expect((await upload("photo.jpg")).status).toBe(200);
  });
});

describe("per-language account configuration (ConfigureHandoverUrlExample, DeclineReasonExample)", () => {
  it("keeps the hand-over link per language, merges the SDK's partial update, and offers it to a signer who finished", async () => {
    const { apiKey } = await seedAccount();
    const empty = { href: "", text: "", title: "", language: "it" };
    expect(await callJson("GET", "/api/accountConfig/handoverUrl/it", { key: apiKey })).toEqual(empty);
    expect(
      await callJson("POST", "/api/accountConfig/handoverUrl/it", { key: apiKey, json: { language: "it", href: "https://example.test/grazie", text: "Torna", title: "Il sito" } }),
    ).toEqual({ href: "https://example.test/grazie", text: "Torna", title: "Il sito", language: "it" });
    // The SDK's update sends only the new title (href null).
    expect(await callJson("PUT", "/api/accountConfig/handoverUrl/it", { key: apiKey, json: { language: "it", href: null, title: "Nuovo" } })).toMatchObject({
      href: "https://example.test/grazie",
      text: "Torna",
      title: "Nuovo",
    });

    const italian = await createPackageWithFiles(apiKey, { ...packagePayload({ status: "SENT", signers: 1 }), language: "it" });
    expect((await ceremonyOf(italian, "Signer1")).package.handover).toEqual({ href: "https://example.test/grazie", text: "Torna", title: "Nuovo" });
    const english = await createPackageWithFiles(apiKey, packagePayload({ status: "SENT", signers: 1 }));
    expect((await ceremonyOf(english, "Signer1")).package.handover).toBeNull();

    // Any text is kept, as the original keeps it; only a web link is offered to a signer.
    await callJson("PUT", "/api/accountConfig/handoverUrl/it", { key: apiKey, json: { href: "javascript:alert(1)" } });
    expect((await ceremonyOf(italian, "Signer1")).package.handover).toBeNull();

    expect((await call("DELETE", "/api/accountConfig/handoverUrl/it", { key: apiKey })).status).toBe(204);
    expect(await callJson("GET", "/api/accountConfig/handoverUrl/it", { key: apiKey })).toEqual(empty);
    await callJson("POST", "/api/accountConfig/handoverUrl/it", { key: apiKey, json: { title: "no link" }, expect: 400 });
    await callJson("GET", "/api/accountConfig/handoverUrl/not-a-language", { key: apiKey, expect: 400 });
  });

  it("keeps decline reasons per language as bare arrays and offers them to a declining signer", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/accountConfig/declineReasons/en", { key: apiKey })).toEqual([]);
    expect(await callJson("POST", "/api/accountConfig/declineReasons/en", { key: apiKey, json: ["Decline Reason 1", "Decline Reason 2"] })).toEqual(["Decline Reason 1", "Decline Reason 2"]);
    expect(await callJson("PUT", "/api/accountConfig/declineReasons/en", { key: apiKey, json: ["Decline Reason 3"] })).toEqual(["Decline Reason 3"]);

    const packageId = await createPackageWithFiles(apiKey, packagePayload({ status: "SENT", signers: 1 }));
    expect((await ceremonyOf(packageId, "Signer1")).package.refusals.decline).toMatchObject({ allowed: true, reasons: ["Decline Reason 3"] });

    expect((await call("DELETE", "/api/accountConfig/declineReasons/en", { key: apiKey })).status).toBe(204);
    expect(await callJson("GET", "/api/accountConfig/declineReasons/en", { key: apiKey })).toEqual([]);
    await callJson("PUT", "/api/accountConfig/declineReasons/en", { key: apiKey, json: "not a list", expect: 400 });
  });
});

describe("signing themes and logos (SigningStyleExample)", () => {
  it("creates, replaces and deletes the themes map", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/account/signingThemes", { key: apiKey })).toEqual({});
    await callJson("POST", "/api/account/signingThemes", { key: apiKey, json: { default: { color: { primary: "#5940C3" } } } });
    await callJson("PUT", "/api/account/signingThemes", { key: apiKey, json: { default: { color: { secondary: "#F31C8B" } } } });
    // PUT replaces: the earlier primary colour is gone.
    expect(await callJson("GET", "/api/account/signingThemes", { key: apiKey })).toEqual({ default: { color: { secondary: "#F31C8B" } } });
    expect((await call("DELETE", "/api/account/signingThemes", { key: apiKey })).status).toBe(204);
    expect(await callJson("GET", "/api/account/signingThemes", { key: apiKey })).toEqual({});
  });

  it("keeps one logo per language", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/account/admin/signingLogos", { key: apiKey })).toEqual([]);
    const logos = [
      { language: "en", image: "data:image/png;base64,iVBORw0KGgo=" },
      { language: "fr", image: "data:image/png;base64,iVBORw0KGgp=" },
    ];
    await callJson("POST", "/api/account/admin/signingLogos", { key: apiKey, json: logos });
    expect(await callJson("GET", "/api/account/admin/signingLogos", { key: apiKey })).toEqual(logos);
    await callJson("POST", "/api/account/admin/signingLogos", { key: apiKey, json: [] });
    expect(await callJson("GET", "/api/account/admin/signingLogos", { key: apiKey })).toEqual([]);
  });
});

describe("data retention settings (ExpiryTimeConfigurationExample, DataManagementPolicyExample)", () => {
  it("dates new packages by the expiry configuration and refuses a due date past its maximum", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/dataRetentionSettings/expiryTimeConfiguration", { key: apiKey })).toEqual({ remainingDays: 0, maximumRemainingDays: 0 });
    await callJson("PUT", "/api/dataRetentionSettings/expiryTimeConfiguration", { key: apiKey, json: { maximumRemainingDays: 60, remainingDays: 30 } });
    expect(await callJson("GET", "/api/dataRetentionSettings/expiryTimeConfiguration", { key: apiKey })).toEqual({ remainingDays: 30, maximumRemainingDays: 60 });

    const before = Date.now();
    const id = await createPackageWithFiles(apiKey, packagePayload());
    const { due } = await callJson<{ due: string }>("GET", `/api/packages/${id}`, { key: apiKey });
    const days = (Date.parse(due) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const tooLate = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const refused = await callJson<{ messageKey: string }>("PUT", `/api/packages/${id}`, { key: apiKey, json: { due: tooLate }, expect: 400 });
    expect(refused.messageKey).toBe("error.validation.dueTooLate");
  });

  it("keeps the data management policy the SDK sets", async () => {
    const { apiKey } = await seedAccount();
    expect(await callJson("GET", "/api/dataRetentionSettings/dataManagementPolicy", { key: apiKey })).toEqual({
      transactionRetention: { draft: 0, sent: 0, completed: 0, archived: 0, declined: 0, optedOut: 0, expired: 0 },
    });
    const policy = { transactionRetention: { archived: 60, completed: 60, declined: 60, draft: 60, expired: 60, optedOut: 60, sent: 0 } };
    await callJson("PUT", "/api/dataRetentionSettings/dataManagementPolicy", { key: apiKey, json: policy });
    expect(await callJson("GET", "/api/dataRetentionSettings/dataManagementPolicy", { key: apiKey })).toEqual(policy);
    await callJson("PUT", "/api/dataRetentionSettings/dataManagementPolicy", { key: apiKey, json: { transactionRetention: { completed: -1 } }, expect: 400 });
  });
});
