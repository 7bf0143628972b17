import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { pdfSig, pdfText, renderPageGray, type GrayImage } from "../../tests/support/poppler";
import { oneSignatureEachPackage, person, withFieldsInWireUnits } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { signInWithApiKey } from "../console/console-support";
import { expectAccessible } from "../support/accessibility";
import { acceptConsent, drawSignature, expectFinished, openCeremony, signDocument, signField } from "../support/signer";

/**
 * The signing ceremony as signers live it, in Chromium against the built server: links, consent,
 * documents in order, every field type, a signature drawn with the mouse, signers in order and in
 * parallel, declining; then the sealed result read by poppler.
 */

const REFERENCE_IMAGE = path.join(__dirname, "reference", "annex-sealed.pgm");

let service: ServiceClient;
test.beforeAll(async ({ baseURL }) => {
  service = await ServiceClient.signUp(baseURL!);
});


/** Two signers in order; the Agreement carries each kind of field for Alice, and Bob's signature; the Annex comes second. */
function orderedPackage(name: string) {
  return withFieldsInWireUnits({
    name,
    type: "PACKAGE",
    status: "DRAFT",
    emailMessage: "Please sign by Friday.",
    roles: [
      { id: "Alice", index: 1, type: "SIGNER", signers: [person("Alice", "Martin")] },
      { id: "Bob", index: 2, type: "SIGNER", signers: [person("Bob", "Stone")] },
    ],
    documents: [
      {
        id: "agreement",
        name: "Agreement",
        index: 1,
        approvals: [
          {
            id: "alice-agreement",
            role: "Alice",
            fields: [
              { id: "company", name: "Company", type: "INPUT", subtype: "TEXTFIELD", page: 0, top: 180, left: 150, width: 200, height: 22, validation: { required: true, maxLength: 30 } },
              {
                id: "postcode",
                name: "Postcode",
                type: "INPUT",
                subtype: "TEXTFIELD",
                page: 0,
                top: 210,
                left: 150,
                width: 100,
                height: 22,
                validation: { required: true, pattern: "[0-9]{5}", errorMessage: "must be five digits" },
              },
              { id: "plan", name: "Plan", type: "INPUT", subtype: "LIST", page: 0, top: 240, left: 150, width: 140, height: 22, validation: { required: true, enum: ["Basic", "Pro", "Enterprise"] } },
              { id: "signature", type: "SIGNATURE", subtype: "CAPTURE", page: 0, top: 300, left: 72, width: 200, height: 60 },
              { id: "signed-on", type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", page: 0, top: 370, left: 72, width: 120, height: 18 },
              { id: "terms", name: "Terms accepted", type: "INPUT", subtype: "CHECKBOX", page: 0, top: 400, left: 72, width: 16, height: 16, validation: { required: true } },
              { id: "monthly", name: "Monthly", type: "INPUT", subtype: "RADIO", page: 0, top: 440, left: 72, width: 16, height: 16, validation: { group: "billing", required: true } },
              { id: "yearly", name: "Yearly", type: "INPUT", subtype: "RADIO", page: 0, top: 440, left: 160, width: 16, height: 16, validation: { group: "billing", required: true } },
              { id: "notes", name: "Notes", type: "INPUT", subtype: "TEXTAREA", page: 1, top: 100, left: 72, width: 300, height: 80 },
            ],
          },
          { id: "bob-agreement", role: "Bob", fields: [{ id: "bob-signature", type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 300, left: 330, width: 200, height: 60 }] },
        ],
      },
      {
        id: "annex",
        name: "Annex",
        index: 2,
        approvals: [
          {
            id: "alice-annex",
            role: "Alice",
            fields: [
              { id: "initials", type: "SIGNATURE", subtype: "INITIALS", page: 0, top: 600, left: 72, width: 80, height: 40 },
              { id: "agreed", name: "Agreed", type: "INPUT", subtype: "CHECKBOX", page: 0, top: 660, left: 72, width: 16, height: 16 },
            ],
          },
        ],
      },
    ],
  });
}

async function agreementPdf(): Promise<Buffer> {
  return makePdf({
    pages: 2,
    texts: [
      { page: 0, text: "Services agreement", x: 72, y: 720, size: 18 },
      { page: 0, text: "Company:", x: 72, y: 596 },
      { page: 0, text: "Postcode:", x: 72, y: 566 },
      { page: 0, text: "Plan:", x: 72, y: 536 },
      { page: 1, text: "Notes", x: 72, y: 720 },
    ],
  });
}

async function annexPdf(): Promise<Buffer> {
  return makePdf({ texts: [{ page: 0, text: "Annex: price list", x: 72, y: 720, size: 18 }] });
}

/** The sealed PDF, once the seal job has run. */
async function sealedDocument(packageId: string, documentId: string): Promise<Buffer> {
  let sealed: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const bytes = await service.download(`/api/packages/${packageId}/documents/${documentId}/pdf`);
        if (pdfSig(bytes).includes("Signature is Valid.")) sealed = bytes;
        return Boolean(sealed);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return sealed!;
}

function writePgm(file: string, image: GrayImage): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, "latin1"), Buffer.from(image.pixels)]));
}

function readPgm(file: string): { width: number; height: number; pixels: Uint8Array } {
  const bytes = fs.readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString("latin1"))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: bytes.subarray(header[0].length) };
}

/** Share of pixels whose gray differs by more than a quarter of the range: anti-aliasing aside, none should. */
function differingShare(actual: GrayImage, expected: { width: number; height: number; pixels: Uint8Array }): number {
  if (actual.width !== expected.width || actual.height !== expected.height) return 1;
  let differing = 0;
  for (let i = 0; i < actual.pixels.length; i++) if (Math.abs(actual.pixels[i]! - expected.pixels[i]!) > 64) differing++;
  return differing / actual.pixels.length;
}

test("two signers in order: consent, documents in order, every field type, a drawn signature, then a sealed result", async ({ browser }) => {
  const packageId = await service.createPackage(orderedPackage("Services agreement"), [await agreementPdf(), await annexPdf()]);
  await service.send(packageId);

  // Bob's turn has not come: his link says so and names who signs first.
  const bob = await openCeremony(browser, await service.signingUrl(packageId, "Bob"));
  await expect(bob.getByRole("heading", { name: "It is not your turn yet" })).toBeVisible();
  await expect(bob.getByText("Alice Martin")).toBeVisible();

  const alice = await openCeremony(browser, await service.signingUrl(packageId, "Alice"));
  await expect(alice.getByText("Please sign by Friday.")).toBeVisible();
  await acceptConsent(alice);

  // Spec 3.4: the Annex opens only after the Agreement is signed.
  const documents = alice.getByRole("navigation", { name: "Documents" });
  await expect(documents.getByRole("button", { name: /Annex/ })).toBeDisabled();
  await expect(alice.getByRole("button", { name: "Sign document" })).toBeDisabled();
  // Bob's field is shown, not editable.
  await expect(alice.getByLabel("Signature: Another signer")).toBeVisible();

  // "Next field" walks the required fields in reading order.
  await alice.getByRole("button", { name: "Next field" }).click();
  await expect(alice.getByLabel("Company (required)")).toBeFocused();
  await alice.keyboard.type("Acme Industries");
  await alice.getByRole("button", { name: "Next field" }).click();
  await expect(alice.getByLabel("Postcode (required)")).toBeFocused();
  await alice.keyboard.type("75A01");
  await expect(alice.getByText("“Postcode” must be five digits.")).toBeVisible();
  await alice.getByLabel("Postcode (required)").fill("75001");
  await alice.getByLabel("Plan (required)").selectOption("Pro");
  await drawSignature(alice, alice.getByRole("button", { name: "Signature (required)" }));
  await alice.getByLabel("Terms accepted (required)").check();
  await alice.getByLabel("Yearly (required)").check();
  await expect(alice.getByLabel("Monthly (required)")).not.toBeChecked();
  await alice.getByRole("button", { name: "Next field" }).click();
  // The notes are optional and on page 2: scrolled to and focused.
  await expect(alice.getByLabel("Notes")).toBeFocused();
  await alice.keyboard.type("Delivery in March");
  await alice.screenshot({ path: "test-results/ceremony-agreement.png" });
  await signDocument(alice);

  await expect(documents.getByRole("button", { name: /Annex/ })).toHaveAttribute("aria-current", "page");
  await signField(alice, alice.getByRole("button", { name: "Initials (required)" }));
  await expect(alice.getByRole("button", { name: "Initials (required)" })).toHaveText("AM");
  await alice.getByLabel("Agreed").check();
  await signDocument(alice);
  await expectFinished(alice);

  // Bob is invited now; his page follows once reloaded.
  await bob.reload();
  await acceptConsent(bob);
  await expect(bob.getByLabel("Company")).toHaveText("Acme Industries");
  await signField(bob, bob.getByRole("button", { name: "Signature (required)" }));
  await expect(bob.getByRole("button", { name: "Signature (required)" })).toHaveText("Bob Stone");
  await expect(bob.getByRole("button", { name: "Signature (required)" })).toHaveAttribute("aria-pressed", "true");
  await signDocument(bob);
  await expectFinished(bob);

  await expect.poll(() => service.packageStatus(packageId)).toBe("COMPLETED");
  const agreement = await sealedDocument(packageId, "agreement");
  expect(pdfSig(agreement)).toContain("ETSI.CAdES.detached");
  const text = pdfText(agreement);
  for (const value of ["Acme Industries", "75001", "Pro", "Bob Stone", "Delivery in March"]) expect(text).toContain(value);

  // One sealed page against its reference image (typed initials and a check box: no drawing, no date).
  const annexPage = renderPageGray(await sealedDocument(packageId, "annex"), 0, 50);
  if (process.env.UPDATE_REFERENCE_IMAGES || !fs.existsSync(REFERENCE_IMAGE)) writePgm(REFERENCE_IMAGE, annexPage);
  expect(differingShare(annexPage, readPgm(REFERENCE_IMAGE))).toBeLessThan(0.002);
});

test("two signers of one index sign in parallel, each in their own browser; the package completes", async ({ browser }) => {
  const payload = oneSignatureEachPackage({
    name: "Parallel",
    document: { id: "letter", name: "Letter" },
    roles: [
      { id: "Carol", index: 1, signers: [person("Carol", "Reed")] },
      { id: "Dan", index: 1, signers: [person("Dan", "Hill")] },
    ],
  });
  const packageId = await service.createPackage(payload, [await annexPdf()]);
  await service.send(packageId);
  const [carol, dan] = await Promise.all([openCeremony(browser, await service.signingUrl(packageId, "Carol")), openCeremony(browser, await service.signingUrl(packageId, "Dan"))]);
  await Promise.all([acceptConsent(carol), acceptConsent(dan)]);
  for (const signer of [carol, dan]) await signField(signer, signer.getByRole("button", { name: "Signature (required)" }));
  await Promise.all([signDocument(carol), signDocument(dan)]);
  await Promise.all([expectFinished(carol), expectFinished(dan)]);
  await expect.poll(() => service.packageStatus(packageId)).toBe("COMPLETED");
  expect(pdfText(await sealedDocument(packageId, "letter"))).toMatch(/Carol Reed[\s\S]*Dan Hill|Dan Hill[\s\S]*Carol Reed/);
});

test("a signer declines with a reason on a phone; the package is DECLINED", async ({ browser }) => {
  const packageId = await service.createPackage(
    oneSignatureEachPackage({ name: "Declined", document: { id: "offer", name: "Offer" }, roles: [{ id: "Erin", index: 1, signers: [person("Erin", "Park")] }] }),
    [await annexPdf()],
  );
  await service.send(packageId);
  const erin = await openCeremony(browser, await service.signingUrl(packageId, "Erin"), { width: 390, height: 844 });
  await acceptConsent(erin);
  await expect(erin.locator("[data-page-index='0'] canvas")).toBeVisible();
  // Opened twice more: three views of the offer, which the sender's history shows as one line.
  for (let again = 0; again < 2; again++) {
    await erin.reload();
    await expect(erin.locator("[data-page-index='0'] canvas")).toBeVisible();
  }
  await erin.screenshot({ path: "test-results/ceremony-phone.png" });
  // The menu by keyboard: opening focuses its first item, arrows move, Escape closes it and gives focus back.
  const more = erin.getByRole("button", { name: "More" });
  await more.click();
  await expect(erin.getByRole("menuitem", { name: "Decline to sign" })).toBeFocused();
  await erin.keyboard.press("ArrowDown");
  await expect(erin.getByRole("menuitem", { name: "Sign on paper instead" })).toBeFocused();
  await erin.keyboard.press("Escape");
  await expect(erin.getByRole("menu")).toBeHidden();
  await expect(more).toBeFocused();
  // A dialog cancelled gives focus back to the menu button; the next one opens empty.
  await more.click();
  await erin.getByRole("menuitem", { name: "Sign on paper instead" }).click();
  await erin.getByLabel("Your message to the sender").fill("Not sure yet.");
  await erin.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(more).toBeFocused();
  await more.click();
  await erin.getByRole("menuitem", { name: "Decline to sign" }).click();
  await expect(erin.getByLabel("Why do you decline?")).toHaveValue("");
  await erin.getByLabel("Why do you decline?").fill("The price is wrong.");
  await erin.getByRole("dialog").getByRole("button", { name: "Decline" }).click();
  await expect(erin.getByRole("heading", { name: "You declined" })).toBeVisible();
  expect(await service.packageStatus(packageId)).toBe("DECLINED");

  // The sender's package page says who declined, when, and why (a page of its own context, as axe needs).
  const sender = await (await browser.newContext()).newPage();
  await signInWithApiKey(sender, service.apiKey, service.baseUrl);
  await sender.waitForURL("**/packages");
  await sender.goto(`${service.baseUrl}/packages/${encodeURIComponent(packageId)}`);
  const row = sender.getByTestId("signer-Erin");
  await expect(row).toHaveAttribute("data-state", "declined");
  await expect(row.getByTestId("signer-state")).toContainText("Declined");
  await expect(row.getByTestId("signer-refusal-reason")).toHaveText("Their reason: “The price is wrong.”");
  const history = sender.getByTestId("history-event");
  await expect(history.filter({ hasText: "Viewed 3 times: Offer" })).toHaveCount(1);
  await expect(history.filter({ hasText: /^Viewed: Offer/ })).toHaveCount(0);
  // In the sender's list of declined packages, Erin's row says she declined, not that she has not signed yet.
  await sender.goto(`${service.baseUrl}/packages?tab=declined`);
  const listed = sender.getByTestId("package-row").filter({ hasText: "Declined" }).getByTestId("signer-progress");
  await expect(listed).toContainText(/Erin Park\s*· declined/);
  await expect(listed).not.toContainText("not signed yet");
  await listed.screenshot({ path: test.info().outputPath("declined-row.png") });
  await expectAccessible(sender, "the declined packages");
  await sender.close();
});

test("in person: the sender hosts on one device and hands it to each signer in turn", async ({ browser }) => {
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "In person",
      document: { id: "lease", name: "Lease" },
      settings: { ceremony: { inPerson: true } },
      roles: [
        { id: "Jo", index: 1, signers: [person("Jo", "Lane")] },
        { id: "Kim", index: 2, signers: [person("Kim", "Moss")] },
      ],
    }),
    [await annexPdf()],
  );
  await service.send(packageId);
  const { value } = await service.json<{ value: string }>("POST", "/api/authenticationTokens/sender", { packageId });
  const device = await openCeremony(browser, `${service.baseUrl}/access?senderAuthenticationToken=${value}`);

  await expect(device.getByRole("heading", { name: "Hand the device to Jo Lane" })).toBeVisible();
  await device.getByRole("button", { name: "I am Jo Lane: start signing" }).click();
  await acceptConsent(device);
  await signField(device, device.getByRole("button", { name: "Signature (required)" }));
  await signDocument(device);

  await expect(device.getByRole("heading", { name: "Who signs next?" })).toBeVisible();
  await device.getByRole("button", { name: "Hand to Kim Moss" }).click();
  await expect(device.getByRole("heading", { name: "Hand the device to Kim Moss" })).toBeVisible();
  await device.getByRole("button", { name: "I am Kim Moss: start signing" }).click();
  await acceptConsent(device);
  await expect(device.getByRole("button", { name: "Signature (required)" })).toBeVisible();
  await signField(device, device.getByRole("button", { name: "Signature (required)" }));
  await signDocument(device);
  await expect(device.getByRole("heading", { name: "Everyone has signed" })).toBeVisible();
  await expect.poll(() => service.packageStatus(packageId)).toBe("COMPLETED");
});

test("a signer uploads the attachment the sender asked for; they finish only then", async ({ browser }) => {
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "With attachment",
      document: { id: "form", name: "Form" },
      roles: [
        {
          id: "Lea",
          index: 1,
          signers: [person("Lea", "Fox")],
          attachmentRequirements: [{ name: "Proof of address", description: "A utility bill of the last three months", required: true }],
        },
      ],
    }),
    [await annexPdf()],
  );
  await service.send(packageId);
  const lea = await openCeremony(browser, await service.signingUrl(packageId, "Lea"));
  await acceptConsent(lea);
  await signField(lea, lea.getByRole("button", { name: "Signature (required)" }));
  await signDocument(lea);
  await expect(lea.getByText("Your documents are signed. To finish, upload: Proof of address.")).toBeVisible();
  expect(await service.packageStatus(packageId)).toBe("SENT");

  const bill = Buffer.from("%PDF-1.4\n% a utility bill\n");
  await lea.getByLabel("Upload Proof of address").setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: bill });
  await expectFinished(lea);
  await expect.poll(() => service.packageStatus(packageId)).toBe("COMPLETED");
  const { roles } = await service.json<{ roles: { id: string; attachmentRequirements: { id: string; status: string }[] }[] }>("GET", `/api/packages/${packageId}`);
  const requirement = roles.find((role) => role.id === "Lea")!.attachmentRequirements[0]!;
  expect(requirement.status).toBe("COMPLETE");
  expect(await service.download(`/api/packages/${packageId}/attachment/${requirement.id}`)).toEqual(bill);
});
