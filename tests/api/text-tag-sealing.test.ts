import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvals, approvalSignatures, documents, fields, packages } from "@/lib/db/schema";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { textTagsOf } from "@/lib/esign/text-tags/extract-text-tags";
import { call, callJson } from "../support/api-client";
import { makePdf, multipartBody } from "../support/pdfs";
import { darkShare, pdfText, renderPageGray, type GrayImage } from "../support/poppler";
import { seedAccount } from "../support/seed";

const SIGNED_AT = new Date("2026-11-23T02:30:00Z");

/** Tags in 9-point print, each alone on its line, for the package's Signer1 and for a role it does not have. */
const TAGS = {
  signature: "{{*esl:Signer1:signature}}",
  initials: "{{*esl:Signer1:initials}}",
  textfield: "{{*esl_flat:Signer1:textfield}}",
  emptyTextfield: "{{?esl_notes:Signer1:textfield}}",
  checkbox: "{{esl_pets:Signer1:checkbox}}",
  name: "{{esl:Signer1:signername}}",
  otherRole: "{{esl_witness:Client:textfield}}",
};

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box holding every dark pixel inside `rect` (points from the top-left), or null. */
function darkBoundsIn(image: GrayImage, rect: Rect): Rect | null {
  const s = image.scale;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = Math.floor(rect.top * s); y < Math.ceil((rect.top + rect.height) * s); y++) {
    for (let x = Math.floor(rect.left * s); x < Math.ceil((rect.left + rect.width) * s); x++) {
      if (image.pixels[y * image.width + x] >= 128) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return x0 === Infinity ? null : { left: x0 / s, top: y0 / s, width: (x1 + 1 - x0) / s, height: (y1 + 1 - y0) / s };
}

describe("sealing a document made with text tags", () => {
  it("paints every tag's text white, stamps legible values in the grown fields, and keeps the check box square", { timeout: 60_000 }, async () => {
    const account = await seedAccount();
    const lines = Object.values(TAGS);
    const original = await makePdf({
      texts: [
        { page: 0, text: "Tenancy agreement", x: 72, y: 740, size: 18 },
        ...lines.map((text, index) => ({ page: 0, text, x: 72, y: 680 - index * 60, size: 9 })),
      ],
    });
    const payload = {
      name: "Tagged lease",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Signer1", type: "SIGNER", signers: [{ email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" }] }],
      documents: [{ id: "lease", name: "Lease", extract: true, extractionTypes: ["TEXT_TAGS"] }],
    };
    const { body, contentType } = multipartBody(payload, [{ name: "lease.pdf", bytes: original }]);
    const { id: packageId } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } });

    // The role the tags name and the package lacked is there, without a signer.
    const pkg = await callJson<{ roles: { id: string; signers: unknown[] }[] }>("GET", `/api/packages/${packageId}`, { key: account.apiKey });
    expect(pkg.roles.find((role) => role.id === "Client")?.signers).toEqual([]);

    // Signer1 signs everything of theirs (the optional notes left empty); Client's approval is never signed.
    const db = await getDb();
    const fieldRows = await db.select().from(fields).where(and(eq(fields.packageId, packageId), eq(fields.documentId, "lease")));
    const approvalRows = await db.select().from(approvals).where(and(eq(approvals.packageId, packageId), eq(approvals.documentId, "lease")));
    const fieldOf = (subtype: string, name?: string) => fieldRows.find((row) => row.subtype === subtype && (name === undefined || row.name === name))!;
    const signer1Approvals = approvalRows.filter((row) => row.roleId === "Signer1");
    await db.update(approvals).set({ signed: SIGNED_AT }).where(and(eq(approvals.packageId, packageId), eq(approvals.roleId, "Signer1")));
    const common = { packageId, documentId: "lease", roleId: "Signer1", signedAt: SIGNED_AT, signerName: "Ada Lovelace", signerEmail: "ada@example.test" };
    await db.insert(approvalSignatures).values([
      { ...common, approvalId: fieldOf("FULLNAME").approvalId, kind: "FULLNAME" },
      { ...common, approvalId: fieldOf("INITIALS").approvalId, kind: "INITIALS" },
    ]);
    expect(signer1Approvals).toHaveLength(2);
    const setValue = (id: string, value: string) => db.update(fields).set({ value }).where(and(eq(fields.packageId, packageId), eq(fields.id, id)));
    await setValue(fieldOf("TEXTFIELD", "flat").id, "Flat 4");
    await setValue(fieldOf("CHECKBOX").id, "X");
    await db.update(packages).set({ status: "COMPLETED", completed: SIGNED_AT }).where(eq(packages.id, packageId));

    expect(await sealPackage(packageId)).toEqual({ sealed: ["lease"] });
    const [row] = await db.select().from(documents).where(and(eq(documents.packageId, packageId), eq(documents.id, "lease")));
    const response = await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: account.apiKey });
    const sealed = Buffer.from(await response.arrayBuffer());
    expect(row.sealedBlobSha256).not.toBeNull();
    if (process.env.KEEP_SEALED_PDF) fs.writeFileSync(process.env.KEEP_SEALED_PDF, sealed);

    const tagBox = new Map((await textTagsOf(original, "Lease")).map((found) => [found.text, found.box]));
    const before = renderPageGray(original, 0, 144);
    const after = renderPageGray(sealed, 0, 144);
    // Each tag is ink before sealing.
    for (const text of lines) expect(darkShare(before, tagBox.get(text)!)).toBeGreaterThan(0.05);

    // Tags of fields that show nothing are plain white: the optional field left empty, the role that never signed.
    for (const text of [TAGS.emptyTextfield, TAGS.otherRole]) expect(darkShare(after, tagBox.get(text)!)).toBe(0);

    // The typed signature is drawn far taller than the 9-point tag.
    const signature = darkBoundsIn(after, fieldRect(fieldOf("FULLNAME")));
    expect(signature!.height).toBeGreaterThan(14);

    // The check box is a square (its field and its drawn border), ticked; the rest of its tag is white.
    const checkbox = fieldOf("CHECKBOX");
    expect(checkbox.width).toBeCloseTo(checkbox.height, 6);
    const drawnBox = darkBoundsIn(after, { ...fieldRect(checkbox), left: checkbox.left - 1, width: checkbox.width + 2 });
    expect(Math.abs(drawnBox!.width - drawnBox!.height)).toBeLessThan(1);
    const pets = tagBox.get(TAGS.checkbox)!;
    expect(darkShare(after, { ...pets, left: checkbox.left + checkbox.width + 1, width: pets.left + pets.width - checkbox.left - checkbox.width - 1 })).toBe(0);

    // The text field's value, at least 9 points tall, and nothing of the tag after it.
    const flat = fieldOf("TEXTFIELD", "flat");
    const flatInk = darkBoundsIn(after, fieldRect(flat))!;
    expect(flatInk.height).toBeGreaterThan(6.5);
    const flatTag = tagBox.get(TAGS.textfield)!;
    const inkEnd = flatInk.left + flatInk.width + 1;
    expect(darkShare(after, { ...flatTag, left: inkEnd, width: flatTag.left + flatTag.width - inkEnd })).toBe(0);

    const text = pdfText(sealed);
    for (const value of ["Ada Lovelace", "AL", "Flat 4"]) expect(text).toContain(value);
  });
});

function fieldRect(field: { left: number; top: number; width: number; height: number }): Rect {
  return { left: field.left, top: field.top, width: field.width, height: field.height };
}
