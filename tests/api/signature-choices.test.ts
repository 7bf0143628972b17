import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvalSignatures } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { scribblePng } from "../support/images";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount } from "../support/seed";

/** How a signer may sign each kind of signature field: typed in a font, drawn, or uploaded (ceremony's sign request). */

const field = (subtype: string, top: number) => ({ type: "SIGNATURE", subtype, page: 0, top, left: 100, width: 200, height: 50 });

async function signerSession(packageId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId: "Signer", memberEmail: null, ipAddress: "203.0.113.9", userAgent: "ChoicesTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

describe("the signer's choice of signature", () => {
  it("keeps the font of a typed signature, takes a drawn or uploaded image for a full-name field, and refuses what a field does not allow", async () => {
    const owner = await seedAccount();
    const packageId = await createPackageWithFiles(owner.apiKey, {
      name: "Choices",
      status: "SENT",
      roles: [{ id: "Signer", index: 1, type: "SIGNER", signers: [{ email: "sia@example.test", firstName: "Sia", lastName: "Signer" }] }],
      documents: [
        {
          id: "doc1",
          name: "Choices",
          approvals: [
            { id: "typed", role: "Signer", fields: [field("FULLNAME", 100)] },
            { id: "uploaded", role: "Signer", fields: [field("FULLNAME", 200)] },
            { id: "initials", role: "Signer", fields: [field("INITIALS", 300)] },
            { id: "drawn", role: "Signer", fields: [field("CAPTURE", 400)] },
          ],
        },
      ],
    });
    const headers = await signerSession(packageId);
    expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
    const image = `data:image/png;base64,${Buffer.from(scribblePng()).toString("base64")}`;
    const sign = (approvals: unknown[], expect: number) => callJson<{ messageKey?: string }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers, json: { approvals }, expect });
    const valid = {
      typed: { id: "typed", signature: { text: "Sia Signer", font: "dancing script" } },
      uploaded: { id: "uploaded", signature: { image, uploaded: true } },
      initials: { id: "initials", signature: { text: "SS", font: "Caveat" } },
      drawn: { id: "drawn", signature: { image } },
    };

    // A font Signet does not have, and one it has but the account does not offer (Kristi is not among the original's 13).
    const unknownFont = await sign([{ ...valid.typed, signature: { text: "Sia", font: "Comic Sans" } }, valid.uploaded, valid.initials, valid.drawn], 422);
    expect(unknownFont).toMatchObject({ messageKey: "error.validation.signatureFont", message: expect.stringContaining('"Comic Sans"') });
    expect((await sign([{ ...valid.typed, signature: { text: "Sia", font: "Kristi" } }, valid.uploaded, valid.initials, valid.drawn], 422)).messageKey).toBe("error.validation.signatureFont");
    expect((await sign([valid.typed, valid.uploaded, valid.initials, { id: "drawn", signature: { image, uploaded: true } }], 422)).messageKey).toBe("error.validation.signatureDrawn");
    expect((await sign([valid.typed, valid.uploaded, { id: "initials", signature: { image } }, valid.drawn], 400)).messageKey).toBe("error.validation.signatureImage");
    await sign(Object.values(valid), 200);

    const db = await getDb();
    const rows = await db.select().from(approvalSignatures).where(and(eq(approvalSignatures.packageId, packageId), eq(approvalSignatures.documentId, "doc1")));
    const byApproval = Object.fromEntries(rows.map((row) => [row.approvalId, { kind: row.kind, text: row.text, font: row.font, uploaded: row.imageUploaded, image: row.imageSha256 !== null }]));
    expect(byApproval).toEqual({
      typed: { kind: "FULLNAME", text: "Sia Signer", font: "Dancing Script", uploaded: false, image: false },
      uploaded: { kind: "CAPTURE", text: null, font: null, uploaded: true, image: true },
      initials: { kind: "INITIALS", text: "SS", font: "Caveat", uploaded: false, image: false },
      drawn: { kind: "CAPTURE", text: null, font: null, uploaded: false, image: true },
    });
  });
});
