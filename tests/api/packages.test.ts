import { afterEach, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { approvals, auditEvents, packages, reminders, roleSigningStates } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload, signer } from "../support/packages";
import { encryptedPdfBytes, makePdf, multipartBody, qpdfEncryptedPdf } from "../support/pdfs";
import { blobFiles, countPackages } from "../support/stored";
import { seedAccount, seedGroup, seedSender } from "../support/seed";

type Json = Record<string, unknown>;
type WirePackage = Json & { id: string; status: string; roles: Json[]; documents: (Json & { approvals: Json[] })[] };

/** Every value of the wire: no nulls but a field's value given none (the original answers null there), dates in UTC ending in Z. */
function assertWireRules(value: unknown, where = "body") {
  expect(value, where).not.toBeNull();
  if (Array.isArray(value)) value.forEach((item, i) => assertWireRules(item, `${where}[${i}]`));
  else if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      if (key === "value" && member === null && "subtype" in value) continue;
      if (typeof member === "string" && /^\d{4}-\d\d-\d\dT/.test(member)) expect(member, `${where}.${key}`).toMatch(/Z$/);
      assertWireRules(member, `${where}.${key}`);
    }
  }
}

async function upload(apiKey: string, payload: unknown, files: { name: string; bytes: Buffer }[]) {
  const { body, contentType } = multipartBody(payload, files);
  return call("POST", "/api/packages", { key: apiKey, body, headers: { "content-type": contentType } });
}

async function getPackage(apiKey: string, id: string) {
  return callJson<WirePackage>("GET", `/api/packages/${id}`, { key: apiKey });
}

async function eventsOf(packageId: string) {
  const db = await getDb();
  return (await db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(auditEvents.id)).map((e) => e.name);
}

describe("POST /api/packages", () => {
  it("creates a draft from multipart with the consent document, the sender's role and the fields", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ documents: ["Agreement", "Annex"] }));
    const pkg = await getPackage(account.apiKey, id);
    assertWireRules(pkg);
    expect(pkg).toMatchObject({ id, name: "Contract", type: "PACKAGE", status: "DRAFT", trashed: false, autocomplete: true });
    expect(pkg.documents.map((d) => d.id)).toEqual(["default-consent", "doc1", "doc2"]);
    const agreement = pkg.documents[1];
    expect(agreement.pages).toEqual([
      // Letter pages in the wire's unit: 1.3 per PDF point.
      { id: "doc1-0", index: 0, version: 1, top: 0, left: 0, width: 795.6, height: 1029.6 },
      { id: "doc1-1", index: 1, version: 1, top: 0, left: 0, width: 795.6, height: 1029.6 },
    ]);
    expect(agreement.approvals).toHaveLength(1);
    expect(agreement.approvals[0]).toMatchObject({
      role: "Signer1",
      fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 }],
    });
    // Consent: an acceptance approval (no fields) for each signer.
    expect(pkg.documents[0].approvals.map((a) => a.role).sort()).toEqual(["Signer1", "Signer2"]);
    const sender = pkg.roles.find((role) => role.type === "SENDER");
    expect(sender).toMatchObject({ signers: [{ email: account.email }] });
    expect(pkg.roles.filter((role) => role.type === "SIGNER").map((role) => role.id)).toEqual(["Signer1", "Signer2"]);
    expect(pkg.sender).toMatchObject({ id: account.userId, email: account.email });
    expect(await eventsOf(id)).toEqual(["PACKAGE_CREATE"]);
  });

  it("creates a package from plain JSON without documents, and with SENT refuses one with nothing to sign (422)", async () => {
    const account = await seedAccount();
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", {
      key: account.apiKey,
      json: { name: "Just roles", roles: [{ id: "A", signers: [signer(1)] }] },
    });
    expect((await getPackage(account.apiKey, id)).documents.map((d) => d.id)).toEqual(["default-consent"]);
    const refused = await callJson<Json>("POST", "/api/packages", {
      key: account.apiKey,
      json: { name: "Send me", status: "SENT", roles: [{ id: "A", signers: [signer(1)] }] },
      expect: 422,
    });
    expect(refused.messageKey).toBe("error.validation.packageHasNoDocuments");
  });

  it("creates and sends in one step with status SENT", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));
    expect((await getPackage(account.apiKey, id)).status).toBe("SENT");
    expect(await eventsOf(id)).toEqual(["PACKAGE_CREATE", "PACKAGE_ACTIVATE"]);
  });

  it("accepts the SDKs' media types with parameters and keeps every spec 2.1 field", async () => {
    const account = await seedAccount();
    const payload = {
      ...packagePayload(),
      language: "fr",
      autocomplete: false,
      description: "For the board",
      emailMessage: "Please sign",
      visibility: "ACCOUNT",
      due: "2027-01-31T17:00:00+01:00",
      settings: { ceremony: { inPerson: true } },
      unknownMember: "ignored",
    };
    const { body } = multipartBody(payload, [{ name: "a.pdf", bytes: await makePdf() }]);
    const boundary = body.toString("latin1").slice(2, body.indexOf("\r\n"));
    const response = await call("POST", "/api/packages", {
      key: account.apiKey,
      body,
      headers: { "content-type": `multipart/form-data; esl-api-version=11.68.0; boundary=${boundary}`, accept: "application/json; esl-api-version=11.68.0" },
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const pkg = await getPackage(account.apiKey, id);
    expect(pkg).toMatchObject({
      language: "fr",
      autocomplete: false,
      description: "For the board",
      emailMessage: "Please sign",
      visibility: "ACCOUNT",
      due: "2027-01-31T16:00:00.000Z",
      settings: { ceremony: { inPerson: true } },
    });
    expect(pkg).not.toHaveProperty("unknownMember");
  });

  it("makes the sender a signer with the Owner role, and echoes group signers as spec 2.3 says", async () => {
    const account = await seedAccount();
    const board = { email: "board@example.test", name: "The Board" };
    const boardGroup = { id: await seedGroup(account, board), ...board };
    const payload = {
      name: "Owner signs",
      roles: [
        { id: "Owner", name: "Me", index: 1, signers: [{ email: "whatever@example.test", firstName: "X", lastName: "Y" }] },
        { id: "Board", index: 2, signers: [{ group: { id: boardGroup.id, email: "stale@example.test", name: "Stale name" } }] },
      ],
      documents: [{ id: "d", name: "Doc", approvals: [{ role: "Owner", fields: [{ page: 0, top: 10, left: 10, width: 100, height: 30 }] }] }],
    };
    const id = await createPackageWithFiles(account.apiKey, payload);
    const pkg = await getPackage(account.apiKey, id);
    const owner = pkg.roles.find((role) => role.id === "Owner")!;
    expect(owner).toMatchObject({ type: "SENDER", signers: [{ email: account.email, firstName: "Olive", lastName: "Owner" }] });
    expect(pkg.roles.filter((role) => role.type === "SENDER")).toHaveLength(1);
    // The signer takes the group's current e-mail and name, whatever the payload said.
    const boardRole = pkg.roles.find((role) => role.id === "Board")!;
    expect(boardRole.signers).toEqual([
      expect.objectContaining({ email: "board@example.test", firstName: "The Board", lastName: "", signerType: "GROUP_SIGNER", group: expect.objectContaining(boardGroup) }),
    ]);
  });

  it("creates templates, whose roles need only id, name and index", async () => {
    const account = await seedAccount();
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", {
      key: account.apiKey,
      json: { name: "NDA template", type: "TEMPLATE", roles: [{ id: "Client", name: "Client", index: 1 }] },
    });
    const template = await getPackage(account.apiKey, id);
    expect(template).toMatchObject({ type: "TEMPLATE", status: "DRAFT" });
    expect(template.roles.find((role) => role.id === "Client")).toMatchObject({ signers: [] });
    expect(await eventsOf(id)).toEqual(["TEMPLATE_CREATE"]);
  });

  describe("refuses bad input with a JSON error and stores nothing", () => {
    afterEach(() => {
      delete process.env.MAX_FILE_MB;
      delete process.env.MAX_REQUEST_MB;
    });

    it.each([
      ["a text file", async () => Buffer.from("hello, not a pdf"), "error.validation.notPdf", "not a PDF"],
      ["an empty file", async () => Buffer.alloc(0), "error.validation.emptyDocument", "empty"],
      ["an encrypted PDF", async () => encryptedPdfBytes(), "error.validation.encryptedPdf", "encrypted"],
      // Issue 16, item 9c: its encrypted object streams used to make it "corrupt".
      ["a PDF encrypted by qpdf (AES-256)", qpdfEncryptedPdf, "error.validation.encryptedPdf", "is encrypted (password-protected); upload it without encryption"],
      ["a corrupt PDF", async () => Buffer.concat([(await makePdf()).subarray(0, 300)]), "error.validation.corruptPdf", "corrupt"],
    ])("%s → 400", async (_label, bytes, messageKey, fragment) => {
      const account = await seedAccount();
      const good = await makePdf();
      const before = blobFiles();
      const response = await upload(account.apiKey, packagePayload({ documents: ["Good", "Bad"] }), [
        { name: "good.pdf", bytes: good },
        { name: "bad.pdf", bytes: await bytes() },
      ]);
      expect(response.status).toBe(400);
      const body = (await response.json()) as Json;
      expect(body).toMatchObject({ code: 400, name: "Bad Request", messageKey });
      expect(String(body.message)).toContain(fragment);
      expect(String(body.message)).toContain("Bad");
      expect(await countPackages(account.accountId)).toBe(0);
      expect(blobFiles()).toEqual(before);
    });

    it("a file over the size limit → 413", async () => {
      process.env.MAX_FILE_MB = "0.05";
      const account = await seedAccount();
      const response = await upload(account.apiKey, packagePayload(), [{ name: "big.pdf", bytes: await makePdf({ padToBytes: 200_000 }) }]);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 413, name: "Payload Too Large" });
      expect(await countPackages(account.accountId)).toBe(0);
    });

    it("a request over the request limit → 413", async () => {
      process.env.MAX_REQUEST_MB = "0.1";
      const account = await seedAccount();
      const pdf = await makePdf({ padToBytes: 60_000 });
      const response = await upload(account.apiKey, packagePayload({ documents: ["A", "B"] }), [
        { name: "a.pdf", bytes: pdf },
        { name: "b.pdf", bytes: pdf },
      ]);
      expect(response.status).toBe(413);
    });

    it("a field off its page → 400 naming the page size, and a failed transaction leaves no blob behind", async () => {
      const account = await seedAccount();
      const payload = packagePayload();
      payload.documents[0].approvals[0].fields[0] = { type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 10, left: 720, width: 100, height: 40 };
      const before = blobFiles();
      const response = await upload(account.apiKey, payload, [{ name: "a.pdf", bytes: await makePdf({ texts: [{ page: 0, text: "unique", x: 1, y: 1 }] }) }]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).message).toContain("795.6 × 1029.6");
      expect(blobFiles()).toEqual(before);
    });

    it.each([
      ["no payload part", () => {
        const boundary = "b0undary";
        return { body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
      }, "error.validation.missingPayload"],
      ["a truncated multipart body", () => ({ body: Buffer.from('--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"name":'), type: "multipart/form-data; boundary=xyz" }), "error.validation.invalidMultipart"],
      ["a multipart type without boundary", () => ({ body: Buffer.from("whatever"), type: "multipart/form-data" }), "error.validation.invalidMultipart"],
      ["a payload that is not JSON", () => {
        const { body, contentType } = multipartBody("{nope", []);
        return { body, type: contentType };
      }, "error.validation.invalidJson"],
      ["malformed JSON", () => ({ body: Buffer.from("{"), type: "application/json" }), "error.validation.invalidJson"],
      ["an unsupported content type", () => ({ body: Buffer.from("name=x"), type: "application/x-www-form-urlencoded" }), "error.validation.contentType"],
    ])("%s → 400", async (_label, build, messageKey) => {
      const account = await seedAccount();
      const { body, type } = build();
      const response = await call("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": type } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, messageKey });
    });

    it.each([
      ["a missing name", { roles: [] }, "name"],
      ["a wrong type", { name: "x", autocomplete: "yes" }, "autocomplete"],
      ["an unknown status", { name: "x", status: "COMPLETED" }, "status"],
      ["a role index as a string", { name: "x", roles: [{ id: "A", index: "one" }] }, "roles.0.index"],
      ["two signers in one role", { name: "x", roles: [{ id: "A", signers: [signer(1), signer(2)] }] }, "one signer"],
      ["a bad signer e-mail", { name: "x", roles: [{ id: "A", signers: [{ email: "nope" }] }] }, "roles.0.signers.0.email"],
      ["duplicate role ids", { name: "x", roles: [{ id: "A" }, { id: "A" }] }, "id \"A\""],
      ["two roles for the sender", { name: "x", roles: [{ id: "Owner" }, { id: "Me", type: "SENDER" }] }, "the sender has one role"],
      ["documents without files", { name: "x", documents: [{ name: "D" }] }, "no file"],
      ["the reserved consent id", { name: "x", documents: [{ id: "default-consent", name: "D" }] }, "no file"],
    ])("%s → 400", async (_label, json, fragment) => {
      const account = await seedAccount();
      const body = await callJson<Json>("POST", "/api/packages", { key: account.apiKey, json, expect: 400 });
      expect(String(body.message)).toContain(fragment);
    });

    it("an approval for an unknown role → 400 naming the role", async () => {
      const account = await seedAccount();
      const payload = packagePayload();
      payload.documents[0].approvals[0].role = "Ghost";
      const response = await upload(account.apiKey, payload, [{ name: "a.pdf", bytes: await makePdf() }]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).message).toContain('"Ghost"');
    });

    it("a wrong number of files → 400", async () => {
      const account = await seedAccount();
      const pdf = await makePdf();
      const response = await upload(account.apiKey, packagePayload(), [
        { name: "a.pdf", bytes: pdf },
        { name: "b.pdf", bytes: pdf },
      ]);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ messageKey: "error.validation.documentFileCount" });
    });
  });
});

describe("text tags", () => {
  it("turns every tag into a field at its position, in one approval per role and document", async () => {
    const account = await seedAccount();
    const pdf = await makePdf({
      pages: 2,
      texts: [
        { page: 0, text: "{{*esl_ClientSig:Client:signature}}", x: 72, y: 700, size: 12 },
        { page: 0, text: "{{esl:Client:signingdate}}", x: 72, y: 650, size: 10 },
        { page: 1, text: "{{esl:Witness:initials:size(60,30)}}", x: 300, y: 100, size: 12 },
      ],
    });
    const payload = {
      name: "Tagged",
      roles: [
        { id: "Client", signers: [signer(1)] },
        { id: "W1", name: "Witness", signers: [signer(2)] },
      ],
      documents: [{ id: "tagged", name: "Tagged", extract: true, extractionTypes: ["TEXT_TAGS"] }],
    };
    const id = await createPackageWithFiles(account.apiKey, payload, pdf);
    const document = (await getPackage(account.apiKey, id)).documents.find((d) => d.id === "tagged")!;
    const byRole = (role: string) => document.approvals.filter((a) => a.role === role) as { fields: Json[] }[];
    expect(byRole("Client")).toHaveLength(1);
    expect(byRole("Client")[0].fields).toEqual([
      expect.objectContaining({ type: "SIGNATURE", subtype: "FULLNAME", name: "ClientSig", page: 0, validation: { required: true } }),
      expect.objectContaining({ type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", page: 0 }),
    ]);
    const signature = byRole("Client")[0].fields[0] as { left: number; top: number; width: number; height: number };
    // The tag at 72 points from the left, its baseline 700 up a 792-high page: in the wire's unit, 1.3 per point.
    // The field sits on the tag's line (its bottom at the tag's descent, 2.5 points below the
    // baseline), grown upwards to a signature's least height, 28 points.
    expect(signature.left).toBeCloseTo(72 * 1.3, 0);
    expect(signature.top + signature.height).toBeCloseTo((792 - 700 + 2.5) * 1.3, 0);
    expect(signature.height).toBeCloseTo(28 * 1.3, 1);
    expect(byRole("W1")[0].fields).toEqual([expect.objectContaining({ subtype: "INITIALS", page: 1, width: 60, height: 30 })]);
  });

  it("creates the role a tag names when the package lacks it, as the original service does; sending waits for its signer", async () => {
    const account = await seedAccount();
    const pdf = await makePdf({ pages: 3, texts: [{ page: 2, text: "{{esl:Stranger:signature}} {{esl:stranger:initials}}", x: 72, y: 300 }] });
    const payload = { name: "New role by tag", roles: [{ id: "Client", signers: [signer(1)] }], documents: [{ id: "doc", name: "Doc", extract: true, extractionTypes: ["TEXT_TAGS"] }] };
    const id = await createPackageWithFiles(account.apiKey, payload, pdf);
    const pkg = await getPackage(account.apiKey, id);
    const stranger = pkg.roles.filter((role) => String(role.id).toLowerCase() === "stranger");
    // One role for both tags (matched by name in any case), without a signer yet, with its consent.
    expect(stranger).toEqual([expect.objectContaining({ id: "Stranger", name: "Stranger", type: "SIGNER", signers: [] })]);
    const document = pkg.documents.find((d) => d.id === "doc")!;
    // `tagged` says the PDF is a Tagged PDF (accessible), which this one is not, tags or no tags.
    expect(document.tagged).toBe(false);
    const strangerFields = document.approvals.filter((approval) => approval.role === "Stranger").flatMap((approval) => approval.fields as Json[]);
    expect(strangerFields.map((field) => field.subtype)).toEqual(["FULLNAME", "INITIALS"]);
    expect(pkg.documents.find((d) => d.id === "default-consent")!.approvals.map((approval) => approval.role)).toContain("Stranger");
    const refused = await call("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Json).message).toContain("Stranger");
  });
});

describe("text tags of a long document, read by page ranges on the PDF workers", () => {
  // Two workers (the default) read 60 pages as two ranges, 0-29 and 30-59.
  const taggedPages = [0, 29, 30, 59];
  const tags = (extra: { page: number; text: string }[] = []) =>
    [...taggedPages.map((page) => ({ page, text: `{{esl:Client:textfield}} on page ${page + 1}`, x: 72, y: 500 })), ...extra.map((tag) => ({ ...tag, x: 72, y: 300 }))];
  const payload = { name: "Long", roles: [{ id: "Client", signers: [signer(1)] }], documents: [{ id: "long", name: "Long", extract: true, extractionTypes: ["TEXT_TAGS"] }] };

  it("finds the tags of every range, in page order", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, payload, await makePdf({ pages: 60, texts: tags() }));
    const document = (await getPackage(account.apiKey, id)).documents.find((d) => d.id === "long")!;
    const fields = document.approvals.flatMap((approval) => approval.fields as Json[]);
    expect(fields.map((field) => field.page)).toEqual(taggedPages);
  });

  it("refuses with the first bad tag by page, whichever range meets its own first", async () => {
    const account = await seedAccount();
    // Tags left open, refused while the pages are read: on the first range's last page and the
    // second range's first, which that range meets long before the first range meets its own.
    const pdf = await makePdf({ pages: 60, texts: tags([{ page: 30, text: "{{esl:Client:textfield" }, { page: 29, text: "{{esl:Client:signature" }]) });
    const { body, contentType } = multipartBody(payload, [{ name: "long.pdf", bytes: pdf }]);
    const response = await call("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).message).toMatch(/^Text tag "\{\{esl:Client:signature" on page 30 of document "Long" is invalid/);
  });
});

describe("GET /api/packages/{id}", () => {
  it("shows its sender as GET /api/account/senders/{id} does, groups and lock included, in lists and reads alike", async () => {
    const owner = await seedAccount();
    const ann = await seedSender(owner);
    await seedGroup(owner, { name: "Sales", email: "sales@example.test" }, [ann.userId]);
    await seedGroup(owner, { name: "Legal", email: "legal@example.test" }, [ann.userId]);
    // A group of another account the user is in (as the owner of a sub account is) is not this account's.
    await seedGroup(await seedAccount(), { name: "Elsewhere", email: "elsewhere@example.test" }, [ann.userId]);
    const draft = await createPackageWithFiles(ann.apiKey, packagePayload({ name: "Ann's draft" }));
    const expectSenderAsAnswered = async () => {
      const { activationUrl, ...asSender } = await callJson<Json>("GET", `/api/account/senders/${ann.userId}`, { key: owner.apiKey });
      expect(activationUrl).toBeUndefined();
      const listed = await callJson<{ results: Json[] }>("GET", "/api/packages?query=drafts", { key: ann.apiKey });
      expect(listed.results.map((pkg) => pkg.sender)).toEqual([asSender]);
      expect((await callJson<Json>("GET", `/api/packages/${draft}`, { key: owner.apiKey })).sender).toEqual(asSender);
      return asSender;
    };
    const active = await expectSenderAsAnswered();
    expect(active).toMatchObject({ status: "ACTIVE", memberships: [{ groupName: "Legal", memberType: "REGULAR" }, { groupName: "Sales", memberType: "REGULAR" }] });
    await callJson("DELETE", `/api/account/senders/${ann.userId}`, { key: owner.apiKey });
    expect(await expectSenderAsAnswered()).toMatchObject({ status: "LOCKED" });
  });

  it("shows each of a page's several senders as GET /api/account/senders/{id} does (an inbox from two senders)", async () => {
    const owner = await seedAccount();
    const [ann, bob, signerOfBoth] = [await seedSender(owner), await seedSender(owner), await seedSender(owner)];
    await seedGroup(owner, { name: "Sales", email: "sales@example.test" }, [bob.userId]);
    for (const sender of [ann, bob]) {
      const payload = packagePayload({ status: "SENT", signers: 1 });
      payload.roles[0].signers[0].email = signerOfBoth.email;
      await createPackageWithFiles(sender.apiKey, payload);
    }
    const inbox = await callJson<{ results: { sender: Json }[] }>("GET", "/api/packages?query=inbox", { key: signerOfBoth.apiKey });
    const senderOf = (id: string) => callJson<Json>("GET", `/api/account/senders/${id}`, { key: owner.apiKey });
    const expected = await Promise.all([ann, bob].map((sender) => senderOf(sender.userId)));
    expect(inbox.results.map((pkg) => pkg.sender).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
      expected.sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
    expect(expected.find((sender) => sender.id === bob.userId)?.memberships).toEqual([expect.objectContaining({ groupName: "Sales" })]);
  });

  it("answers 404 for another account's package, a deleted one and an unknown id, exactly alike", async () => {
    const alice = await seedAccount();
    const bob = await seedAccount();
    const id = await createPackageWithFiles(alice.apiKey, packagePayload());
    const deleted = await createPackageWithFiles(alice.apiKey, packagePayload());
    await callJson("DELETE", `/api/packages/${deleted}`, { key: alice.apiKey, expect: 204 });
    const answers = await Promise.all([
      callJson<Json>("GET", `/api/packages/${id}`, { key: bob.apiKey, expect: 404 }),
      callJson<Json>("GET", `/api/packages/${deleted}`, { key: alice.apiKey, expect: 404 }),
      callJson<Json>("GET", `/api/packages/unknown`, { key: alice.apiKey, expect: 404 }),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ code: 404, name: "Not Found", messageKey: "error.notFound.packageNotFound" });
    // Nor can bob change, clone or delete it.
    await callJson("POST", `/api/packages/${id}`, { key: bob.apiKey, json: { status: "SENT" }, expect: 404 });
    await callJson("POST", `/api/packages/${id}/clone`, { key: bob.apiKey, json: { name: "Mine now" }, expect: 404 });
    await callJson("DELETE", `/api/packages/${id}`, { key: bob.apiKey, expect: 404 });
    expect((await getPackage(alice.apiKey, id)).status).toBe("DRAFT");
  });
});

describe("status changes on /api/packages/{id}", () => {
  it("sends, takes back to draft, trashes and restores to the earlier status, by POST and PUT, with events", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    const change = (method: string, json: Json, expect = 200) => callJson<WirePackage>(method, `/api/packages/${id}`, { key: account.apiKey, json, expect });
    expect((await change("POST", { status: "SENT" })).status).toBe("SENT");
    expect((await change("PUT", { status: "DRAFT" })).status).toBe("DRAFT");
    expect((await change("PUT", { status: "SENT" })).status).toBe("SENT");
    expect(await change("POST", { trashed: true })).toMatchObject({ status: "SENT", trashed: true });
    await change("POST", { status: "DRAFT" }, 409);
    expect(await change("PUT", { trashed: false })).toMatchObject({ status: "SENT", trashed: false });
    expect(await eventsOf(id)).toEqual([
      "PACKAGE_CREATE",
      "PACKAGE_ACTIVATE",
      "PACKAGE_DEACTIVATE",
      "PACKAGE_ACTIVATE",
      "PACKAGE_TRASH",
      "PACKAGE_RESTORE",
    ]);
  });

  it("refuses transitions that are not allowed with 409 and a JSON error", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    for (const status of ["COMPLETED", "ARCHIVED", "DECLINED", "EXPIRED", "OPTED_OUT"]) {
      const body = await callJson<Json>("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status }, expect: 409 });
      expect(body).toMatchObject({ code: 409, name: "Conflict" });
      expect(String(body.message)).toContain(status);
    }
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "BOGUS" }, expect: 400 });
    expect((await getPackage(account.apiKey, id)).status).toBe("DRAFT");
  });

  it("refuses to send a package whose role has no signer (422)", async () => {
    const account = await seedAccount();
    const payload = packagePayload();
    payload.roles[1].signers = [];
    const id = await createPackageWithFiles(account.apiKey, payload);
    const body = await callJson<Json>("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" }, expect: 422 });
    expect(body.messageKey).toBe("error.validation.roleWithoutSigner");
    expect(String(body.message)).toContain("Signer2");
  });

  it("updates metadata of a draft, and after sending only what may still change", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    const updated = await callJson<WirePackage>("PUT", `/api/packages/${id}`, {
      key: account.apiKey,
      json: { name: "Renamed", description: "New", language: "de", due: null, settings: { ceremony: { inPerson: false } } },
    });
    expect(updated).toMatchObject({ name: "Renamed", description: "New", language: "de" });
    expect(updated).not.toHaveProperty("due");
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { name: "Renamed again", due: "2030-01-01" } });
    const refused = await callJson<Json>("POST", `/api/packages/${id}`, { key: account.apiKey, json: { language: "fr" }, expect: 409 });
    expect(String(refused.message)).toContain("language");
    // A client resending the whole package with the same values is not refused.
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { name: "Renamed again", language: "de", status: "SENT" } });
  });

  it("lets the sender complete a package held with autocomplete false only once every approval is done, then archive it", async () => {
    const account = await seedAccount();
    const held = await createPackageWithFiles(account.apiKey, { ...packagePayload({ status: "SENT" }), autocomplete: false });
    const auto = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));
    const refusedAuto = await callJson<Json>("POST", `/api/packages/${auto}`, { key: account.apiKey, json: { status: "COMPLETED" }, expect: 409 });
    expect(refusedAuto.messageKey).toBe("error.conflict.packageAutocompletes");
    const refusedUnsigned = await callJson<Json>("POST", `/api/packages/${held}`, { key: account.apiKey, json: { status: "COMPLETED" }, expect: 409 });
    expect(refusedUnsigned.messageKey).toBe("error.conflict.signingNotFinished");

    // Signing arrives with the ceremony; here the approvals and every signer's completion are written directly.
    const db = await getDb();
    await db.update(approvals).set({ signed: new Date() }).where(eq(approvals.packageId, held));
    const finished = ["Signer1", "Signer2"].map((roleId) => ({ packageId: held, roleId, completed: new Date() }));
    await db.insert(roleSigningStates).values(finished).onConflictDoUpdate({ target: [roleSigningStates.packageId, roleSigningStates.roleId], set: { completed: new Date() } });
    expect(await callJson<WirePackage>("POST", `/api/packages/${held}`, { key: account.apiKey, json: { status: "COMPLETED" } })).toMatchObject({
      status: "COMPLETED",
      completed: expect.stringMatching(/Z$/),
    });
    expect((await callJson<WirePackage>("PUT", `/api/packages/${held}`, { key: account.apiKey, json: { status: "ARCHIVED" } })).status).toBe("ARCHIVED");
    // The zip of sealed documents: 409 until the seal (the job's work, run here directly) is stored.
    await callJson("GET", `/api/packages/${held}/documents/zip`, { key: account.apiKey, expect: 409 });
    await sealPackage(held);
    const zip = await call("GET", `/api/packages/${held}/documents/zip`, { key: account.apiKey });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(await eventsOf(held)).toEqual(["PACKAGE_CREATE", "PACKAGE_ACTIVATE", "PACKAGE_COMPLETE", "PACKAGE_ARCHIVE"]);
  });

  it("stops pending reminders when a package leaves SENT or goes to the trash, and plans them again on restore", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    await callJson("POST", `/api/packages/${id}/reminders`, {
      key: account.apiKey,
      json: { startInDaysDelay: 1, intervalInDays: 2, repetitionsCount: 3 },
      expect: 201,
    });
    const pending = async () => (await getDb()).select().from(reminders).where(and(eq(reminders.packageId, id), isNull(reminders.sentDate)));
    const change = (json: Json) => callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json });
    await change({ status: "SENT" });
    expect(await pending()).toHaveLength(3);
    await change({ trashed: true });
    expect(await pending()).toHaveLength(0);
    await change({ trashed: false });
    expect(await pending()).toHaveLength(3);
    await change({ status: "DRAFT" });
    expect(await pending()).toHaveLength(0);
    await change({ status: "SENT" });
    await callJson("DELETE", `/api/packages/${id}`, { key: account.apiKey, expect: 204 });
    expect(await pending()).toHaveLength(0);
  });

  it("judges metadata against the status the request leads to, and refuses changes in the trash", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));
    expect(await callJson<WirePackage>("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "DRAFT", language: "fr" } })).toMatchObject({
      status: "DRAFT",
      language: "fr",
    });
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { trashed: true } });
    const refused = await callJson<Json>("POST", `/api/packages/${id}`, { key: account.apiKey, json: { name: "Trashed rename" }, expect: 409 });
    expect(refused.messageKey).toBe("error.conflict.packageTrashed");
    expect(await callJson<WirePackage>("POST", `/api/packages/${id}`, { key: account.apiKey, json: { trashed: false, name: "Restored" } })).toMatchObject({
      trashed: false,
      name: "Restored",
    });
  });

  it("refuses a JSON body over 10 MB with 413 before reading it all, on every JSON route", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    const huge = JSON.stringify({ name: "x", description: "a".repeat(11 * 1024 * 1024) });
    for (const [method, path, key] of [
      ["POST", "/api/packages", account.apiKey],
      ["PUT", `/api/packages/${id}`, account.apiKey],
      ["POST", "/api/signup", undefined],
    ] as const) {
      const response = await call(method, path, { key, body: huge, headers: { "content-type": "application/json" } });
      expect(response.status, `${method} ${path}`).toBe(413);
    }
  });

  it("deletes: a later GET answers 404 and the deletion is in the audit trail", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    expect((await call("DELETE", `/api/packages/${id}`, { key: account.apiKey })).status).toBe(204);
    await callJson("GET", `/api/packages/${id}`, { key: account.apiKey, expect: 404 });
    expect(await eventsOf(id)).toEqual(["PACKAGE_CREATE", "PACKAGE_DELETE"]);
  });
});

describe("GET /api/packages", () => {
  it("lists by folder and status with 1-based inclusive paging, search and sort", async () => {
    const account = await seedAccount();
    const ids: string[] = [];
    for (const name of ["Alpha lease", "Bravo loan", "Charlie lease", "Delta NDA"]) {
      const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, json: { name, description: name === "Delta NDA" ? "about a lease" : "" } });
      ids.push(id);
    }
    const sent = await createPackageWithFiles(account.apiKey, packagePayload({ name: "Echo sent", status: "SENT" }));
    await callJson("POST", `/api/packages/${ids[1]}`, { key: account.apiKey, json: { trashed: true } });
    const list = (query: string) => callJson<{ results: WirePackage[]; count: number }>("GET", `/api/packages?${query}`, { key: account.apiKey });

    const all = await list("sort=name&dir=asc");
    expect(all.count).toBe(4);
    expect(all.results.map((p) => p.name)).toEqual(["Alpha lease", "Charlie lease", "Delta NDA", "Echo sent"]);
    assertWireRules(all);
    // Lists carry each package's roles and documents as GET does, without approvals.
    const echo = all.results[3];
    const full = await getPackage(account.apiKey, sent);
    expect(echo.roles).toEqual(full.roles);
    expect(echo.documents).toEqual(full.documents.map((document) => ({ ...document, approvals: [] })));
    const page2 = await list("sort=name&dir=asc&from=2&to=3");
    expect(page2).toMatchObject({ count: 4 });
    expect(page2.results.map((p) => p.name)).toEqual(["Charlie lease", "Delta NDA"]);
    expect((await list("query=drafts")).count).toBe(3);
    expect((await list("query=sent")).results.map((p) => p.id)).toEqual([sent]);
    expect((await list("query=SENT")).results.map((p) => p.id)).toEqual([sent]);
    expect((await list("query=trashed")).results.map((p) => p.id)).toEqual([ids[1]]);
    expect((await list("search=lease&sort=name&dir=desc")).results.map((p) => p.name)).toEqual(["Delta NDA", "Charlie lease", "Alpha lease"]);
    expect((await list("search=100%25")).count).toBe(0);
    expect((await list("type=TEMPLATE")).count).toBe(0);
  });

  it("tells the status SENT from the folder sent, and lists several statuses at once, separated by commas", async () => {
    const account = await seedAccount();
    const ids: Record<string, string> = {};
    for (const status of ["DRAFT", "SENT", "DECLINED", "OPTED_OUT", "EXPIRED", "COMPLETED"]) {
      ids[status] = (await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, json: { name: status } })).id;
    }
    // Sending, signing and time reach these statuses; the test sets them directly.
    const db = await getDb();
    for (const status of ["SENT", "DECLINED", "OPTED_OUT", "EXPIRED", "COMPLETED"]) await db.update(packages).set({ status }).where(eq(packages.id, ids[status]));
    await callJson("POST", `/api/packages/${ids.EXPIRED}`, { key: account.apiKey, json: { trashed: true } });
    const names = async (query: string) =>
      (await callJson<{ results: WirePackage[]; count: number }>("GET", `/api/packages?sort=name&dir=asc&query=${query}`, { key: account.apiKey })).results.map((p) => p.name);

    expect(await names("SENT")).toEqual(["SENT"]);
    expect(await names("sent")).toEqual(["COMPLETED", "DECLINED", "OPTED_OUT", "SENT"]);
    expect(await names("Sent")).toEqual(["COMPLETED", "DECLINED", "OPTED_OUT", "SENT"]);
    expect(await names("DECLINED,OPTED_OUT,EXPIRED")).toEqual(["DECLINED", "OPTED_OUT"]);
    expect(await names("declined,%20completed")).toEqual(["COMPLETED", "DECLINED"]);
    const refused = await callJson<Json>("GET", "/api/packages?query=DECLINED,someday", { key: account.apiKey, expect: 400 });
    expect(String(refused.message)).toContain("Unknown query");
  });

  it("shows the inbox of a signer and never another account's packages", async () => {
    const alice = await seedAccount();
    const bob = await seedAccount();
    await createPackageWithFiles(alice.apiKey, packagePayload({ status: "SENT" }));
    const owner = await createPackageWithFiles(bob.apiKey, {
      name: "Bob signs",
      status: "SENT",
      roles: [{ id: "Owner", signers: [] }],
      documents: [{ name: "D", approvals: [{ role: "Owner", fields: [{ page: 0, top: 1, left: 1, width: 50, height: 20 }] }] }],
    });
    const inbox = await callJson<{ results: WirePackage[]; count: number }>("GET", "/api/packages?query=inbox", { key: bob.apiKey });
    expect(inbox.results.map((p) => p.id)).toEqual([owner]);
    expect((await callJson<{ count: number }>("GET", "/api/packages", { key: bob.apiKey })).count).toBe(1);
  });

  it.each([
    ["from=-1", "from"],
    ["from=5&to=2", "must not be smaller"],
    ["sort=size", "sort"],
    ["query=someday", "Unknown query"],
    ["type=LAYOUTS", "type"],
  ])("refuses %s with 400", async (query, fragment) => {
    const account = await seedAccount();
    const body = await callJson<Json>("GET", `/api/packages?${query}`, { key: account.apiKey, expect: 400 });
    expect(String(body.message)).toContain(fragment);
  });

  it("never answers more than 100 at once", async () => {
    const account = await seedAccount();
    const body = await callJson<{ results: unknown[] }>("GET", "/api/packages?from=1&to=1000", { key: account.apiKey });
    expect(body.results.length).toBeLessThanOrEqual(100);
  });
});

describe("POST /api/packages/{id}/clone", () => {
  it("makes a template from a package, then a package from the template with its roles filled", async () => {
    const account = await seedAccount();
    const source = await createPackageWithFiles(account.apiKey, packagePayload());
    const { id: templateId } = await callJson<{ id: string }>("POST", `/api/packages/${source}/clone`, {
      key: account.apiKey,
      json: { name: "Contract template", type: "TEMPLATE", visibility: "ACCOUNT", settings: { ceremony: { inPerson: false } } },
    });
    const template = await getPackage(account.apiKey, templateId);
    expect(template).toMatchObject({ type: "TEMPLATE", name: "Contract template", status: "DRAFT" });
    expect(template.documents.map((d) => d.id)).toEqual(["default-consent", "doc1"]);
    expect(template.documents[1].approvals[0]).toMatchObject({ role: "Signer1", fields: [{ top: 600, left: 100 }] });

    const { id: packageId } = await callJson<{ id: string }>("POST", `/api/packages/${templateId}/clone`, {
      key: account.apiKey,
      json: {
        name: "From template",
        type: "PACKAGE",
        status: "SENT",
        roles: [{ id: "Signer2", signers: [{ email: "new.person@example.test", firstName: "New", lastName: "Person" }] }],
      },
    });
    const created = await getPackage(account.apiKey, packageId);
    expect(created).toMatchObject({ type: "PACKAGE", status: "SENT", name: "From template" });
    expect(created.roles.find((r) => r.id === "Signer2")).toMatchObject({ signers: [{ email: "new.person@example.test" }] });
    expect(created.roles.find((r) => r.id === "Signer1")).toMatchObject({ signers: [{ email: "signer1@example.test" }] });
    expect(await eventsOf(templateId)).toEqual(["TEMPLATE_CREATE"]);
    expect(await eventsOf(packageId)).toEqual(["PACKAGE_CREATE", "PACKAGE_ACTIVATE"]);
    // Downloads of the copy serve the same original bytes.
    const original = await call("GET", `/api/packages/${packageId}/documents/doc1/original`, { key: account.apiKey });
    const sourceOriginal = await call("GET", `/api/packages/${source}/documents/doc1/original`, { key: account.apiKey });
    expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(await sourceOriginal.arrayBuffer()))).toBe(true);
  });

  it("turns the roles given with no signers into placeholders, keeping their name, order, approvals and message", async () => {
    const account = await seedAccount();
    const payload = packagePayload();
    payload.roles[1] = { ...payload.roles[1]!, emailMessage: { content: "Please sign" } } as (typeof payload.roles)[number];
    const source = await createPackageWithFiles(account.apiKey, { ...payload, roles: [...payload.roles, { id: "Owner", signers: [] }] });
    const { id: templateId } = await callJson<{ id: string }>("POST", `/api/packages/${source}/clone`, {
      key: account.apiKey,
      json: { name: "Placeholders", type: "TEMPLATE", roles: [{ id: "Signer1", signers: [] }, { id: "Signer2", signers: [] }, { id: "Owner", signers: [] }] },
    });
    const template = await getPackage(account.apiKey, templateId);
    expect(template.roles.find((r) => r.id === "Signer1")).toMatchObject({ name: "Signer 1", index: 1, type: "SIGNER", signers: [] });
    expect(template.roles.find((r) => r.id === "Signer2")).toMatchObject({ name: "Signer 2", index: 2, signers: [], emailMessage: { content: "Please sign" } });
    // The sender's own role stays the sender's.
    expect(template.roles.find((r) => r.id === "Owner")).toMatchObject({ type: "SENDER", signers: [{ email: account.email }] });
    expect(template.documents[1].approvals[0]).toMatchObject({ role: "Signer1", fields: [{ top: 600, left: 100 }] });
    // Without `signers`, a role keeps its person, as before.
    const { id: kept } = await callJson<{ id: string }>("POST", `/api/packages/${source}/clone`, {
      key: account.apiKey,
      json: { name: "Kept", type: "TEMPLATE", roles: [{ id: "Signer1", name: "First" }] },
    });
    expect((await getPackage(account.apiKey, kept)).roles.find((r) => r.id === "Signer1")).toMatchObject({ name: "First", signers: [{ email: "signer1@example.test" }] });

    // The placeholders are filled by the package made from the template.
    const { id: packageId } = await callJson<{ id: string }>("POST", `/api/packages/${templateId}/clone`, {
      key: account.apiKey,
      json: {
        name: "Filled",
        type: "PACKAGE",
        status: "SENT",
        roles: [
          { id: "Signer1", signers: [{ email: "ann@example.test", firstName: "Ann", lastName: "New" }] },
          { id: "Signer2", signers: [{ email: "bob@example.test", firstName: "Bob", lastName: "New" }] },
        ],
      },
    });
    const created = await getPackage(account.apiKey, packageId);
    expect(created.roles.find((r) => r.id === "Signer1")).toMatchObject({ name: "Signer 1", signers: [{ email: "ann@example.test", firstName: "Ann" }] });
    expect(created.roles.find((r) => r.id === "Signer2")).toMatchObject({ signers: [{ email: "bob@example.test", firstName: "Bob" }] });
    expect(created.documents[1].approvals[0]).toMatchObject({ role: "Signer1", fields: [{ top: 600, left: 100 }] });
  });

  it("adds the roles a template lacks (as the SDKs add signers to a template), and refuses to send a template", async () => {
    const account = await seedAccount();
    const source = await createPackageWithFiles(account.apiKey, packagePayload());
    const { id } = await callJson<{ id: string }>("POST", `/api/packages/${source}/clone`, {
      key: account.apiKey,
      json: { name: "x", type: "PACKAGE", roles: [{ id: "Extra", name: "Extra", index: 3, signers: [signer(9)] }] },
    });
    const created = await getPackage(account.apiKey, id);
    expect(created.roles.find((role) => role.id === "Extra")).toMatchObject({ index: 3, signers: [{ email: "signer9@example.test" }] });
    // The added signer accepts the consent like the template's.
    const consent = created.documents.find((document) => document.id === "default-consent")!;
    expect(consent.approvals.map((approval) => approval.role)).toContain("Extra");
    await callJson("POST", `/api/packages/${source}/clone`, {
      key: account.apiKey,
      json: { name: "x", type: "PACKAGE", roles: [{ id: "Twice", signers: [signer(9)] }, { id: "Twice", signers: [signer(8)] }] },
      expect: 400,
    });
    await callJson("POST", `/api/packages/${source}/clone`, { key: account.apiKey, json: { name: "x", type: "TEMPLATE", status: "SENT" }, expect: 400 });
    await callJson("POST", `/api/packages/${source}/clone`, { key: account.apiKey, json: {}, expect: 400 });
  });
});

describe("client nulls", () => {
  it("are never echoed back from free-form members", async () => {
    const account = await seedAccount();
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", {
      key: account.apiKey,
      json: {
        name: "Nulls",
        data: { kept: 1, dropped: null },
        settings: { ceremony: { inPerson: null, other: null } },
        roles: [{ id: "A", data: { x: null }, attachmentRequirements: [{ name: "ID", id: null, required: null }], signers: [{ ...signer(1), delivery: { email: null } }] }],
      },
    });
    const pkg = await getPackage(account.apiKey, id);
    assertWireRules(pkg);
    expect(pkg.data).toEqual({ kept: 1, origin: "api" });
    expect(pkg.roles.find((role) => role.id === "A")).toMatchObject({ attachmentRequirements: [{ name: "ID", required: false, id: expect.any(String) }] });
  });
});

describe("the consent document", () => {
  it("stays first and takes no approvals or fields of its own", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    const orderBody = await callJson<Json>("PUT", `/api/packages/${id}/documents`, {
      key: account.apiKey,
      json: [{ id: "default-consent", index: 3 }],
      expect: 400,
    });
    expect(orderBody.messageKey).toBe("error.validation.consentOrder");
    // Sent back with the others at index 0, as the SDKs send the whole list: no change for it.
    await callJson("PUT", `/api/packages/${id}/documents`, { key: account.apiKey, json: [{ id: "default-consent", index: 0 }, { id: "doc1", index: 1 }] });
    expect((await getPackage(account.apiKey, id)).documents.map((d) => d.id)).toEqual(["default-consent", "doc1"]);
    await callJson("PUT", `/api/packages/${id}/documents`, { key: account.apiKey, json: [{ id: "doc1", index: 1 }, { id: "doc1", index: 2 }], expect: 400 });
    await callJson("POST", `/api/packages/${id}/documents/default-consent/approvals`, {
      key: account.apiKey,
      json: { role: "Signer1", fields: [{ page: 0, top: 10, left: 10, width: 50, height: 20 }] },
      expect: 400,
    });
    const consent = (await getPackage(account.apiKey, id)).documents[0];
    const approvalId = String(consent.approvals[0].id);
    await callJson("POST", `/api/packages/${id}/documents/default-consent/approvals/${approvalId}/fields`, {
      key: account.apiKey,
      json: { page: 0, top: 10, left: 10, width: 50, height: 20 },
      expect: 400,
    });
  });

  it("refuses to create a template with status SENT (400)", async () => {
    const account = await seedAccount();
    const body = await callJson<Json>("POST", "/api/packages", { key: account.apiKey, json: { name: "T", type: "TEMPLATE", status: "SENT" }, expect: 400 });
    expect(body.messageKey).toBe("error.validation.templateStatus");
  });
});
