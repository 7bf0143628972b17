import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, type SeededAccount } from "../support/seed";

/** A session cookie for a role, opened the way `/access` opens one. */
async function sessionFor(packageId: string, roleId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.7", userAgent: "LanguageTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

/** One signer per given language (undefined: the signer has none), in a package in `packageLanguage`. */
async function packageIn(owner: SeededAccount, packageLanguage: string | undefined, signerLanguages: Record<string, string | undefined>) {
  return createPackageWithFiles(owner.apiKey, {
    name: "Contract",
    status: "SENT",
    ...(packageLanguage ? { language: packageLanguage } : {}),
    roles: Object.entries(signerLanguages).map(([id, language], index) => ({
      id,
      type: "SIGNER",
      signers: [{ email: `${id.toLowerCase()}@example.test`, firstName: id, lastName: "Signer", ...(language ? { language } : {}) }],
      index: index + 1,
    })),
    documents: [
      {
        id: "doc1",
        name: "Contract",
        approvals: Object.keys(signerLanguages).map((role, index) => ({ role, fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 100 + index * 80, left: 100, width: 200, height: 50 }] })),
      },
    ],
  });
}

async function languageOf(packageId: string, roleId: string): Promise<string> {
  return (await callJson<{ language: string }>("GET", `/api/signing/${packageId}`, { headers: await sessionFor(packageId, roleId) })).language;
}

describe("the ceremony's language", () => {
  it("is the signer's own when Signet ships it, else the package's, by language without region", async () => {
    const owner = await seedAccount();
    const packageId = await packageIn(owner, "de", { Japanese: "ja", Canadian: "fr-CA", Unset: undefined, Chinese: "zh-CN" });
    expect(await languageOf(packageId, "Japanese")).toBe("ja");
    expect(await languageOf(packageId, "Canadian")).toBe("fr");
    expect(await languageOf(packageId, "Unset")).toBe("de");
    expect(await languageOf(packageId, "Chinese")).toBe("de");
  });

  it("is English when neither the signer's nor the package's language is shipped", async () => {
    const owner = await seedAccount();
    const unshipped = await packageIn(owner, "zh-TW", { Korean: "ko", Unset: undefined });
    expect(await languageOf(unshipped, "Korean")).toBe("en");
    expect(await languageOf(unshipped, "Unset")).toBe("en");
    const unset = await packageIn(owner, undefined, { Unset: undefined, Portuguese: "pt-BR" });
    expect(await languageOf(unset, "Unset")).toBe("en");
    expect(await languageOf(unset, "Portuguese")).toBe("pt");
  });
});
