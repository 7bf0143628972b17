import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { fields } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { serveApiOverHttp } from "../support/console-browser";
import { makeNamedFormPdf, makePdf, multipartBody } from "../support/pdfs";
import { pdfText } from "../support/poppler";
import { operationProblems, referenceProblems } from "../support/reference-shapes";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * The original service's Java SDK against Signet, one describe per cause issue 15 lists. Each test
 * replays the request bodies the SDK sends (captured from its example suite: explicit nulls,
 * `"data":{"sdk":"Java v…"}`, sizes as doubles, index 0 everywhere) and checks the part of the
 * answer the SDK parses. Behaviour in depth is tested beside each feature; this file is the
 * catalogue of what an SDK relies on.
 */

type Json = Record<string, unknown>;

/** The package the SDK's BasicPackageCreationExample sends (its document part trimmed to what matters). */
function sdkPackage(email: string, extra: Json = {}): Json {
  return {
    name: "BasicPackageCreationExample",
    roles: [
      {
        signers: [
          {
            language: "zh-CN",
            id: "Client1",
            title: "Managing Director",
            company: "Acme Inc.",
            knowledgeBasedAuthentication: null,
            firstName: "John",
            lastName: "Smith",
            email,
            delivery: { email: false },
            auth: { scheme: "NONE" },
          },
        ],
        name: "Client1",
        index: 0,
        id: "Client1",
        locked: false,
        emailMessage: { content: "" },
        reassign: false,
      },
    ],
    description: "This is a package created using OneSpan Sign SDK",
    data: { sdk: "Java v${project.version}" },
    settings: { integrationFrameworkWorkflows: [], ceremony: { optOutReasons: [], defaultTimeBasedExpiry: false, declineReasons: [] } },
    autocomplete: true,
    documents: [
      {
        name: "First Document",
        index: 0,
        approvals: [
          {
            fromFile: false,
            fields: [
              { type: "SIGNATURE", page: 0, fontSize: 10, extract: false, subtype: "FULLNAME", left: 100.0, top: 100.0, width: 200.0, height: 50.0, tooltip: null },
              { value: "X", type: "INPUT", page: 0, fontSize: null, extract: false, subtype: "CHECKBOX", left: 50.0, top: 50.0, binding: null, width: 200.0, height: 50.0 },
            ],
            enforceCaptureSignature: false,
            role: "Client1",
            optional: false,
            disabled: false,
          },
        ],
        extract: false,
        extractionTypes: [],
        data: {},
        externalSigned: false,
      },
    ],
    ...extra,
  };
}

async function createSdkPackage(account: SeededAccount, body: Json): Promise<string> {
  const documents = (body.documents as unknown[] | undefined) ?? [];
  const pdf = await makePdf({ pages: 2 });
  const multipart = multipartBody(body, documents.map((_, i) => ({ name: `document${i}.pdf`, bytes: pdf })));
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
  return id;
}

const getPackage = (account: SeededAccount, id: string) => callJson<Json & { roles: Json[]; documents: Json[] }>("GET", `/api/packages/${id}`, { key: account.apiKey });

describe("1. document uploads answer the Document, or a bare array of them", () => {
  it("answers one Document for one, and an array for the SDK's list upload", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, { ...sdkPackage("signer@example.test"), documents: [] });
    const pdf = await makePdf({ pages: 1 });
    const one = multipartBody({ name: "Uploaded", id: "uploaded", index: 0, extract: false, approvals: [], data: null }, [{ name: "a.pdf", bytes: pdf }]);
    const document = await callJson<Json>("POST", `/api/packages/${id}/documents`, { key: account.apiKey, body: one.body, headers: { "content-type": one.contentType } });
    expect(document).toMatchObject({ id: "uploaded", name: "Uploaded" });
    expect(referenceProblems("Document", document)).toEqual([]);

    const two = multipartBody(
      [
        { name: "A", id: "a", approvals: [] },
        { name: "B", id: "b", approvals: [] },
      ],
      [
        { name: "a.pdf", bytes: pdf },
        { name: "b.pdf", bytes: pdf },
      ],
    );
    const documents = await callJson<Json[]>("POST", `/api/packages/${id}/documents`, { key: account.apiKey, body: two.body, headers: { "content-type": two.contentType } });
    expect(documents.map((item) => item.id)).toEqual(["a", "b"]);
  });
});

describe("2. a package read back always carries settings.ceremony and what the SDK dereferences", () => {
  it("fills the ceremony settings with their defaults beside what the SDK sent", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const pkg = await getPackage(account, id);
    const ceremony = (pkg.settings as { ceremony: Json }).ceremony;
    expect(ceremony).toMatchObject({ declineButton: true, optOutButton: true, hideWatermark: false, inPerson: false, declineReasons: [], optOutReasons: [], defaultTimeBasedExpiry: false });
    expect(pkg).toMatchObject({ data: { sdk: "Java v${project.version}" }, autocomplete: true });
    expect(operationProblems("GET /api/packages/{packageId}", pkg)).toEqual([]);

    // Templates and clones read back the same way (the SDK's template examples failed here).
    const template = await callJson<{ id: string }>("POST", `/api/packages/${id}/clone`, { key: account.apiKey, json: { name: "As template", type: "TEMPLATE", settings: null, sender: null } });
    expect(((await getPackage(account, template.id)).settings as { ceremony: Json }).ceremony).toMatchObject({ declineButton: true });
  });
});

describe("3. field positions speak the original's unit (1.3 per PDF point)", () => {
  it("answers what the SDK placed and stamps at the point the original would", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const pkg = await getPackage(account, id);
    const document = pkg.documents.find((item) => item.name === "First Document") as { id: string; pages: Json[]; approvals: { fields: Json[] }[] };
    // A Letter page (612 x 792 points) is 795.6 x 1029.6 in the wire's unit.
    expect(document.pages[0]).toMatchObject({ width: 795.6, height: 1029.6 });
    expect(document.approvals[0]!.fields.find((field) => field.type === "SIGNATURE")).toMatchObject({ left: 100, top: 100, width: 200, height: 50 });
    const db = await getDb();
    const [stored] = await db.select().from(fields).where(and(eq(fields.packageId, id), eq(fields.documentId, document.id), eq(fields.type, "SIGNATURE")));
    expect(stored!.left).toBeCloseTo(100 / 1.3, 6);
    expect(stored!.width).toBeCloseTo(200 / 1.3, 6);
  });
});

describe("4. the sender who signs has one role; a sender named at creation is honoured", () => {
  it("makes a signer with the sender's e-mail the sender's role, and creates on behalf of another sender", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage(account.email));
    const pkg = await getPackage(account, id);
    const withSendersEmail = pkg.roles.filter((role) => (role.signers as { email: string }[])[0]!.email === account.email);
    expect(withSendersEmail).toHaveLength(1);
    expect(withSendersEmail[0]).toMatchObject({ id: "Client1", type: "SENDER" });

    const colleague = await seedSender(account);
    const onBehalf = await createSdkPackage(account, sdkPackage("signer@example.test", { sender: { email: colleague.email, firstName: null, lastName: null } }));
    expect((await getPackage(account, onBehalf)).sender).toMatchObject({ email: colleague.email, id: colleague.userId });
    const unknown = multipartBody(sdkPackage("signer@example.test", { sender: { email: "nobody@example.test" }, documents: [] }), []);
    const refused = await callJson<{ messageKey: string }>("POST", "/api/packages", { key: account.apiKey, body: unknown.body, headers: { "content-type": unknown.contentType }, expect: 404 });
    expect(refused.messageKey).toBe("error.notFound.userNotFound");
  });
});

describe("5. acceptance-only approvals", () => {
  it("takes an approval without a signature field (the SDK's acceptance: no SIGNATURE, or one of size 0)", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test");
    (body.documents as { approvals: Json[] }[])[0]!.approvals = [
      { fromFile: false, role: "Client1", optional: false, enforceCaptureSignature: false, fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 0, top: 0, width: 0, height: 0 }] },
    ];
    const id = await createSdkPackage(account, body);
    const approvals = (await getPackage(account, id)).documents.find((document) => document.name === "First Document")!.approvals as { role: string; fields: Json[] }[];
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ role: "Client1", fields: [] });
  });
});

describe("6. account roles take the original's permission ids", () => {
  it("stores and answers them as given", async () => {
    const account = await seedAccount();
    const permissions = ["sender_admin.users", "templates_layouts.templates", "templates_layouts.share_templates", "groups.group_signing_management"];
    const role = await callJson<{ id: string; permissions: string[] }>("POST", "/api/account/roles", {
      key: account.apiKey,
      json: { name: "Role with template permissions", description: "SDK", enabled: true, permissions, id: null, data: null },
    });
    expect(role.permissions).toEqual(permissions);
  });
});

describe("7. provisioning is idempotent", () => {
  it("answers the existing sender for a second invitation, and the group for an existing member", async () => {
    const account = await seedAccount();
    const invite = { email: "twice@example.test", firstName: "Twice", lastName: "Invited", company: "Acme", title: null, language: "en", phone: null, type: "REGULAR", status: null };
    const first = await callJson<{ id: string }>("POST", "/api/account/senders", { key: account.apiKey, json: invite });
    const second = await callJson<{ id: string }>("POST", "/api/account/senders", { key: account.apiKey, json: invite });
    expect(second.id).toBe(first.id);

    const member = await seedSender(account);
    const group = await callJson<{ id: string }>("POST", "/api/groups", {
      key: account.apiKey,
      json: { name: "Team", email: "team@example.test", members: [{ memberType: "REGULAR", userId: member.userId, email: member.email }] },
    });
    const again = await callJson<{ id: string; members: unknown[] }>("POST", `/api/groups/${group.id}/members`, { key: account.apiKey, json: { memberType: "REGULAR", userId: member.userId, email: member.email } });
    expect(again).toMatchObject({ id: group.id });
    expect(again.members).toHaveLength(1);
  });
});

describe("8. API keys in the original format", () => {
  it("is base64 of <userId>:<secret>, so a client can read the user id from it (the SDK's Converter.apiKeyToUID)", async () => {
    const account = await seedAccount();
    const [userId, secret] = Buffer.from(account.apiKey, "base64").toString("utf8").split(":");
    expect(userId).toBe(account.userId);
    expect(secret!.length).toBeGreaterThanOrEqual(32);
    expect((await call("GET", "/api/session", { key: account.apiKey })).status).toBe(200);
  });
});

describe("9. documents sent as base64Content in JSON (DocumentUploadFromBase64ContentExample)", () => {
  it("takes the PDFs from the documents themselves, at creation and when adding documents", async () => {
    const account = await seedAccount();
    const pdf = (await makePdf({ pages: 2 })).toString("base64");
    const body = sdkPackage("signer@example.test");
    (body.documents as Json[])[0]!.base64Content = pdf;
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, json: body });
    const created = (await getPackage(account, id)).documents.find((document) => document.name === "First Document") as { pages: unknown[] };
    expect(created.pages).toHaveLength(2);

    const added = await callJson<{ name: string; pages: unknown[] }[]>("POST", `/api/packages/${id}/documents`, {
      key: account.apiKey,
      json: [
        { name: "Annex A", base64Content: pdf, approvals: [], extract: false },
        { name: "Annex B", base64Content: pdf, approvals: [], extract: false },
      ],
    });
    expect(added.map((document) => [document.name, document.pages.length])).toEqual([
      ["Annex A", 2],
      ["Annex B", 2],
    ]);
    const refused = await callJson<{ messageKey: string }>("POST", `/api/packages/${id}/documents`, { key: account.apiKey, json: [{ name: "Bad", base64Content: "%%%" }], expect: 400 });
    expect(refused.messageKey).toBe("error.validation.base64Content");
    await callJson("POST", `/api/packages/${id}/documents`, { key: account.apiKey, json: [{ name: "Not a PDF", base64Content: Buffer.from("hello").toString("base64") }], expect: 400 });
  });
});

describe("9. the endpoints the SDK calls", () => {
  it("answers sysinfo with the version (ApplicationVersionExample)", async () => {
    const { apiKey } = await seedAccount();
    const info = await callJson<{ version: string; schemaVersion: string }>("GET", "/api/sysinfo", { key: apiKey });
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Number(info.schemaVersion)).toBeGreaterThanOrEqual(8);
  });

  it("answers group summaries as {results, count} (GetGroupSummariesExample)", async () => {
    const account = await seedAccount();
    await callJson("POST", "/api/groups", { key: account.apiKey, json: { name: "Zeta", email: "zeta@example.test", members: [] } });
    await callJson("POST", "/api/groups", { key: account.apiKey, json: { name: "Alpha", email: "alpha@example.test", members: [] } });
    const summaries = await callJson<{ results: { name: string; email: string; id: string }[]; count: number }>("GET", "/api/groups/summary", { key: account.apiKey });
    expect(summaries.count).toBe(2);
    expect(summaries.results.map((group) => [group.name, group.email])).toEqual([
      ["Alpha", "alpha@example.test"],
      ["Zeta", "zeta@example.test"],
    ]);
    expect((await call("GET", "/api/groups/summary", { key: (await seedAccount()).apiKey })).status).toBe(200);
  });

  it("takes an ad-hoc group signer (a group without an id, its members other signers) and answers it as AD_HOC_GROUP_SIGNER (AdhocGroupExample)", async () => {
    const account = await seedAccount();
    const signerRole = (id: string, email: string, firstName: string) => ({
      signers: [{ id, title: "", company: "Acme Inc.", knowledgeBasedAuthentication: null, firstName, lastName: "Smith", email, delivery: { email: false }, auth: { scheme: "NONE" } }],
      name: id,
      index: 0,
      id,
      locked: false,
      emailMessage: { content: "" },
      reassign: false,
    });
    const body = sdkPackage("unused@example.test", {
      roles: [
        signerRole("signer1", "one@example.test", "John"),
        signerRole("signer2", "two@example.test", "Olivia"),
        {
          signers: [
            {
              id: "adhoc-group-id",
              group: {
                name: "Example Adhoc Group Name",
                members: [
                  { userId: "signer1", memberType: "AD_HOC_GROUP_MEMBER" },
                  { userId: "signer2", memberType: "AD_HOC_GROUP_MEMBER" },
                ],
              },
              title: "",
              company: "",
              knowledgeBasedAuthentication: null,
              signerType: "AD_HOC_GROUP_SIGNER",
              firstName: "Example Adhoc Group Name",
              lastName: "",
              email: "159ad96dad54456783bc6e1a754e0f68@adhoc.groups.e-signlive.com",
              delivery: { email: false },
              auth: { scheme: "NONE" },
            },
          ],
          name: "adhoc-group-id",
          index: 0,
          id: "adhoc-group-id",
          locked: false,
          emailMessage: { content: "" },
          reassign: false,
        },
      ],
    });
    (body.documents as { approvals: { role: string }[] }[])[0]!.approvals[0]!.role = "adhoc-group-id";
    const id = await createSdkPackage(account, body);
    const role = (await getPackage(account, id)).roles.find((item) => item.id === "adhoc-group-id") as { signers: Json[] };
    expect(role.signers[0]).toMatchObject({ signerType: "AD_HOC_GROUP_SIGNER", group: { name: "Example Adhoc Group Name" } });
    const members = (role.signers[0]!.group as { members: { email: string }[] }).members;
    expect(members.map((member) => member.email).sort()).toEqual(["one@example.test", "two@example.test"]);

    // NotificationMethodsForOwnerInAdhocGroupExample puts the role back as read (the group's id ""),
    // with the sender's role, found by its name Owner, added as a member.
    const ownerRoleId = (await getPackage(account, id)).roles.find((item) => item.name === "Owner")!.id as string;
    const group = role.signers[0]!.group as { id: string; members: Json[] };
    expect(group.id).toBe("");
    group.members.push({ userId: ownerRoleId, memberType: "AD_HOC_GROUP_MEMBER" });
    await callJson("PUT", `/api/packages/${id}/roles/adhoc-group-id`, { key: account.apiKey, json: role });
    const updated = (await getPackage(account, id)).roles.find((item) => item.id === "adhoc-group-id") as { signers: Json[] };
    expect(((updated.signers[0]!.group as { members: Json[] }).members).length).toBe(3);

    // Then it updates the owner's signer with SMS among their notification methods, and reads them back.
    const ownerRole = (await getPackage(account, id)).roles.find((item) => item.id === ownerRoleId)!;
    const ownerSigner = { ...(ownerRole.signers as Json[])[0], phone: "+18765432100", notificationMethods: { primary: ["EMAIL", "SMS"] } };
    await callJson("PUT", `/api/packages/${id}/roles/${ownerRoleId}`, { key: account.apiKey, json: { id: ownerRoleId, signers: [ownerSigner] } });
    const owner = (await getPackage(account, id)).roles.find((item) => item.id === ownerRoleId)!;
    expect((owner.signers as Json[])[0]).toMatchObject({ email: account.email, phone: "+18765432100", notificationMethods: { primary: ["EMAIL", "SMS"] } });
  });
});

describe("9. a sender's signature image (SenderImageSignatureExample)", () => {
  it("keeps the image the SDK uploads, answers it as base64 JSON and as bytes, and {} once removed", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF signature")]);
    const path = `/api/account/senders/${sender.userId}/signature/image`;
    const upload = (key: string, bytes: Buffer) => {
      const multipart = multipartBody("", [{ name: "signature.jpg", bytes, contentType: "image/jpeg" }]);
      return call("POST", path, { key, headers: { "content-type": multipart.contentType }, body: multipart.body });
    };
    expect(await callJson("GET", path, { key: account.apiKey })).toEqual({});
    expect((await upload(account.apiKey, jpeg)).status).toBe(204);
    expect(await callJson("GET", path, { key: sender.apiKey })).toEqual({ fileName: "signature.jpg", mediaType: "image/jpeg", content: jpeg.toString("base64") });
    const bytes = await call("GET", `/api/account/senders/${sender.userId}/signatureImage`, { key: account.apiKey });
    expect(bytes.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await bytes.arrayBuffer()).equals(jpeg)).toBe(true);

    // Not a picture; another sender's image without users.manage.
    expect((await upload(account.apiKey, Buffer.from("%PDF-1.7"))).status).toBe(400);
    const colleague = await seedSender(account);
    expect((await upload(colleague.apiKey, jpeg)).status).toBe(403);

    expect((await call("DELETE", path, { key: sender.apiKey })).status).toBe(204);
    expect(await callJson("GET", path, { key: account.apiKey })).toEqual({});
    expect((await call("GET", `/api/account/senders/${sender.userId}/signatureImage`, { key: account.apiKey })).status).toBe(404);
  });
});

describe("9. supporting documents (SupportingDocumentExample)", () => {
  it("keeps files with the package: upload several, download one as base64 JSON, rename, delete, zip the rest", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const path = `/api/supporting-documents/v1/transactions/${id}`;
    const pdf = await makePdf();
    const parts = ["three", "one", "two"].map((n) => `--b\r\nContent-Disposition: form-data; name="files"; filename="The supporting document number ${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const body = Buffer.concat([...parts.flatMap((head) => [Buffer.from(head), pdf, Buffer.from("\r\n")]), Buffer.from("--b--\r\n")]);
    const uploaded = await callJson<{ id: number; documentName: string; fileSize: number; transactionUid: string }[]>("POST", path, {
      key: account.apiKey,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body,
    });
    expect(uploaded.map((document) => [document.id, document.documentName, document.fileSize, document.transactionUid])).toEqual([
      [1, "The supporting document number three.pdf", pdf.byteLength, id],
      [2, "The supporting document number one.pdf", pdf.byteLength, id],
      [3, "The supporting document number two.pdf", pdf.byteLength, id],
    ]);

    const first = await callJson<{ documentName: string; content: string; mediaType: string }>("GET", `${path}/documents/1/download`, { key: account.apiKey });
    expect(first).toMatchObject({ documentName: "The supporting document number three.pdf", mediaType: "application/pdf" });
    expect(Buffer.from(first.content, "base64").equals(pdf)).toBe(true);
    expect(await callJson("PUT", `${path}/documents/2`, { key: account.apiKey, json: { fileName: "renamed" } })).toMatchObject({ id: 2, documentName: "renamed.pdf" });
    expect((await call("DELETE", `${path}/documents/3`, { key: account.apiKey })).status).toBe(204);
    expect((await callJson<unknown[]>("GET", path, { key: account.apiKey })).length).toBe(2);
    const zip = await call("GET", `${path}/download`, { key: account.apiKey });
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from("renamed.pdf"))).toBe(true);

    await callJson("GET", `${path}/documents/9/download`, { key: account.apiKey, expect: 404 });
    await callJson("GET", path, { key: (await seedAccount()).apiKey, expect: 404 });
  });
});

describe("9. supporting documents go with a clone (SupportingDocumentCloneExample)", () => {
  it("gives the package made from a template the template's supporting documents", async () => {
    const account = await seedAccount();
    const templateId = await createSdkPackage(account, { ...sdkPackage("signer@example.test"), type: "TEMPLATE" });
    const pdf = await makePdf();
    const parts = ["one", "two"].map((n) => `--b\r\nContent-Disposition: form-data; name="files"; filename="Supporting ${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const body = Buffer.concat([...parts.flatMap((head) => [Buffer.from(head), pdf, Buffer.from("\r\n")]), Buffer.from("--b--\r\n")]);
    await callJson("POST", `/api/supporting-documents/v1/transactions/${templateId}`, { key: account.apiKey, headers: { "content-type": "multipart/form-data; boundary=b" }, body });

    const { id } = await callJson<{ id: string }>("POST", `/api/packages/${templateId}/clone`, { key: account.apiKey, json: { name: "From template", type: "PACKAGE" } });
    const copied = await callJson<{ id: number; documentName: string; transactionUid: string }[]>("GET", `/api/supporting-documents/v1/transactions/${id}`, { key: account.apiKey });
    expect(copied.map((document) => [document.id, document.documentName, document.transactionUid])).toEqual([
      [1, "Supporting one.pdf", id],
      [2, "Supporting two.pdf", id],
    ]);
    const download = await callJson<{ content: string }>("GET", `/api/supporting-documents/v1/transactions/${id}/documents/2/download`, { key: account.apiKey });
    expect(Buffer.from(download.content, "base64").equals(pdf)).toBe(true);
  });
});

describe("9. the OAuth 2.0 client-credentials grant (PackageInformationOAuth2Example)", () => {
  it("exchanges a client application's id and secret for a JWT-shaped bearer token the SDK renews by its exp", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const app = await callJson<{ clientId: string; secret: string }>("POST", "/api/account/clientApps", { key: account.apiKey, json: { name: "SDK" }, expect: 201 });
    const basic = `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString("base64")}`;
    const form = (body: string, authorization = basic) =>
      call("POST", "/oauth2/token", { headers: { authorization, "content-type": "application/x-www-form-urlencoded" }, body });

    const granted = await form(`grant_type=client_credentials&sender_id=${sender.userId}`);
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: expect.any(Number) });
    // The SDK's Oauth2TokenManager reads exp from the second part.
    const claims = JSON.parse(Buffer.from(body.access_token.split(".")[1]!, "base64url").toString("utf8")) as { exp: number; sub: string };
    expect(claims.sub).toBe(sender.userId);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const session = await callJson<{ user: { id: string } }>("GET", "/api/session", { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(session.user.id).toBe(sender.userId);
    // A payload changed by the client is no token.
    const [head, , secret] = body.access_token.split(".");
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: account.userId })).toString("base64url")}.${secret}`;
    expect((await call("GET", "/api/session", { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);

    expect((await form("grant_type=client_credentials")).status).toBe(200);
    expect(await (await form("grant_type=password")).json()).toMatchObject({ error: "unsupported_grant_type" });
    const wrong = await form("grant_type=client_credentials", `Basic ${Buffer.from(`${app.clientId}:wrong`).toString("base64")}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "invalid_client" });
  });
});

describe("9. signer authentication tokens, as the SDKs redeem them", () => {
  it("exchanges the token at /auth for {sessionToken}, with which the SDK uploads and removes a signer's attachment", async () => {
    const account = await seedAccount();
    const body = sdkPackage("attacher@example.test", { status: "SENT" });
    (body.roles as Json[])[0]!.attachmentRequirements = [{ name: "Driver's licence", description: "Both sides", required: true, id: null, status: null, comment: null }];
    const id = await createSdkPackage(account, body);
    const requirement = ((await getPackage(account, id)).roles.find((role) => role.id === "Client1")!.attachmentRequirements as { id: string }[])[0]!;

    const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", { key: account.apiKey, json: { packageId: id, signerId: "Client1" } });
    // The SDK's RestClient asks for JSON; a browser is sent on to the ceremony instead.
    const { sessionToken } = await callJson<{ sessionToken: string }>("GET", `/auth?signerAuthenticationToken=${encodeURIComponent(value)}`, { headers: { accept: "application/json; esl-api-version=11.68" } });
    const browser = await call("GET", `/auth?signerAuthenticationToken=${encodeURIComponent(value)}&target=${encodeURIComponent("https://elsewhere.example/transaction/x/sign")}`, { headers: { accept: "text/html" } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe(`/sign/${id}`);
    expect((await callJson<{ messageKey: string }>("GET", "/auth?signerAuthenticationToken=not-a-token", { headers: { accept: "application/json" }, expect: 404 })).messageKey).toBeTypeOf("string");

    const cookie = { cookie: `ESIGNLIVE_SESSION_ID=${sessionToken}` };
    const multipart = multipartBody("", [{ name: "licence.pdf", bytes: await makePdf() }]);
    const uploaded = await callJson<{ files: { id: string }[] }>("POST", `/api/packages/${id}/attachment/${requirement.id}`, {
      headers: { ...cookie, "content-type": multipart.contentType },
      body: multipart.body,
    });
    expect(uploaded.files).toHaveLength(1);
    // The SDK reads a file's id as an Integer.
    expect(uploaded.files[0]!.id).toMatch(/^\d+$/);
    expect((await call("DELETE", `/api/packages/${id}/attachment/${requirement.id}/file/${uploaded.files[0]!.id}`, { headers: cookie })).status).toBe(200);
    // Several files in one request (AttachmentRequirementExample), kept together.
    const two = multipartBody("", [
      { name: "front.pdf", bytes: await makePdf() },
      { name: "back.pdf", bytes: await makePdf() },
    ]);
    const both = await callJson<{ files: unknown[] }>("POST", `/api/packages/${id}/attachment/${requirement.id}`, { headers: { ...cookie, "content-type": two.contentType }, body: two.body });
    expect(both.files).toHaveLength(2);
    // One verification result per file kept (the first was removed).
    expect(await callJson<unknown[]>("GET", `/api/packages/${id}/attachment/verifications`, { key: account.apiKey })).toHaveLength(2);
    // Without a session the signer's route answers 401.
    expect((await call("POST", `/api/packages/${id}/attachment/${requirement.id}`, { headers: { "content-type": multipart.contentType }, body: multipart.body })).status).toBe(401);
  });
});

describe("9. signer sessions and signable approvals (SessionCreationExample, SignableSignaturesExample)", () => {
  it("opens a signer session with POST /api/sessions and lists what a signer has yet to sign", async () => {
    const account = await seedAccount();
    const body = sdkPackage("first@example.test", { status: "SENT" });
    (body.roles as Json[]).push({ id: "Client2", name: "Client2", index: 0, signers: [{ id: "Client2", firstName: "Second", lastName: "Signer", email: "second@example.test" }] });
    const document = (body.documents as Json[])[0]!;
    document.id = "documentId";
    (document.approvals as Json[]).push(
      { role: "Client1", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 300, top: 100, width: 200, height: 50 }] },
      { role: "Client2", disabled: true, fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 500, top: 100, width: 200, height: 50 }] },
    );
    const id = await createSdkPackage(account, body);

    const { sessionToken } = await callJson<{ sessionToken: string }>("POST", `/api/sessions?package=${id}&signer=Client1`, { key: account.apiKey });
    const opened = await call("GET", `/access?sessionToken=${encodeURIComponent(sessionToken)}`);
    expect(opened.status).toBe(303);

    const signable = (signer: string) => callJson<{ role: string; disabled: boolean }[]>("GET", `/api/packages/${id}/documents/documentId/signers/${signer}/approvals`, { key: account.apiKey });
    expect((await signable("Client1")).map((approval) => approval.role)).toEqual(["Client1", "Client1"]);
    // A disabled approval is listed, as the original lists it; a signer may be named by e-mail.
    expect(await signable("second@example.test")).toMatchObject([{ role: "Client2", disabled: true }]);
    await callJson("GET", `/api/packages/${id}/documents/documentId/signers/nobody/approvals`, { key: account.apiKey, expect: 404 });
  });
});

describe("9. conditional fields (ConditionalFieldExample, PackageReferencedConditionsExample)", () => {
  it("keeps the package's conditions, replaces a field's through conditionalFields, and says which fields they name", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test", {
      conditions: [
        { id: "ConditionId", condition: "document['DocumentId'].field['fieldId2'].value == 'X'", action: "document['DocumentId'].field['fieldId1'].disabled = false" },
        { id: null, condition: "document['DocumentId'].field['fieldId1'].empty == true", action: "document['DocumentId'].field['fieldId2'].disabled = true" },
      ],
    });
    const document = (body.documents as Json[])[0]!;
    document.id = "DocumentId";
    (document.approvals as Json[])[0]!.id = "signatureId";
    (document.approvals as { fields: Json[] }[])[0]!.fields.push(
      { id: "fieldId1", type: "INPUT", subtype: "TEXTFIELD", page: 0, left: 300, top: 300, width: 100, height: 30, value: "" },
      { id: "fieldId2", type: "INPUT", subtype: "CHECKBOX", page: 0, left: 300, top: 400, width: 20, height: 20, value: "" },
    );
    const id = await createSdkPackage(account, body);
    const conditions = (await getPackage(account, id)).conditions as { id: string; action: string }[];
    expect(conditions.map((condition) => condition.id)).toEqual(["ConditionId", expect.any(String)]);

    const referenced = await callJson<{ documents: { documentId: string; fields: { fieldId: string; conditions: { referencedInCondition: unknown[]; referencedInAction: unknown[] } }[] }[] }>(
      "GET",
      `/api/packages/${id}/referencedConditions?documentId=DocumentId&fieldId=fieldId1`,
      { key: account.apiKey },
    );
    expect(referenced.documents).toEqual([
      { documentId: "DocumentId", fields: [{ fieldId: "fieldId1", conditions: { referencedInCondition: [conditions[1]], referencedInAction: [conditions[0]] } }] },
    ]);

    const path = `/api/packages/${id}/documents/DocumentId/approvals/signatureId/fields/fieldId2/conditionalFields`;
    const changed = { id: "ConditionId", condition: "document['DocumentId'].field['fieldId2'].value == 'X'", action: "document['DocumentId'].field['fieldId1'].disabled = true" };
    expect((await call("PUT", path, { key: account.apiKey, json: { id: "fieldId2", conditions: [changed], style: "UNBOUND_CHECK_BOX" } })).status).toBe(204);
    expect((await getPackage(account, id)).conditions).toEqual([conditions[1], changed]);
    expect((await call("PUT", path, { key: account.apiKey, json: { id: "fieldId2", conditions: [] } })).status).toBe(204);
    expect((await getPackage(account, id)).conditions).toEqual([conditions[1]]);
    await callJson("PUT", `/api/packages/${id}/documents/DocumentId/approvals/signatureId/fields/nope/conditionalFields`, { key: account.apiKey, json: { conditions: [] }, expect: 404 });
  });
});

describe("9. fields whose position the PDF gives (DocumentExtractionExample, FieldPositionExtractionExample, TextAnchorExtractionExample)", () => {
  const sdkRole = (id: string, email: string) => ({
    id,
    name: id,
    index: 0,
    reassign: false,
    locked: false,
    signers: [{ id, firstName: "John", lastName: "Smith", email, delivery: { email: false }, auth: { scheme: "NONE" } }],
  });

  async function createWithPdf(account: SeededAccount, body: Json, pdf: Buffer): Promise<string> {
    const multipart = multipartBody(body, [{ name: "document.pdf", bytes: pdf }]);
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
    return id;
  }

  it("makes signatures and fields of form fields named by the convention, in the wire's unit", async () => {
    const account = await seedAccount();
    // 150 × 22 points at (70, 600) on a Letter page: 195 × 28.6 wire units at left 91, top 221.
    const pdf = await makeNamedFormPdf([
      { name: "[Signer2.capture1]", page: 0, x: 70, y: 600, width: 150, height: 22 },
      { name: "[Signer2.capture1.label1.{signer.title}]", page: 0, x: 300, y: 600, width: 150, height: 22 },
      { name: "[Signer3.initials1]", page: 0, x: 70, y: 300, width: 150, height: 22 },
    ]);
    const body = {
      name: "DocumentExtractionExample",
      roles: [sdkRole("signer2", "two@example.test"), sdkRole("signer3", "three@example.test")],
      documents: [{ name: "First Document", index: 0, approvals: [], extract: true, extractionTypes: [], data: {}, externalSigned: false }],
    };
    const id = await createWithPdf(account, body, pdf);
    const document = (await getPackage(account, id)).documents.find((candidate) => candidate.name === "First Document") as {
      approvals: { role: string; fields: Json[] }[];
    };
    const approvals = document.approvals.map((approval) => ({
      role: approval.role,
      fields: approval.fields.map((field) => [field.type, field.subtype, field.binding ?? null, Math.round(field.left as number), Math.round(field.top as number), Math.round(field.width as number)]),
    }));
    expect(approvals).toEqual([
      { role: "signer2", fields: [["SIGNATURE", "CAPTURE", null, 91, 221, 195], ["INPUT", "LABEL", "{signer.title}", 390, 221, 195]] },
      { role: "signer3", fields: [["SIGNATURE", "INITIALS", null, 91, 611, 195]] },
    ]);
  });

  it("places a field with extract: true on the form field of its name, and one with extractAnchor by the text", async () => {
    const account = await seedAccount();
    const pdf = await makeNamedFormPdf([{ name: "AGENT_SIG_1", page: 0, x: 360, y: 600, width: 168, height: 48 }], {
      texts: [{ page: 0, text: "Nondisclosure Agreement", x: 72, y: 720, size: 12 }],
    });
    const extracted = { type: "SIGNATURE", subtype: "FULLNAME", page: 0, extract: true, name: "AGENT_SIG_1", left: null, top: null, width: null, height: null };
    const anchored = {
      type: "SIGNATURE",
      subtype: "FULLNAME",
      page: 0,
      extract: false,
      left: 0.0,
      top: 0.0,
      width: 0.0,
      height: 0.0,
      extractAnchor: { text: "Nondisclosure", index: 0, characterIndex: 9, anchorPoint: "BOTTOMRIGHT", leftOffset: 0, topOffset: 0, width: 150, height: 40 },
    };
    const body = {
      name: "FieldPositionExtractionExample",
      roles: [sdkRole("Signer1", "one@example.test")],
      documents: [
        {
          name: "First Document",
          index: 0,
          extract: true,
          extractionTypes: [],
          approvals: [
            { role: "Signer1", fields: [extracted], fromFile: false, optional: false, enforceCaptureSignature: false, disabled: false },
            { role: "Signer1", fields: [anchored], fromFile: false, optional: false, enforceCaptureSignature: false, disabled: false },
          ],
        },
      ],
    };
    const id = await createWithPdf(account, body, pdf);
    const document = (await getPackage(account, id)).documents.find((candidate) => candidate.name === "First Document") as { approvals: { fields: Json[] }[] };
    const [onFormField, onAnchor] = document.approvals.map((approval) => approval.fields[0]);
    expect(onFormField).toMatchObject({ name: "AGENT_SIG_1", page: 0, extract: true, left: 468, width: 218.4 });
    expect(onFormField.top as number).toBeCloseTo((792 - 648) * 1.3, 6);
    // The bottom-right corner of the "s" of "Nondisclosure", 150 × 40 as the anchor asks.
    expect(onAnchor).toMatchObject({ page: 0, width: 150, height: 40 });
    expect(onAnchor.left as number).toBeGreaterThan(72 * 1.3);
    expect(onAnchor.top as number).toBeGreaterThan((792 - 720) * 1.3);
    expect(onAnchor.top as number).toBeLessThan((792 - 715) * 1.3);

    // An anchor the document lacks leaves its field out, as on the original (TextAnchorExtractionExample).
    const lacking = { ...body, documents: [{ ...body.documents[0], approvals: [{ role: "Signer1", fields: [extracted, { ...anchored, extractAnchor: { text: "Lease", width: 150, height: 40 } }] }] }] };
    const lackingId = await createWithPdf(account, lacking, pdf);
    const lackingDocument = (await getPackage(account, lackingId)).documents.find((candidate) => candidate.name === "First Document") as { approvals: { fields: Json[] }[] };
    expect(lackingDocument.approvals.map((approval) => approval.fields.map((field) => field.name))).toEqual([["AGENT_SIG_1"]]);
  });
});

describe("9. consent localisation (LocalizeConsentPackageExample, UpdatePackageAndLocalizeConsentExample)", () => {
  it("puts the consent document in the language asked, leaves the package's language, and answers the SDK's ConsentLocalizationData", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const answer = await callJson<Json>("POST", `/api/packages/${id}/documents/localize-consent`, { key: account.apiKey, json: { language: "fr" } });
    expect(answer).toEqual({
      consentId: "default-consent",
      consentMetadata: {
        packageInfo: { uid: id, language: "en" },
        properties: { accountId: "esignlive", language: "fr" },
        document: { accountId: "esignlive", language: "fr" },
      },
    });
    const consent = (await getPackage(account, id)).documents.find((document) => document.id === "default-consent")!;
    expect(consent.name).toBe("Consentement aux communications et signatures électroniques");
    const pdf = await call("GET", `/api/packages/${id}/documents/default-consent/original`, { key: account.apiKey });
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain("Vous acceptez de recevoir et de signer les documents");

    // The SDK's updatePackageAndLocalizeConsent: the package's language first, then the consent in it.
    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { language: "de" } });
    const german = await callJson<{ consentMetadata: { packageInfo: Json } }>("POST", `/api/packages/${id}/documents/localize-consent`, { key: account.apiKey, json: { language: "de" } });
    expect(german.consentMetadata.packageInfo).toEqual({ uid: id, language: "de" });
  });

  it("refuses a language the consent is not written in, and a consent a signer has accepted", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const refused = await call("POST", `/api/packages/${id}/documents/localize-consent`, { key: account.apiKey, json: { language: "tlh" } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('The consent is not written in "tlh"; it is in: en, fr, de, es, it, nl, pt.');

    await callJson("POST", `/api/packages/${id}/documents/localize-consent`, { key: account.apiKey, json: { language: "es-MX" } });
    const name = (await getPackage(account, id)).documents.find((document) => document.id === "default-consent")!.name;
    expect(name).toBe("Consentimiento para comunicaciones y firmas electrónicas");

    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    const db = await getDb();
    const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId: id, roleId: "Client1", memberEmail: null, ipAddress: "203.0.113.9", userAgent: "ConsentTest/1.0" }));
    expect((await call("POST", `/api/signing/${id}/consent`, { headers: { cookie: `${signingCookieName(id)}=${token}` } })).status).toBe(204);
    const accepted = await call("POST", `/api/packages/${id}/documents/localize-consent`, { key: account.apiKey, json: { language: "fr" } });
    expect([accepted.status, (await accepted.json()).messageKey]).toEqual([409, "error.conflict.consentAccepted"]);
  });
});

describe("10. calls on several at once (DeleteDocumentsExample, SignatureManipulationExample)", () => {
  it("deletes several documents in one call, all or none, and replaces a document's approvals with an array", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test");
    const first = (body.documents as Json[])[0];
    const id = await createSdkPackage(account, { ...body, documents: [{ ...first, id: "doc1" }, { ...first, id: "doc2", name: "Second" }, { ...first, id: "doc3", name: "Third" }] });

    const missing = await call("DELETE", `/api/packages/${id}/documents`, { key: account.apiKey, json: ["doc1", "nope"] });
    expect(missing.status).toBe(404);
    expect((await call("DELETE", `/api/packages/${id}/documents`, { key: account.apiKey, json: ["doc1", "doc2"] })).status).toBe(204);
    expect((await getPackage(account, id)).documents.map((document) => document.id).sort()).toEqual(["default-consent", "doc3"]);

    const signature = (left: number) => ({ role: "Client1", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left, top: 100, width: 200, height: 50 }] });
    const replaced = await callJson<{ results: { fields: Json[] }[]; count: number }>("PUT", `/api/packages/${id}/documents/doc3/approvals`, { key: account.apiKey, json: [signature(100), signature(400)] });
    expect(replaced.count).toBe(2);
    expect(replaced.results.map((approval) => approval.fields[0].left)).toEqual([100, 400]);
    const offPage = await call("PUT", `/api/packages/${id}/documents/doc3/approvals`, { key: account.apiKey, json: [signature(5000)] });
    expect(offPage.status).toBe(400);
    expect((await callJson<{ count: number }>("GET", `/api/packages/${id}/documents/doc3/approvals`, { key: account.apiKey })).count).toBe(2);
  });
});

describe("10. small wire details", () => {
  it("marks API-created packages data.origin = api, and takes an accessible account id in …/account/{accountId}/… paths", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    expect((await getPackage(account, id)).data).toMatchObject({ origin: "api" });
    expect((await call("GET", `/api/account/${account.accountId}/verificationTypes`, { key: account.apiKey })).status).toBe(200);
    // The SDK's own examples pass a placeholder account id: the caller's account answers.
    expect((await call("GET", "/api/account/dummyAccountId/verificationTypes", { key: account.apiKey })).status).toBe(200);
  });
});

describe("10. members the SDK sends and reads back (GenericFieldsExample, FromFileCaptureSignatureExample, FieldValidatorsExample)", () => {
  it("keeps fontSize 0, an approval from file, and the validator's disabled, group tooltip and maximum", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test");
    const document = (body.documents as Json[])[0] as { approvals: Json[] };
    const basic = { required: false, disabled: true, enum: ["one", "two"], group: "choices", groupTooltip: "Pick one or two", minimumRequired: 1, maximumRequired: 2, errorMessage: null, pattern: null };
    document.approvals = [
      {
        fromFile: true,
        role: "Client1",
        fields: [
          { type: "SIGNATURE", subtype: "CAPTURE", page: 0, left: 100, top: 100, width: 200, height: 50, fontSize: null },
          { type: "INPUT", subtype: "TEXTFIELD", page: 0, left: 100, top: 300, width: 200, height: 50, fontSize: 0, validation: basic },
        ],
      },
    ];
    const id = await createSdkPackage(account, body);
    const approval = ((await getPackage(account, id)).documents.find((candidate) => candidate.name === "First Document") as { approvals: (Json & { fields: Json[] })[] }).approvals[0];
    expect(approval.fromFile).toBe(true);
    expect(approval.fields[1]).toMatchObject({ fontSize: 0, validation: { disabled: true, groupTooltip: "Pick one or two", minimumRequired: 1, maximumRequired: 2, enum: ["one", "two"] } });
  });

  it("keeps an attachment requirement's type (AttachmentRequirementWithTypeExample)", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test");
    const [role] = body.roles as Json[];
    role.attachmentRequirements = [{ name: "Licence", description: "Front", required: true, attachmentType: "DRIVERS_LICENSE", extractionEnabled: false, comment: null, data: null }];
    const id = await createSdkPackage(account, body);
    const client = (await getPackage(account, id)).roles.find((candidate) => candidate.id === "Client1") as { attachmentRequirements: Json[] };
    expect(client.attachmentRequirements[0]).toMatchObject({ name: "Licence", attachmentType: "DRIVERS_LICENSE", extractionEnabled: false, status: "INCOMPLETE" });
  });
});

describe("10. list and group calls as the SDK words them", () => {
  it("answers getPackagesFields (fields=id) with only those members, and adds a group member through …/invite", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const fieldsOnly = await callJson<{ results: Json[]; count: number }>("GET", "/api/packages?query=DRAFT&from=1&to=10&fields=id", { key: account.apiKey });
    expect(fieldsOnly).toEqual({ results: [{ id }], count: 1 });
    // The SDK's first page of templates: from=0&to=9.
    expect((await call("GET", "/api/packages?visibility=SENDER&from=0&to=9&type=template", { key: account.apiKey })).status).toBe(200);

    const member = await seedSender(account);
    const group = await callJson<{ id: string }>("POST", "/api/groups", { key: account.apiKey, json: { name: "Team", email: "team@example.test", members: [] } });
    const invited = await callJson<{ members: { email: string; memberType: string }[] }>("POST", `/api/groups/${group.id}/invite`, {
      key: account.apiKey,
      json: { email: member.email, memberType: "MANAGER", firstName: null, lastName: null, userId: null },
    });
    expect(invited.members).toMatchObject([{ email: member.email, memberType: "MANAGER" }]);
  });
});

describe("11. every member the original marks as required", () => {
  it("is present in a package, its signers, documents and the sender's groups", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const pkg = await getPackage(account, id);
    expect(pkg).toMatchObject({ bulkSendable: false, notarized: false });
    for (const role of pkg.roles) for (const signer of role.signers as Json[]) expect(signer).toMatchObject({ created: expect.any(String), name: expect.any(String), signerType: expect.any(String), timezoneId: expect.any(String) });
    for (const document of pkg.documents) expect(document).toHaveProperty("tagged");
    expect(operationProblems("GET /api/packages/{packageId}", pkg)).toEqual([]);
    const group = await callJson("POST", "/api/groups", { key: account.apiKey, json: { name: "Team", email: "team@example.test", members: [] } });
    expect(referenceProblems("Group", group)).toEqual([]);
  });
});

describe("12. the last wire differences (issue 31)", () => {
  it("answers a field's value as stored: null when none was given, \"\" when \"\" was (GenericFieldsExample, CreatePackageFromTemplateWithFieldsExample)", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test");
    const [approval] = (body.documents as { approvals: { fields: Json[] }[] }[])[0]!.approvals;
    approval!.fields = [
      { type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 100, width: 200, height: 50 },
      { id: "unchecked", type: "INPUT", subtype: "CHECKBOX", page: 0, left: 50, top: 300, width: 20, height: 20, binding: null, value: null },
      { id: "radio", type: "INPUT", subtype: "RADIO", page: 0, left: 50, top: 350, width: 20, height: 20, value: "", validation: { enum: ["group"], required: false } },
      { id: "checked", type: "INPUT", subtype: "CHECKBOX", page: 0, left: 50, top: 400, width: 20, height: 20, value: "X" },
    ];
    const id = await createSdkPackage(account, body);
    const fieldsOf = async (packageId: string) =>
      ((await getPackage(account, packageId)).documents.find((document) => document.name === "First Document") as { approvals: { fields: Json[] }[] }).approvals[0]!.fields;
    const values = (list: Json[]) => Object.fromEntries(list.filter((field) => field.type === "INPUT").map((field) => [field.id, field.value]));
    expect(values(await fieldsOf(id))).toEqual({ unchecked: null, radio: "", checked: "X" });
    // A template keeps the null, and so does a package made from it.
    const template = await callJson<{ id: string }>("POST", `/api/packages/${id}/clone`, { key: account.apiKey, json: { name: "Template", type: "TEMPLATE" } });
    const fromTemplate = await callJson<{ id: string }>("POST", `/api/packages/${template.id}/clone`, { key: account.apiKey, json: { name: "From template" } });
    expect(values(await fieldsOf(fromTemplate.id))).toEqual({ unchecked: null, radio: "", checked: "X" });
  });

  it("names the sender's own role Owner, as the original's NotificationMethodsForOwnerInAdhocGroupExample finds it", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const owner = (await getPackage(account, id)).roles.find((role) => role.type === "SENDER")!;
    expect(owner.name).toBe("Owner");
    expect((owner.signers as Json[])[0]).toMatchObject({ email: account.email });
  });

  it("answers a missing user's roles with error.notFound.userNotFound (GetAndAssignUserAccountRoleExample)", async () => {
    const account = await seedAccount();
    const read = await call("GET", "/api/account/senders/dummyUserId/roles", { key: account.apiKey });
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ code: 404, messageKey: "error.notFound.userNotFound" });
    const assign = await call("POST", "/api/account/senders/dummyUserId/roles", { key: account.apiKey, json: { accountId: account.accountId, accountRoles: [] } });
    expect(assign.status).toBe(404);
    expect(await assign.json()).toMatchObject({ messageKey: "error.notFound.userNotFound" });
  });

  it("unlocks a signer of a draft as a no-op (SignerManipulationExample) and zips a package not completed (DocumentRetrievalExample)", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    expect((await callJson<Json>("POST", `/api/packages/${id}/roles/Client1/unlock`, { key: account.apiKey })).id).toBe("Client1");
    const zip = await call("GET", `/api/packages/${id}/documents/zip`, { key: account.apiKey });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
  });

  it("keeps only a language the original takes: zh-CN is kept, fr-FR ignored (PackageLanguageConfigurationExample, UpdatePackageAndLocalizeConsentDefaultLanguageExample)", async () => {
    const account = await seedAccount();
    const chinese = await createSdkPackage(account, { ...sdkPackage("signer@example.test"), language: "zh-CN" });
    expect((await getPackage(account, chinese)).language).toBe("zh-CN");
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    for (const language of ["fr-FR", "fr_CA", "xx_YY"]) {
      await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { language } });
      expect((await getPackage(account, id)).language).toBe("en");
    }
    // A Java Locale's own spelling of a language the original takes is that language.
    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { language: "zh_tw" } });
    expect((await getPackage(account, id)).language).toBe("zh-TW");
  });

  it("answers an approval's bound fields before the others, the signature first (BasicPackageCreationExample)", async () => {
    const account = await seedAccount();
    const body = sdkPackage("signer@example.test");
    const [approval] = (body.documents as { approvals: { fields: Json[] }[] }[])[0]!.approvals;
    approval!.fields = [
      { value: "X", type: "INPUT", subtype: "CHECKBOX", page: 0, left: 50, top: 50, width: 20, height: 20 },
      { type: "INPUT", subtype: "LABEL", binding: "{signer.name}", page: 0, left: 150, top: 50, width: 200, height: 20, fontSize: 9 },
      { type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 100, width: 200, height: 50, fontSize: 10 },
    ];
    const id = await createSdkPackage(account, body);
    const fields = ((await getPackage(account, id)).documents.find((document) => document.name === "First Document") as { approvals: { fields: Json[] }[] }).approvals[0]!.fields;
    expect(fields.map((field) => field.binding ?? field.subtype)).toEqual(["FULLNAME", "{signer.name}", "CHECKBOX"]);
  });

  it("answers the package's alerts with ?extensions=alerts, [] when nothing went wrong (GetPackageWithAlertsExample)", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    expect((await callJson<Json>("GET", `/api/packages/${id}?extensions=alerts`, { key: account.apiKey })).alerts).toEqual([]);
    expect(await getPackage(account, id)).not.toHaveProperty("alerts");
  });

  it("attaches the original's verification type ids as its SDK spells them (SignerVerificationExample)", async () => {
    const account = await seedAccount();
    for (const typeId of ["DIGIPASS", "personalCertificateSigning"]) await callJson("PUT", `/api/account/verificationTypes/${typeId}`, { key: account.apiKey });
    const types = await callJson<{ results: Json[] }>("GET", `/api/account/${account.accountId}/verificationTypes`, { key: account.apiKey });
    expect(types.results.map((type) => type.id)).toEqual(expect.arrayContaining(["DIGIPASS", "personalCertificateSigning"]));
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    await callJson("POST", `/api/packages/${id}/roles/Client1/verification`, { key: account.apiKey, json: { typeId: "DIGIPASS", payload: "bSxW5aAFG2yTW5NaqaAF" } });
    await callJson("PUT", `/api/packages/${id}/roles/Client1/verification`, { key: account.apiKey, json: { typeId: "personalCertificateSigning", payload: "" } });
    expect(await callJson<Json>("GET", `/api/packages/${id}/roles/Client1/verification`, { key: account.apiKey })).toEqual({ typeId: "personalCertificateSigning", payload: "" });
  });
});

describe("13. reports (DownloadReportExample)", () => {
  /** The SDK's DateHelper.dateToIsoUtcFormat: yyyy-MM-dd'T'HH:mm:ss'Z'. */
  const sdkDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
  /** The rows of a CSV as the SDK's test reads them (opencsv's CSVReader). */
  const csvRows = (text: string) =>
    text.split("\r\n").filter(Boolean).map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((cell) => cell[1].replace(/""/g, '"')));
  const json = { accept: "application/json; esl-api-version=11.21" };
  const csv = { accept: "text/csv" };

  it("answers the completion, usage and delegation reports the SDK downloads, JSON and CSV, with what its test asserts", async () => {
    const account = await seedAccount();
    const draftId = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const sentId = await createSdkPackage(account, sdkPackage("signer@example.test", { name: "DownloadReportForSent 12:00:00" }));
    await callJson("PUT", `/api/packages/${sentId}`, { key: account.apiKey, json: { status: "SENT" } });
    const from = sdkDate(new Date(Date.now() - 5 * 60_000));
    const to = sdkDate(new Date(Date.now() + 5 * 60_000));
    const get = async (path: string, headers: Record<string, string>) => {
      const response = await call("GET", path, { key: account.apiKey, headers });
      expect(response.status, path).toBe(200);
      // The SDK's RestClient reads an answer with a Content-Disposition as a file, not as the String its report methods return.
      expect(response.headers.get("content-disposition"), path).toBeNull();
      return response.text();
    };

    for (const [status, id] of [["DRAFT", draftId], ["SENT", sentId]] as const) {
      for (const path of [`/api/reports/completion?senderId=${account.userId}&status=${status}&from=${from}&to=${to}`, `/api/reports/completion?status=${status}&from=${from}&to=${to}`]) {
        const report = JSON.parse(await get(path, json)) as { senders: { sender: Json; packages: (Json & { documents: Json[]; signers: Json[] })[] }[] };
        expect(report.senders).toHaveLength(1);
        const [mine] = report.senders;
        expect(mine.sender).toMatchObject({ id: account.userId, status: "ACTIVE", type: "REGULAR" });
        expect(mine.packages[0].documents.length).toBeGreaterThanOrEqual(1);
        expect(mine.packages[0].signers.length).toBeGreaterThanOrEqual(1);
        expect(mine.packages.find((pkg) => pkg.id === id)).toMatchObject({ status, trashed: false, created: expect.any(String) });
        const rows = csvRows(await get(path, csv));
        expect(rows.length).toBeGreaterThanOrEqual(mine.packages.length - 1);
        expect(rows.length).toBeLessThanOrEqual(mine.packages.length + 3);
        expect(rows.find((row) => row.some((cell) => cell.includes(id)))).toEqual(expect.arrayContaining([id, status]));
      }
    }

    const usagePath = `/api/reports/usage?from=${from}&to=${to}`;
    const usage = JSON.parse(await get(usagePath, json)) as { senders: { sender: Json; packages: Record<string, unknown> }[] };
    const mine = usage.senders.find((entry) => entry.sender.id === account.userId)!;
    // The SDK reads each key as UsageReportCategory.valueOf(key.toUpperCase()) and each count as an Integer.
    const categories = ["ACTIVE", "DRAFT", "SENT", "COMPLETED", "ARCHIVED", "DECLINED", "OPTED_OUT", "EXPIRED", "TRASHED"];
    for (const [key, count] of Object.entries(mine.packages)) {
      expect(categories).toContain(key.toUpperCase());
      expect(Number.isInteger(count)).toBe(true);
    }
    expect(mine.packages.draft).toBeGreaterThanOrEqual(1);
    const usageRows = csvRows(await get(usagePath, csv));
    expect(usageRows.length).toBeGreaterThanOrEqual(usage.senders.length - 1);
    expect(usageRows.length).toBeLessThanOrEqual(usage.senders.length + 3);

    for (const path of ["/api/reports/delegation", `/api/reports/delegation?from=${from}&to=${to}`, `/api/reports/delegation?senderId=${account.userId}&from=${from}&to=${to}`]) {
      expect(JSON.parse(await get(path, json))).toMatchObject({ delegationEvents: {} });
      expect(await get(path, csv)).not.toBe("");
    }
  });
});

describe("14. support information and the thank-you dialog (PackageInformationExample, ThankYouDialogExample)", () => {
  it("answers a sent package's SupportConfiguration with an e-mail and a phone, and its thank-you dialog's body", async () => {
    const account = await seedAccount();
    // The account's owner sets the support contact in the console (the SDK's example expects both members).
    await callJson("PATCH", "/api/account/admin/accountSettings/supportConfiguration", { key: account.apiKey, json: { email: "support@example.test", phone: "+1 514 555 0100" } });
    const id = await createSdkPackage(account, sdkPackage("john1.smith1@example.test"));
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });

    // PackageService.getConfig: the api model SupportConfiguration, {email, phone}.
    const support = await callJson<Json>("GET", `/api/package_information/${id}/support_information`, { key: account.apiKey });
    expect(support).toEqual({ email: "support@example.test", phone: "+1 514 555 0100" });
    expect(referenceProblems("SupportConfiguration", support)).toEqual([]);

    // PackageService.getThankYouDialogContent: a JSON object whose "body" is read as a string, not empty.
    const dialog = await callJson<Json>("GET", `/api/packages/${id}/thank_you_dialog`, { key: account.apiKey });
    expect(dialog.body).toEqual(expect.stringMatching(/\S/));
    expect(Object.values(dialog).every((value) => typeof value === "string")).toBe(true);
  });
});

describe("15. typed-signature fonts (ChooseSignatureSettingsExample)", () => {
  it("answers the original's 13 Latin fonts by default, keeps the example's PATCH, goes back to the 13 on DELETE, and refuses a font it cannot draw", async () => {
    const { apiKey } = await seedAccount();
    const url = "/api/account/admin/chooseSignature";
    type Choose = { signature: { allowStyling: boolean; allowMobileSigning: boolean; defaultSignatureType: string; fontsPerWritingSystem: Record<string, string[]> } };
    const original13 = ["Kanit", "Licorice", "Meow Script", "Allison", "Bonheur Royale", "Dancing Script", "Pattaya", "Atma", "Caveat", "Damion", "Shantell Sans", "Nerko One", "Grenze Gotisch"];
    expect((await callJson<Choose>("GET", url, { key: apiKey })).signature.fontsPerWritingSystem.latin).toEqual(original13);
    // What the SDK's ChooseSignatureOptionsBuilder sends for the example.
    const patch = {
      signature: {
        allowStyling: false,
        allowDrawing: true,
        allowUploading: true,
        allowMobileSigning: false,
        defaultSignatureType: "UPLOAD",
        fontsPerWritingSystem: { latin: ["Kanit", "Licorice"], arabic: ["Beiruti"] },
      },
    };
    await callJson("PATCH", url, { key: apiKey, json: patch });
    const patched = await callJson<Choose>("GET", url, { key: apiKey });
    expect(patched.signature).toMatchObject({ allowStyling: false, allowMobileSigning: false, defaultSignatureType: "UPLOAD" });
    expect(patched.signature.fontsPerWritingSystem.latin).toHaveLength(2);
    expect((await call("DELETE", url, { key: apiKey })).status).toBe(204);
    const reset = await callJson<Choose>("GET", url, { key: apiKey });
    expect(reset.signature).toMatchObject({ allowStyling: true, allowMobileSigning: true, defaultSignatureType: "STYLE" });
    expect(reset.signature.fontsPerWritingSystem.latin).toHaveLength(13);

    const refused = await callJson<{ code: number; messageKey: string; message: string }>("PATCH", url, {
      key: apiKey,
      json: { signature: { fontsPerWritingSystem: { latin: ["Kanit", "Comic Sans"], klingon: ["Pagh"] } } },
      expect: 422,
    });
    expect(refused).toMatchObject({ code: 422, messageKey: "error.validation.signatureFont" });
    expect(refused.message).toContain("latin: Comic Sans");
    expect(refused.message).toContain("klingon");
    expect(refused.message).not.toContain("Kanit");
    expect((await callJson<Choose>("GET", url, { key: apiKey })).signature.fontsPerWritingSystem.latin).toEqual(original13);
  });
});

describe("16. callback connectors as EventNotificationRegistrationExample registers one", () => {
  it("stores register(ORIGIN, config) at /callback/connectors/{origin} and answers getEventNotificationConfig(ORIGIN) with its url, key and nine events", async () => {
    const account = await seedAccount();
    // The example's url is http://connectors.url.onespan.com; here only https (or CALLBACK_HTTP_HOSTS) is accepted.
    const events = ["PACKAGE_CREATE", "PACKAGE_DEACTIVATE", "PACKAGE_TRASH", "PACKAGE_DECLINE", "DOCUMENT_SIGNED", "SIGNER_COMPLETE", "PACKAGE_ATTACHMENT", "SIGNER_LOCKED", "DOCUMENT_VIEWED"];
    const sent = { events, key: "1234", url: "https://connectors.url.onespan.com" };
    await callJson("POST", "/api/callback/connectors/dynamics2013", { key: account.apiKey, json: sent });
    const config = await callJson<{ url: string; key: string; events: string[] }>("GET", "/api/callback/connectors/dynamics2013", { key: account.apiKey });
    expect(config).toMatchObject({ url: sent.url, key: "1234" });
    expect([...config.events].sort()).toEqual([...events].sort());
    // The published document's event list lacks DOCUMENT_VIEWED, which the SDK (and this example) sends.
    expect(operationProblems("GET /api/callback/connectors/{origin}", { ...config, events: config.events.filter((event) => event !== "DOCUMENT_VIEWED") })).toEqual([]);
  });
});

describe("17. the original's sub-resources Signet does not serve", () => {
  it("answers signDocument's signConfirm with the 404 of an unknown path, not as a document id", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const path = `/api/packages/${id}/documents/signConfirm`;
    const body = await callJson("POST", path, { key: account.apiKey, json: { documents: [{ id: "doc1", name: "Agreement" }] }, expect: 404 });
    expect(body).toEqual({ code: 404, name: "Not Found", messageKey: "error.notFound.path", message: `POST ${path} is not part of the API.` });
  });
});

describe("33.2 signing through the API (SignDocumentsExample)", () => {
  it("signs the sender's approvals by key, then each signer's through a signer authentication token's session, to COMPLETED", async () => {
    const account = await seedAccount();
    const signer = (id: string, email: string, firstName: string, lastName: string) => ({
      signers: [{ id, email, firstName, lastName, auth: { scheme: "NONE" }, delivery: { email: false }, knowledgeBasedAuthentication: null }],
      name: id,
      index: 0,
      id,
      locked: false,
      reassign: false,
      emailMessage: { content: "" },
    });
    // createPackage: the signers, no documents yet.
    const id = await createSdkPackage(account, {
      ...sdkPackage("signer1@example.test", { documents: [] }),
      roles: [signer("signer1", "signer1@example.test", "John1", "Smith1"), signer("signer2", "signer2@example.test", "Alice", "Bob")],
    });
    // The SDK reads the package back and names each approval's role by its signer's e-mail: the sender's role too.
    const created = await getPackage(account, id);
    const roleOf = (email: string) => created.roles.find((role) => (role.signers as { email: string }[])[0]?.email === email)!.id as string;
    const approval = (email: string, subtype: string, left: number, top: number) => ({
      role: roleOf(email),
      fields: [{ type: "SIGNATURE", subtype, page: 0, left, top, width: 200.0, height: 50.0, extract: false, fontSize: null, tooltip: null }],
      fromFile: false,
      enforceCaptureSignature: false,
      optional: false,
      disabled: false,
    });
    const pdf = await makePdf();
    for (const [name, approvals] of [
      ["First Document", [approval(account.email, "CAPTURE", 100, 100), approval("signer1@example.test", "FULLNAME", 400, 100)]],
      ["Second Document", [approval(account.email, "FULLNAME", 100, 100), approval("signer1@example.test", "CAPTURE", 400, 100), approval("signer2@example.test", "CAPTURE", 400, 300)]],
    ] as const) {
      const upload = multipartBody({ name, index: 0, extract: false, approvals, data: {} }, [{ name: `${name}.pdf`, bytes: pdf }]);
      await callJson("POST", `/api/packages/${id}/documents`, { key: account.apiKey, body: upload.body, headers: { "content-type": upload.contentType } });
    }
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });

    // eslClient.signDocuments(packageId, capturedSignature): every document of the package read back, approvals emptied.
    const handdrawn = "AQAAAIPGDPtxqL+RsL7/w/7eEX+cAtwAAwADAFAAAAADAAAAnALcACMAAAACq5ZQg105VH9Z/1l+UM9QF3A0v3BEv2BmYYFgSGAYQBZAJkA0QDVAREBmQENAQ0BRUJFQg1CDUFKbQENASUBGQERFUA==";
    const signedDocuments = async () => ({ documents: (await getPackage(account, id)).documents.map((document) => ({ ...(document as Json), approvals: [] })), handdrawn });
    const url = `/api/packages/${id}/documents/signed_documents`;
    await callJson("POST", url, { key: account.apiKey, json: await signedDocuments() });
    const accepted = async (email: string) =>
      (await getPackage(account, id)).documents.flatMap((document) => (document.approvals as { role: string; accepted?: string }[]).filter((item) => item.role === roleOf(email)).map((item) => item.accepted ?? null));
    expect((await accepted(account.email)).every((at) => typeof at === "string")).toBe(true);
    expect((await accepted("signer1@example.test")).every((at) => at === null)).toBe(true);
    expect((await getPackage(account, id)).status).toBe("SENT");

    // eslClient.signDocuments(packageId, signerId, capturedSignature): a multi-use signer token with the session field, its session as the cookie.
    for (const signerId of ["signer1", "signer2"]) {
      const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", {
        key: account.apiKey,
        json: { packageId: id, signerId, sessionFields: { "Bulk Signing on behalf of": signerId } },
      });
      const { sessionToken } = await callJson<{ sessionToken: string }>("GET", `/auth?signerAuthenticationToken=${encodeURIComponent(value)}`, { headers: { accept: "application/json; esl-api-version=11.68" } });
      await callJson("POST", url, { json: await signedDocuments(), headers: { cookie: `ESIGNLIVE_SESSION_ID=${sessionToken}` } });
    }
    const after = await getPackage(account, id);
    expect(after.status).toBe("COMPLETED");
    expect((await accepted("signer1@example.test")).every((at) => typeof at === "string")).toBe(true);
  });
});

describe("33.4 document visibility (DocumentVisibilityExample)", () => {
  it("stores the SDK's configurations, answers them for getDocumentVisibility, and each signer's ceremony shows only their documents", async () => {
    const account = await seedAccount();
    const signerRole = (n: number) => ({
      id: `signer${n}Id`,
      name: `signer${n}Id`,
      index: 0,
      signers: [{ id: `signer${n}Id`, firstName: `John${n}`, lastName: `Smith${n}`, email: `visibility.signer${n}@example.test`, auth: { scheme: "NONE" }, delivery: { email: false } }],
      locked: false,
      reassign: false,
    });
    const sdkDocument = (n: number, name: string) => ({
      id: `doc${n}Id`,
      name,
      index: 0,
      extract: false,
      data: {},
      approvals: [
        {
          role: `signer${n}Id`,
          optional: false,
          disabled: false,
          enforceCaptureSignature: false,
          fromFile: false,
          fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100.0, top: 100.0, width: 200.0, height: 50.0, extract: false }],
        },
      ],
    });
    const id = await createSdkPackage(account, {
      ...sdkPackage("unused@example.test"),
      name: "DocumentVisibilityExample 12:00:00",
      roles: [signerRole(1), signerRole(2), signerRole(3)],
      documents: [sdkDocument(1, "First Document"), sdkDocument(2, "Second Document"), sdkDocument(3, "Third Document")],
    });

    // PackageService.configureDocumentVisibility: the api model DocumentVisibility, Entity fields and all.
    const configuration = (n: number, roleUids: string[]) => ({ id: "", name: "", data: null, documentUid: `doc${n}Id`, roleUids });
    const visibility = {
      id: "",
      name: "",
      data: null,
      configurations: [configuration(1, ["signer1Id", "signer3Id"]), configuration(2, ["signer2Id", "signer3Id"]), configuration(3, ["signer3Id", "signer2Id"])],
    };
    expect((await call("POST", `/api/packages/${id}/documents/visibility`, { key: account.apiKey, json: visibility })).status).toBe(200);

    // getDocumentVisibility: DocumentVisibility.getConfiguration(documentUid).getSignerIds().
    const answered = await callJson<{ configurations: { documentUid: string; roleUids: string[] }[] }>("GET", `/api/packages/${id}/documents/visibility`, { key: account.apiKey });
    expect(answered.configurations).toHaveLength(3);
    expect(answered.configurations.find((entry) => entry.documentUid === "doc1Id")?.roleUids).toEqual(["signer1Id", "signer3Id"]);
    expect(answered.configurations.find((entry) => entry.documentUid === "doc3Id")?.roleUids).toEqual(["signer3Id", "signer2Id"]);

    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    // getDocuments(packageId, signerId) and getSigners(packageId, documentId) filter getPackage by the visibility.
    const pkg = await getPackage(account, id);
    const documentsFor = (signerId: string) =>
      pkg.documents.filter((document) => answered.configurations.find((entry) => entry.documentUid === document.id)?.roleUids.includes(signerId)).map((document) => document.name);
    expect(documentsFor("signer1Id")).toEqual(["First Document"]);
    expect(documentsFor("signer2Id")).toEqual(["Second Document", "Third Document"]);
    expect(documentsFor("signer3Id")).toEqual(["First Document", "Second Document", "Third Document"]);
    const signersOf = (documentId: string) =>
      pkg.roles.filter((role) => answered.configurations.find((entry) => entry.documentUid === documentId)?.roleUids.includes(String(role.id))).map((role) => role.id);
    expect(signersOf("doc1Id")).toEqual(["signer1Id", "signer3Id"]);
    expect(signersOf("doc3Id")).toEqual(["signer2Id", "signer3Id"]);

    // And the ceremony honours it.
    const db = await getDb();
    for (const [roleId, expected] of [["signer1Id", ["doc1Id"]], ["signer2Id", ["doc2Id", "doc3Id"]]] as const) {
      const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId: id, roleId, memberEmail: null, ipAddress: null, userAgent: null }));
      const view = await callJson<{ documents: { id: string }[] }>("GET", `/api/signing/${id}`, { headers: { cookie: `${signingCookieName(id)}=${token}` } });
      expect(view.documents.map((document) => document.id)).toEqual(expected);
    }
  });
});

describe("33.1 the embedded designer (SenderAuthenticationTokenExample, DesignerRedirectForPackageSenderExample)", () => {
  // The JSON redemption opens a console session: the console's secret, and the service over HTTP as the console reaches it.
  const saved = { AUTH_SECRET: process.env.AUTH_SECRET, ESIGN_API_URL: process.env.ESIGN_API_URL };
  let service: Awaited<ReturnType<typeof serveApiOverHttp>>;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "sdk-designer-test-secret-0123456789";
    service = await serveApiOverHttp();
    process.env.ESIGN_API_URL = service.url;
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await service.close();
  });

  it("SenderAuthenticationTokenExample: a DRAFT's token, redeemed at /auth as the SDK does, answers {sessionToken}, once", async () => {
    const owner = await seedAccount();
    const id = await createSdkPackage(owner, sdkPackage("john.smith@example.test"));
    // AuthenticationTokensService.createSenderAuthenticationToken: POST /api/authenticationTokens/sender {packageId}, reads value.
    const token = await callJson<{ packageId: string; value: string }>("POST", "/api/authenticationTokens/sender", { key: owner.apiKey, json: { packageId: id } });
    expect(token).toEqual({ packageId: id, value: expect.any(String) });
    // AuthenticationService.getSessionIdForSenderAuthenticationToken: GET {webpageUrl}/auth?senderAuthenticationToken=…, reads sessionToken.
    const accept = { accept: "application/json; esl-api-version=11.68" };
    const { sessionToken } = await callJson<{ sessionToken: string }>("GET", `/auth?senderAuthenticationToken=${token.value}`, { headers: accept });
    expect(sessionToken).toEqual(expect.any(String));
    expect((await call("GET", `/auth?senderAuthenticationToken=${token.value}`, { headers: accept })).status).toBe(401);
  });

  it("DesignerRedirectForPackageSenderExample: the account owner asks for an invited sender's draft; the SDK's link opens that sender's builder", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const id = await createSdkPackage(owner, { ...sdkPackage("john.smith@example.test"), sender: { email: sender.email } });
    expect(await callJson("GET", `/api/packages/${id}`, { key: owner.apiKey })).toMatchObject({ sender: { email: sender.email } });
    const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/sender", { key: owner.apiKey, json: { packageId: id } });
    // buildRedirectToDesignerForSender: {webpageUrl}/auth?senderAuthenticationToken=…&target=<encoded {webpageUrl}/designer/{packageId}>.
    const link = `/auth?senderAuthenticationToken=${value}&target=${encodeURIComponent(`http://127.0.0.1:3000/designer/${id}`)}`;
    const opened = await call("GET", link, { headers: { accept: "text/html" } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/packages/${id}/edit`);
    expect(opened.headers.get("set-cookie")).toContain("authjs.session-token=");
  });
});

describe("33.5 attachment review (AttachmentRequirementExample, AttachmentExtractionExample)", () => {
  /** The role as the SDK's updateSigner sends it back: SignerConverter.toAPIRole of the signer read from the package. */
  function sdkRole(role: Json, requirementChange: (requirement: Json) => Json): Json {
    const signer = (role.signers as Json[])[0]!;
    return {
      signers: [{ ...signer, knowledgeBasedAuthentication: null, delivery: { email: false }, data: null }],
      index: role.index,
      reassign: role.reassign,
      id: role.id,
      name: role.id,
      locked: false,
      attachmentRequirements: (role.attachmentRequirements as Json[]).map((requirement) =>
        requirementChange({
          id: requirement.id,
          name: requirement.name,
          comment: requirement.comment,
          data: null,
          description: requirement.description,
          required: requirement.required,
          files: requirement.files,
          status: requirement.status,
        }),
      ),
    };
  }

  it("rejects then accepts the signer's attachment by PUT …/roles/{roleId} on the SENT package, and answers the verification results", async () => {
    const account = await seedAccount();
    const body = sdkPackage("john@example.test", { status: "SENT" });
    const role = (body.roles as Json[])[0]!;
    role.attachmentRequirements = [
      { name: "Driver's license", description: "Please upload a scanned copy of your driver's license.", required: true, id: null, status: null, comment: null, attachmentType: "DRIVERS_LICENSE", extractionEnabled: true },
    ];
    const id = await createSdkPackage(account, body);
    const roleOf = async () => (await getPackage(account, id)).roles.find((candidate) => candidate.id === "Client1")!;
    const requirement = ((await roleOf()).attachmentRequirements as Json[])[0]!;
    expect(requirement).toMatchObject({ status: "INCOMPLETE", attachmentType: "DRIVERS_LICENSE", extractionEnabled: true });

    // eslClient.uploadAttachment: a signer session token, then the multipart POST with its cookie.
    const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", { key: account.apiKey, json: { packageId: id, signerId: "Client1" } });
    const { sessionToken } = await callJson<{ sessionToken: string }>("GET", `/auth?signerAuthenticationToken=${encodeURIComponent(value)}`, { headers: { accept: "application/json" } });
    const multipart = multipartBody("", [{ name: "The attachment1 for signer1.pdf", bytes: await makePdf({ pages: 1 }) }]);
    await callJson("POST", `/api/packages/${id}/attachment/${requirement.id as string}`, { headers: { cookie: `ESIGNLIVE_SESSION_ID=${sessionToken}`, "content-type": multipart.contentType }, body: multipart.body });

    // AttachmentRequirementService.rejectAttachment: status REJECTED, the comment in `comment`.
    const url = `/api/packages/${id}/roles/Client1`;
    await callJson("PUT", url, { key: account.apiKey, json: sdkRole(await roleOf(), (entry) => ({ ...entry, status: "REJECTED", comment: "Reject: uploaded wrong attachment." })) });
    expect(((await roleOf()).attachmentRequirements as Json[])[0]).toMatchObject({ status: "REJECTED", comment: "Reject: uploaded wrong attachment." });
    // acceptAttachment: COMPLETE with an empty comment; the original's status, not ACCEPTED.
    await callJson("PUT", url, { key: account.apiKey, json: sdkRole(await roleOf(), (entry) => ({ ...entry, status: "COMPLETE", comment: "" })) });
    expect(((await roleOf()).attachmentRequirements as Json[])[0]).toMatchObject({ status: "COMPLETE", comment: "" });

    // getAttachmentVerificationResults: one per file, attachmentUuid and fileName set (the example reads element 0's extractionResult).
    const results = await callJson<Json[]>("GET", `/api/packages/${id}/attachment/verifications`, { key: account.apiKey });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ attachmentUuid: requirement.id, fileName: "The attachment1 for signer1.pdf", extension: "pdf", typeMatch: true, extractionResult: null, classificationResult: null });
  });
});

describe("33.6 notarization (UpdatePackageExample, NotaryJournalExample)", () => {
  it("UpdatePackageExample: withNotarized(false) on create, updatePackage with withNotarized(true), getPackage reads true", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test", { name: "Old Package Name", notarized: false, notaryRoleId: "", visibility: "ACCOUNT", language: "en" }));
    expect(await getPackage(account, id)).toMatchObject({ notarized: false, notaryRoleId: "" });
    // The SDK's PUT: the whole converted Package, roles and documents empty, notaryRoleId its default "".
    await callJson("PUT", `/api/packages/${id}`, {
      key: account.apiKey,
      json: {
        name: "new package name",
        description: "new description",
        emailMessage: "new email message",
        language: "fr",
        visibility: "SENDER",
        notarized: true,
        notaryRoleId: "",
        autocomplete: false,
        roles: [],
        documents: [],
        data: { sdk: "Java v${project.version}" },
        settings: { ceremony: { declineReasons: ["new decline reason #1"], optOutReasons: [], defaultTimeBasedExpiry: false } },
      },
    });
    const pkg = await getPackage(account, id);
    expect(pkg).toMatchObject({ name: "new package name", notarized: true, autocomplete: false, visibility: "SENDER" });
    expect(operationProblems("GET /api/packages/{packageId}", pkg)).toEqual([]);
  });

  it("NotaryJournalExample: getJournalEntries(senderUID) parses {results}, getJournalEntriesAsCSV has a filename and one row per entry plus the header", async () => {
    const account = await seedAccount();
    // With no notarized signing yet: an empty Result, and a CSV of its header alone.
    expect(await callJson("GET", `/api/user/${account.userId}/journal`, { key: account.apiKey })).toEqual({ results: [], count: 0 });
    // The owner is the notary here: a commission, a notarized package they sign last.
    await callJson("PUT", `/api/account/senders/${account.userId}/notaryCommission`, {
      key: account.apiKey,
      json: { name: "Olive Owner", number: 100, jurisdiction: "Ontario", country: "Canada", expirationDate: new Date(Date.now() + 86_400_000 * 30).toISOString(), confirmed: true },
    });
    const body = sdkPackage("signer@example.test", { notarized: true, notaryRoleId: "Notary" });
    const roles = [...(body.roles as Json[]), { id: "Notary", name: "Notary", index: 1, signers: [{ id: "Notary", email: account.email, firstName: "Olive", lastName: "Owner", auth: { scheme: "NONE" } }] }];
    const documents = (body.documents as Json[]).map((document) => ({
      ...document,
      approvals: [...(document.approvals as Json[]), { role: "Notary", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100.0, top: 300.0, width: 200.0, height: 50.0 }] }],
    }));
    const id = await createSdkPackage(account, { ...body, roles, documents });
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    const db = await getDb();
    for (const roleId of ["Client1", "Notary"]) {
      const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId: id, roleId, memberEmail: null, ipAddress: "203.0.113.1", userAgent: "sdk" }));
      const headers = { cookie: `${signingCookieName(id)}=${token}` };
      await call("POST", `/api/signing/${id}/consent`, { headers });
      // The notary adopts the notarial certificate before signing, as in the ceremony.
      if (roleId === "Notary") await callJson("POST", `/api/signing/${id}/notary`, { headers });
      const view = await callJson<{ documents: { id: string; approvals: { id: string; mine: boolean; fields: { id: string; subtype: string }[] }[] }[] }>("GET", `/api/signing/${id}`, { headers });
      const document = view.documents[0]!;
      const mine = document.approvals.filter((approval) => approval.mine);
      await callJson("POST", `/api/signing/${id}/documents/${document.id}/sign`, {
        headers,
        json: { approvals: mine.map((approval) => ({ id: approval.id, fields: approval.fields.filter((field) => field.subtype === "CHECKBOX").map((field) => ({ id: field.id, value: "X" })) })) },
      });
    }
    const journal = await callJson<{ results: Json[]; count: number }>("GET", `/api/user/${account.userId}/journal`, { key: account.apiKey, headers: { accept: "application/json; esl-api-version=11.21" } });
    expect(journal.count).toBe(1);
    // What NotaryJournalEntryConverter reads.
    expect(Object.keys(journal.results[0]!)).toEqual(expect.arrayContaining(["sequenceNumber", "creationDate", "documentType", "documentName", "signerName", "signatureType", "idType", "idValue", "jurisdiction", "comment"]));
    expect(journal.results[0]).toMatchObject({ sequenceNumber: 1, signerName: "John Smith", jurisdiction: "Ontario" });
    // RestClient.getBytes: Accept "*/*; esl-api-version=…"; DownloadedFile takes its filename from Content-Disposition.
    const csv = await call("GET", `/api/user/${account.userId}/journal/download`, { key: account.apiKey, headers: { accept: "*/*; esl-api-version=11.21" } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/filename="?notary-journal\.csv/);
    expect((await csv.text()).trimEnd().split("\r\n")).toHaveLength(journal.count + 1);
  });
});

describe("33.7 virtual room (VirtualRoomExample)", () => {
  it("stores setVirtualRoom's PUT …/virtual-room/config (hostUid null: a signer built without an id) and answers getVirtualRoom with what it sent", async () => {
    const account = await seedAccount();
    const id = await createSdkPackage(account, sdkPackage("signer@example.test"));
    const startDatetime = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    // VirtualRoomConverter.toAPIVirtualRoom, serialized with its nulls (JsonDateSerializer: yyyy-MM-dd'T'HH:mm:ssZ).
    const sent = { video: true, videoRecording: true, startDatetime, hostUid: null };
    await callJson("PUT", `/api/packages/${id}/virtual-room/config`, { key: account.apiKey, json: sent });
    const room = await callJson<Json>("GET", `/api/packages/${id}/virtual-room/config`, { key: account.apiKey });
    expect(room).toEqual({ video: true, videoRecording: true, startDatetime: startDatetime.replace("Z", ".000Z") });
    expect(new Date(room.startDatetime as string).getTime()).toBe(new Date(startDatetime).getTime());
    // A host the SDK names by the signer's id.
    expect(await callJson<Json>("PUT", `/api/packages/${id}/virtual-room/config`, { key: account.apiKey, json: { ...sent, hostUid: "Client1" } })).toMatchObject({ hostUid: "Client1" });
  });
});

describe("33.8 signing link by SMS (SendSmsToSignerExample)", () => {
  it("answers sendSmsToSigner's POST …/roles/{roleId}/sms_notification (no body) with 200 once each signer has a phone, and 422 naming the phone when not", async () => {
    const saved = Object.fromEntries(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_API_URL"].map((name) => [name, process.env[name]]));
    const { startTwilioServer } = await import("../support/twilio-server");
    const twilio = await startTwilioServer("AC0123456789abcdef", "secret-token");
    Object.assign(process.env, { TWILIO_ACCOUNT_SID: "AC0123456789abcdef", TWILIO_AUTH_TOKEN: "secret-token", TWILIO_FROM_NUMBER: "+15005550006", TWILIO_API_URL: twilio.url });
    try {
      const account = await seedAccount();
      // The example's package: in person, two signers of index 0 (no signing order), e-mail only.
      const signerRole = (id: string, email: string, extra: Json = {}) => ({
        id,
        name: id,
        index: 0,
        signers: [{ id, email, firstName: "John", lastName: "Smith", auth: { scheme: "NONE" }, knowledgeBasedAuthentication: null, delivery: { email: false }, ...extra }],
      });
      const base = sdkPackage("unused@example.test");
      const settings = { ceremony: { inPerson: true, optOutReasons: [], declineReasons: [], defaultTimeBasedExpiry: false } };
      const approval = (role: string) => ({ role, fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100.0, top: 100.0, width: 200.0, height: 50.0 }] });
      const documents = [{ ...(base.documents as Json[])[0], approvals: [approval("Signer1"), approval("Signer2")] }];
      const send = async (roles: Json[]) => {
        const id = await createSdkPackage(account, { ...base, settings, roles, documents });
        await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
        return id;
      };
      const bare = await send([signerRole("Signer1", "john@example.test"), signerRole("Signer2", "patty@example.test")]);
      const refused = await callJson<Json>("POST", `/api/packages/${bare}/roles/Signer1/sms_notification`, { key: account.apiKey, expect: 422 });
      expect(refused).toMatchObject({ code: 422, messageKey: "error.validation.signerPhoneMissing" });

      // SignerBuilder.withNotificationMethods(...withPhoneNumber): the SDK sends it as the signer's phone.
      const phoned = await send([
        signerRole("Signer1", "john@example.test", { phone: "+15145550101", notificationMethods: { primary: ["EMAIL", "SMS"] } }),
        signerRole("Signer2", "patty@example.test", { phone: "+15145550102", notificationMethods: { primary: ["EMAIL", "SMS"] } }),
      ]);
      for (const roleId of ["Signer1", "Signer2"]) {
        const response = await call("POST", `/api/packages/${phoned}/roles/${roleId}/sms_notification`, { key: account.apiKey });
        expect(response.status).toBe(200);
      }
      expect(twilio.messages.map((message) => message.to)).toEqual(["+15145550101", "+15145550102"]);
      expect((await getPackage(account, phoned)).status).toBe("SENT");
    } finally {
      await twilio.close();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe("33.3 sender delegation (DelegationExample)", () => {
  it("replays the example: invites senders, then adds, removes, replaces by ids, clears and replaces by DelegationUsers with expiry dates", async () => {
    const account = await seedAccount();
    type Delegate = { id: string; email: string; firstName: string; lastName: string; name: string; expiryDate?: string };
    // AccountService.inviteUser: the owner's own address answers the owner; eleven new senders (INVITED).
    const invite = (email: string, n: number | string) => ({
      email, firstName: `firstName${n}`, lastName: "lastName", company: `company${n}`, title: `title${n}`, language: `language${n}`, phone: `phoneNumber${n}`, type: "REGULAR", status: null,
    });
    const ownerId = (await callJson<{ id: string }>("POST", "/api/account/senders", { key: account.apiKey, json: invite(account.email, "") })).id;
    expect(ownerId).toBe(account.userId);
    const senders: { id: string; email: string; firstName: string; lastName: string; name: string }[] = [];
    for (let n = 1; n <= 11; n++) {
      const created = await callJson<{ id: string }>("POST", "/api/account/senders", { key: account.apiKey, json: invite(`delegate${n}-${account.userId}@example.test`.toLowerCase(), n) });
      senders.push(await callJson("GET", `/api/account/senders/${created.id}`, { key: account.apiKey }));
    }
    // DelegationUserBuilder.newDelegationUser(sender): the sender's email, names and id, serialised by the SDK's api model.
    const delegationUser = (n: number, expiryDate: string | null = null) => {
      const { id, email, firstName, lastName, name } = senders[n - 1];
      return { email, firstName, id, lastName, name, expiryDate };
    };
    const base = `/api/account/senders/${ownerId}/delegates`;
    const list = () => callJson<Delegate[]>("GET", base, { key: account.apiKey });
    const ids = (delegates: Delegate[]) => delegates.map((delegate) => delegate.id).sort();
    const idsOf = (...ns: number[]) => ns.map((n) => senders[n - 1].id).sort();

    expect((await call("DELETE", base, { key: account.apiKey })).status).toBe(204);
    for (const n of [1, 2, 3]) await callJson("POST", `${base}/${senders[n - 1].id}`, { key: account.apiKey, json: delegationUser(n) });
    const afterAdding = await list();
    expect(ids(afterAdding)).toEqual(idsOf(1, 2, 3));
    // The test compares each delegate's id, firstName and lastName with the sender's, found by e-mail.
    for (const n of [1, 2, 3]) expect(afterAdding.find((delegate) => delegate.email === senders[n - 1].email)).toMatchObject({ id: senders[n - 1].id, firstName: `firstName${n}`, lastName: "lastName" });

    expect((await call("DELETE", `${base}/${senders[1].id}`, { key: account.apiKey })).status).toBe(204);
    expect(ids(await list())).toEqual(idsOf(1, 3));

    await callJson("PUT", base, { key: account.apiKey, json: [4, 5, 6, 7, 8, 9].map((n) => senders[n - 1].id) });
    expect(ids(await list())).toEqual(idsOf(4, 5, 6, 7, 8, 9));

    expect((await call("DELETE", base, { key: account.apiKey })).status).toBe(204);
    expect(await list()).toEqual([]);

    // updateDelegationWithDelegationUsers: DelegationUsers whose expiryDate is "now" (the SDK's yyyy-MM-dd'T'HH:mm:ss'Z').
    const nowish = `${new Date().toISOString().slice(0, 19)}Z`;
    await callJson("PUT", base, { key: account.apiKey, json: [delegationUser(10, nowish), delegationUser(11, nowish)] });
    const afterObjects = await list();
    expect(ids(afterObjects)).toEqual(idsOf(10, 11));
    for (const n of [10, 11]) {
      expect(afterObjects.find((delegate) => delegate.email === senders[n - 1].email)).toMatchObject({ id: senders[n - 1].id, firstName: `firstName${n}`, lastName: "lastName", expiryDate: `${nowish.slice(0, 19)}.000Z` });
    }
  });
});
