import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { pdfFonts, pdfText } from "../support/poppler";
import { seedAccount, type SeededAccount } from "../support/seed";

// A job schema of its own: the sealing job the completion queues is left alone; the test seals itself.
process.env.JOB_SCHEMA = `fonts_test_${randomBytes(4).toString("hex")}`;

/** The typed-signature fonts: the account's chooseSignature list is what the ceremony offers, what the sign request takes, and what the seal draws. */

async function sentPackage(owner: SeededAccount): Promise<{ packageId: string; headers: Record<string, string> }> {
  const packageId = await createPackageWithFiles(owner.apiKey, {
    name: "Typed in a font",
    status: "SENT",
    roles: [{ id: "Signer", index: 1, type: "SIGNER", signers: [{ email: "zoe@example.test", firstName: "Zoë", lastName: "Müller" }] }],
    documents: [{ id: "doc1", name: "Agreement", approvals: [{ id: "sig", role: "Signer", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 100, left: 100, width: 300, height: 60 }] }] }],
  });
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId: "Signer", memberEmail: null, ipAddress: "203.0.113.9", userAgent: "FontsTest/1.0" }));
  const headers = { cookie: `${signingCookieName(packageId)}=${token}` };
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
  return { packageId, headers };
}

const signIn = (packageId: string, headers: Record<string, string>, font: string, expect: number) =>
  callJson<{ messageKey?: string; message?: string }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, {
    headers,
    json: { approvals: [{ id: "sig", signature: { text: "Zoë Müller", font } }] },
    expect,
  });

describe("typed-signature fonts", () => {
  it("offers the original's 13 by default, and seals a signature typed in Licorice with Licorice embedded", async () => {
    const owner = await seedAccount();
    const { packageId, headers } = await sentPackage(owner);
    const view = await callJson<{ signatureFonts: string[] }>("GET", `/api/signing/${packageId}`, { headers });
    expect(view.signatureFonts).toHaveLength(13);
    expect(view.signatureFonts.slice(0, 2)).toEqual(["Kanit", "Licorice"]);

    await signIn(packageId, headers, "Licorice", 200);
    await sealPackage(packageId);
    const response = await call("GET", `/api/packages/${packageId}/documents/doc1/pdf`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    const sealed = Buffer.from(await response.arrayBuffer());
    // pdffonts lists the font dictionaries of the pages: the signature's face, embedded as a subset.
    expect(pdfFonts(sealed)).toMatch(/Licorice-Regular-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    expect(pdfText(sealed)).toContain("Zoë Müller");
  });

  it("offers and accepts only the account's list: another font is refused with 422", async () => {
    const owner = await seedAccount();
    await callJson("PATCH", "/api/account/admin/chooseSignature", { key: owner.apiKey, json: { signature: { fontsPerWritingSystem: { latin: ["Caveat", "dancing script"] } } } });
    const { packageId, headers } = await sentPackage(owner);
    expect((await callJson<{ signatureFonts: string[] }>("GET", `/api/signing/${packageId}`, { headers })).signatureFonts).toEqual(["Caveat", "Dancing Script"]);

    const refused = await signIn(packageId, headers, "Licorice", 422);
    expect(refused.messageKey).toBe("error.validation.signatureFont");
    expect(refused.message).toContain('"Licorice"');
    expect(refused.message).toContain("Caveat, Dancing Script");
    await signIn(packageId, headers, "Caveat", 200);
  });
});
