import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { boxToWire } from "@/lib/api/wire-units";
import { getDb } from "@/lib/db/client";
import { approvalSignatures, auditEvents } from "@/lib/db/schema";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { call, callJson } from "../support/api-client";
import { scribblePng } from "../support/images";
import { makePdf, multipartBody } from "../support/pdfs";
import { pdfSig, pdfText } from "../support/poppler";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * Signing through the API (`POST /api/packages/{id}/documents/signed_documents`): the caller signs
 * their own approvals with their key, or a signer theirs with the session of a signer
 * authentication token, recorded and sealed as a signature made through the API from the caller's address.
 */

const box = (top: number, left = 72, width = 220, height = 44) => ({ page: 0, ...boxToWire({ top, left, width, height }) });
const SENDER_IP = "203.0.113.9";
const SIGNER_IP = "198.51.100.41";

type Result = { packageId: string; roleId: string; signedDocuments: string[]; roleCompleted: boolean; packageStatus: string };
type ErrorBody = { code: number; messageKey: string; message: string };

/** A package of `account`'s sender: the sender signs first (index 1: a capture signature, a date label), then Ada (index 2: a typed one and a text field). */
async function sentPackage(account: SeededAccount, options: { status?: string; adaField?: Record<string, unknown> } = {}): Promise<string> {
  const payload = {
    name: "Supply contract",
    status: options.status ?? "SENT",
    autocomplete: true,
    roles: [
      { id: "Seller", type: "SENDER", index: 1, signers: [{ email: account.email, firstName: "Olive", lastName: "Owner" }] },
      { id: "Ada", type: "SIGNER", index: 2, signers: [{ email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" }] },
    ],
    documents: [
      {
        id: "contract",
        name: "Contract",
        approvals: [
          {
            id: "seller-sign",
            role: "Seller",
            fields: [
              { id: "seller-capture", type: "SIGNATURE", subtype: "CAPTURE", ...box(100) },
              { id: "seller-date", type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", ...box(160, 72, 160, 20) },
            ],
          },
          {
            id: "ada-sign",
            role: "Ada",
            fields: [
              { id: "ada-name", type: "SIGNATURE", subtype: "FULLNAME", ...box(300) },
              { id: "ada-note", type: "INPUT", subtype: "TEXTFIELD", value: "Net 30", ...box(360, 72, 160, 20), ...options.adaField },
            ],
          },
        ],
      },
    ],
  };
  const { body, contentType } = multipartBody(payload, [{ name: "contract.pdf", bytes: await makePdf({ texts: [{ page: 0, text: "Supply contract", x: 72, y: 740, size: 18 }] }) }]);
  return (await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } })).id;
}

function signThroughApi(packageId: string, options: { key?: string; cookie?: string; ip?: string; json?: unknown }) {
  return call("POST", `/api/packages/${packageId}/documents/signed_documents`, {
    key: options.key,
    json: options.json ?? { documents: [{ id: "contract", approvals: [] }], handdrawn: "" },
    headers: { "x-forwarded-for": options.ip ?? SENDER_IP, "user-agent": "Java SDK test", ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

async function signerSessionCookie(account: SeededAccount, packageId: string, signerId: string): Promise<string> {
  const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", {
    key: account.apiKey,
    json: { packageId, signerId, sessionFields: { "Bulk Signing on behalf of": signerId } },
  });
  const { sessionToken } = await callJson<{ sessionToken: string }>("GET", `/auth?signerAuthenticationToken=${encodeURIComponent(value)}`, { headers: { accept: "application/json" } });
  return `ESIGNLIVE_SESSION_ID=${sessionToken}`;
}

async function bytesOf(account: SeededAccount, url: string): Promise<Buffer> {
  const response = await call("GET", url, { key: account.apiKey });
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("POST /api/packages/{packageId}/documents/signed_documents", () => {
  it("takes a package from SENT to a sealed completion: the sender by key, then a signer by session, each told as signed through the API from their address", async () => {
    const account = await seedAccount();
    const packageId = await sentPackage(account);

    // Ada's turn has not come: the sender signs first.
    const early = await signThroughApi(packageId, { cookie: await signerSessionCookie(account, packageId, "Ada"), ip: SIGNER_IP });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).messageKey).toBe("error.conflict.notYourTurn");

    // The sender's capture signature: a PNG given as handdrawn is drawn.
    const png = Buffer.from(scribblePng()).toString("base64");
    const first = await signThroughApi(packageId, { key: account.apiKey, json: { documents: [{ id: "contract", approvals: [] }, { id: "default-consent" }], handdrawn: png } });
    expect(first.status).toBe(200);
    expect((await first.json()) as Result).toEqual({ packageId, roleId: "Seller", signedDocuments: ["contract"], roleCompleted: true, packageStatus: "SENT" });
    // Nothing is left for the sender.
    const again = await signThroughApi(packageId, { key: account.apiKey });
    expect([again.status, ((await again.json()) as ErrorBody).messageKey]).toEqual([409, "error.conflict.signerCompleted"]);

    const pkg = await callJson<{ documents: { id: string; approvals: { id: string; accepted?: string; signed?: string }[] }[] }>("GET", `/api/packages/${packageId}`, { key: account.apiKey });
    const sellerApproval = pkg.documents.find((document) => document.id === "contract")!.approvals.find((approval) => approval.id === "seller-sign")!;
    // As the original answers an approval signed through the API: accepted and signed.
    expect(sellerApproval.accepted).toBeTypeOf("string");
    expect(sellerApproval.signed).toBe(sellerApproval.accepted);

    // Ada, through a signer authentication token's session: no handdrawn needed for a typed signature.
    const second = await signThroughApi(packageId, { cookie: await signerSessionCookie(account, packageId, "Ada"), ip: SIGNER_IP, json: { handdrawn: "" } });
    expect(second.status).toBe(200);
    expect((await second.json()) as Result).toMatchObject({ roleId: "Ada", signedDocuments: ["contract"], roleCompleted: true, packageStatus: "COMPLETED" });

    const db = await getDb();
    const signatures = await db.select().from(approvalSignatures).where(eq(approvalSignatures.packageId, packageId));
    expect(signatures.map((row) => [row.approvalId, row.kind, row.means, row.ipAddress]).sort()).toEqual([
      ["ada-sign", "FULLNAME", "API", SIGNER_IP],
      ["seller-sign", "CAPTURE", "API", SENDER_IP],
    ]);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(auditEvents.id);
    const signing = events.filter((event) => ["DOCUMENT_SIGNED", "SIGNER_COMPLETE", "PACKAGE_COMPLETE"].includes(event.name));
    expect(signing.map((event) => [event.name, event.sessionUser, event.documentId, event.message, event.ipAddress])).toEqual([
      ["DOCUMENT_SIGNED", "Seller", "default-consent", `Signed through the API from ${SENDER_IP}`, SENDER_IP],
      ["DOCUMENT_SIGNED", "Seller", "contract", `Signed through the API from ${SENDER_IP}`, SENDER_IP],
      ["SIGNER_COMPLETE", "Seller", null, null, SENDER_IP],
      ["DOCUMENT_SIGNED", "Ada", "default-consent", `Signed through the API from ${SIGNER_IP}`, SIGNER_IP],
      ["DOCUMENT_SIGNED", "Ada", "contract", `Signed through the API from ${SIGNER_IP}`, SIGNER_IP],
      ["SIGNER_COMPLETE", "Ada", null, null, SIGNER_IP],
      ["PACKAGE_COMPLETE", "Ada", null, null, null],
    ]);

    // The audit trail the console's history reads says it too.
    const audit = await callJson<{ "audit-events": { type: string; target: string; data: string; "user-ip": string }[] }>("GET", `/api/packages/${packageId}/audit?events=all`, { key: account.apiKey });
    expect(audit["audit-events"]).toContainEqual(expect.objectContaining({ type: "Capture Signature", target: "Contract", data: `Signed through the API from ${SENDER_IP}`, "user-ip": SENDER_IP }));

    // Stamped and sealed like any other signature, the frame saying how.
    await sealPackage(packageId);
    const sealed = await bytesOf(account, `/api/packages/${packageId}/documents/contract/pdf`);
    expect(pdfSig(sealed)).toContain("Signature Validation: Signature is Valid.");
    const sealedText = pdfText(sealed).replace(/\s+/g, " ");
    expect(sealedText).toContain("Signed by Ada Lovelace");
    expect(sealedText).toContain("through the API");
    expect(sealedText).toContain("Net 30");

    const certificate = pdfText(await bytesOf(account, `/api/packages/${packageId}/evidence/summary`)).replace(/\s+/g, " ");
    expect(certificate).toContain(`Signed through the API from ${SENDER_IP}`);
    expect(certificate).toContain(`Signed through the API from ${SIGNER_IP}`);
    expect(certificate).toContain("Signed by hand (drawn signature)");
    expect(certificate).toContain("Signed with a typed name: Ada Lovelace");
  }, 60_000);

  it("signs a capture approval with the signer's name when the handdrawn is not a PNG (the original SDKs' own stroke encoding)", async () => {
    const account = await seedAccount();
    const packageId = await sentPackage(account);
    const handdrawn = "AQAAAIPGDPtxqL+RsL7/w/7eEX+cAtwAAwADAFAAAAADAAAAnALcACMAAAACq5ZQg105VH9Z/1l+UM9QF3A0v3BEv2BmYYFgSGAYQBZAJkA0QDVAREBmQENAQ0BRUJFQg1CDUFKbQENASUBGQERFUA==";
    expect((await signThroughApi(packageId, { key: account.apiKey, json: { documents: [], handdrawn } })).status).toBe(200);
    const [row] = await (await getDb())
      .select()
      .from(approvalSignatures)
      .where(and(eq(approvalSignatures.packageId, packageId), eq(approvalSignatures.approvalId, "seller-sign")));
    expect([row!.kind, row!.text, row!.imageSha256, row!.means]).toEqual(["FULLNAME", "Olive Owner", null, "API"]);
  });

  it("refuses a package not out for signing, a caller with no approvals, an unknown document, a required field left empty, and a call with no credential", async () => {
    const account = await seedAccount();
    const draft = await sentPackage(account, { status: "DRAFT" });
    const notSent = await signThroughApi(draft, { key: account.apiKey });
    expect([notSent.status, ((await notSent.json()) as ErrorBody).messageKey]).toEqual([409, "error.conflict.packageNotSent"]);

    const packageId = await sentPackage(account, { adaField: { value: "", validation: { required: true } } });
    // Another sender of the account, who has no role here: not even the package is theirs to see.
    const other = await seedSender(account);
    expect((await signThroughApi(packageId, { key: other.apiKey })).status).toBe(404);
    // A sender who is a signer of someone else's package, but has nothing in it to sign.
    const unknown = await signThroughApi(packageId, { key: account.apiKey, json: { documents: [{ id: "nope" }] } });
    expect([unknown.status, ((await unknown.json()) as ErrorBody).messageKey]).toEqual([404, "error.notFound.documentNotFound"]);
    expect((await signThroughApi(packageId, { key: account.apiKey })).status).toBe(200);

    const empty = await signThroughApi(packageId, { cookie: await signerSessionCookie(account, packageId, "Ada"), ip: SIGNER_IP });
    const emptyBody = (await empty.json()) as ErrorBody;
    expect([empty.status, emptyBody.messageKey]).toEqual([422, "error.validation.fieldRequired"]);
    // Nothing of Ada's was written: one transaction.
    const adaRows = await (await getDb())
      .select()
      .from(approvalSignatures)
      .where(and(eq(approvalSignatures.packageId, packageId), eq(approvalSignatures.roleId, "Ada")));
    expect(adaRows).toEqual([]);

    expect((await call("POST", `/api/packages/${packageId}/documents/signed_documents`, { json: {} })).status).toBe(401);
  });

  it("answers 422 to a sender who has no role in their own package", async () => {
    const account = await seedAccount();
    const payload = {
      name: "Only Ada",
      status: "SENT",
      roles: [{ id: "Ada", type: "SIGNER", signers: [{ email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" }] }],
      documents: [{ id: "contract", name: "Contract", approvals: [{ id: "a", role: "Ada", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", ...box(100) }] }] }],
    };
    const { body, contentType } = multipartBody(payload, [{ name: "contract.pdf", bytes: await makePdf() }]);
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } });
    const refused = await signThroughApi(id, { key: account.apiKey });
    expect([refused.status, ((await refused.json()) as ErrorBody).messageKey]).toEqual([422, "error.validation.noApprovalsToSign"]);
  });
});
