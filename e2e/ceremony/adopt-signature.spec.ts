import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { darkBounds, darkShare, type GrayImage, pdfFonts, pdfSig, pdfWords, renderPageGray } from "../../tests/support/poppler";
import { inWireUnits, person } from "../support/package-payloads";
import { signInWithPassword } from "../console/console-support";
import { expectAccessible } from "../support/accessibility";
import { SIGN_UP_PASSWORD, ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument } from "../support/signer";

/**
 * Signers choose how to sign: a name typed in a signature font, a signature drawn on a phone
 * (the pad as wide as the screen, the drawing kept when the phone turns), or a picture uploaded.
 * Each is sealed in a frame that says who signed, when, and the signature's short id.
 */

test.describe.configure({ timeout: 180_000 });

const SIGNERS = [
  { id: "Typist", person: person("Tara", "Typist") },
  { id: "Drawer", person: person("Dora", "Drawer") },
  { id: "Uploader", person: person("Uma", "Uploader") },
];

/** Each signer's signature field, in points: stacked down the page. */
const fieldOf = (index: number) => ({ page: 0, left: 72, top: 200 + index * 150, width: 220, height: 60 });

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Adopt your signature" });

async function signatureField(page: Page) {
  const field = page.getByRole("button", { name: "Signature (required)" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  return field;
}

test("a typed signature in a chosen font, one drawn on a turning phone and an uploaded picture are each sealed in their frame", async ({ browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Adopt signature test");
  const packageId = await owner.createPackage(
    {
      name: "Partnership",
      type: "PACKAGE",
      status: "DRAFT",
      roles: SIGNERS.map((signer) => ({ id: signer.id, type: "SIGNER", index: 1, signers: [signer.person] })),
      documents: [
        {
          id: "deed",
          name: "Deed",
          approvals: SIGNERS.map((signer, index) => ({ role: signer.id, fields: [inWireUnits({ type: "SIGNATURE", subtype: "FULLNAME", ...fieldOf(index) })] })),
        },
      ],
    },
    [await makePdf({ texts: [{ page: 0, text: "Partnership deed", x: 72, y: 720, size: 18 }] })],
  );
  await owner.send(packageId);

  // Typed, in the second font offered.
  const typist = await openCeremony(browser, await owner.signingUrl(packageId, "Typist"));
  await acceptConsent(typist);
  await (await signatureField(typist)).click();
  const typed = dialogOf(typist);
  await expect(typed.getByRole("tab", { name: "Type" })).toHaveAttribute("aria-selected", "true");
  await expect(typed.getByLabel("Full name")).toHaveValue("Tara Typist");
  await typed.getByRole("radio", { name: "Licorice" }).check();
  await typed.getByRole("button", { name: "Adopt signature" }).click();
  await expect(await signatureField(typist)).toHaveText("Tara Typist");
  await signDocument(typist);
  await expectFinished(typist);

  // Drawn on a phone: the pad fills the screen's width, and what is drawn survives turning the phone.
  const drawer = await openCeremony(browser, await owner.signingUrl(packageId, "Drawer"), { width: 390, height: 844 });
  await acceptConsent(drawer);
  await (await signatureField(drawer)).click();
  const drawing = dialogOf(drawer);
  await drawing.getByRole("tab", { name: "Draw" }).click();
  const pad = drawing.getByTestId("signature-pad");
  const upright = (await pad.boundingBox())!;
  expect(upright.width).toBeGreaterThan(390 - 40);
  await drawer.mouse.move(upright.x + 30, upright.y + upright.height * 0.6);
  await drawer.mouse.down();
  for (let i = 1; i <= 20; i++) await drawer.mouse.move(upright.x + 30 + i * 14, upright.y + upright.height * (0.6 - 0.25 * Math.sin(i / 3)), { steps: 3 });
  await drawer.mouse.up();
  const inkedPixels = () =>
    pad.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
      return inked;
    });
  const inkedUpright = await inkedPixels();
  expect(inkedUpright).toBeGreaterThan(1000);
  await drawer.setViewportSize({ width: 844, height: 390 });
  await expect.poll(async () => (await pad.boundingBox())!.width).toBeGreaterThan(upright.width + 100);
  // The strokes were scaled to the wider pad, not wiped: longer, so more pixels are inked. (The
  // share of the pad inked halves, as the pen keeps its width: a bound on it measured 0.49993.)
  await expect.poll(inkedPixels).toBeGreaterThan(inkedUpright);
  await drawing.getByRole("button", { name: "Adopt signature" }).click();
  await expect((await signatureField(drawer)).getByRole("img")).toBeVisible();
  await signDocument(drawer);
  await expectFinished(drawer);

  // Uploaded: a photograph-like picture of a signature, small in a wide margin of grey paper (a
  // screenshot of a typed one, laid on a page 1200 × 900): the seal fits its ink to the field.
  const uploader = await openCeremony(browser, await owner.signingUrl(packageId, "Uploader"));
  await acceptConsent(uploader);
  await (await signatureField(uploader)).click();
  const uploading = dialogOf(uploader);
  const typedPicture = await uploading.getByRole("radio", { name: "Caveat" }).locator("xpath=..").screenshot();
  const picture = Buffer.from(
    await uploader.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = 1200;
      canvas.height = 900;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#ecebe6";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.globalCompositeOperation = "multiply";
      context.drawImage(image, 450, 420);
      return canvas.toDataURL("image/png").split(",")[1]!;
    }, typedPicture.toString("base64")),
    "base64",
  );
  await uploading.getByRole("tab", { name: "Upload" }).click();
  await uploading.getByLabel(/A picture of your signature/).setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: picture });
  await expect(uploading.getByRole("img", { name: "Your uploaded signature" })).toBeVisible();
  await uploading.getByRole("button", { name: "Adopt signature" }).click();
  await expect((await signatureField(uploader)).getByRole("img")).toBeVisible();
  await signDocument(uploader);
  await expectFinished(uploader);

  let sealed: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const bytes = await owner.download(`/api/packages/${packageId}/documents/deed/pdf`);
        if (pdfSig(bytes).includes("Signature is Valid.")) sealed = bytes;
        return Boolean(sealed);
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  if (process.env.KEEP_SEALED_PDF) fs.writeFileSync(process.env.KEEP_SEALED_PDF, sealed!);
  // The typed signature is drawn in the font chosen.
  expect(pdfFonts(sealed!)).toMatch(/Licorice-Regular/);
  // Each frame: "Signed by" and the name above, the short id and the moment below, inside the field.
  const words = pdfWords(sealed!);
  for (const [index, signer] of SIGNERS.entries()) {
    const field = fieldOf(index);
    const inside = words.filter((word) => word.yMin >= field.top - 1 && word.yMax <= field.top + field.height + 1 && word.xMin >= field.left - 1).map((word) => word.text);
    expect(inside).toEqual(expect.arrayContaining(["Signed", "by", signer.person.firstName, signer.person.lastName]));
    expect(inside.some((word) => /^[0-9A-F]{4}-[0-9A-F]{4}$/.test(word))).toBe(true);
    expect(inside.some((word) => /^\d{4}-\d{2}-\d{2}$/.test(word))).toBe(true);
  }
  // The drawn and the uploaded signatures are ink on the page, in the middle of their frames.
  const page = renderPageGray(sealed!, 0, 144);
  for (const index of [1, 2]) {
    const field = fieldOf(index);
    // Between the frame's labels: thin strokes, so a small share of the area, but never none.
    expect(darkShare(page, { left: field.left + 10, top: field.top + 14, width: field.width - 20, height: field.height - 28 })).toBeGreaterThan(0.003);
  }
  // The uploaded picture's ink spans most of its field, as a drawn signature does, not a stamp-sized photograph of paper.
  const uploadedField = fieldOf(2);
  const inkInField = darkBounds(cropGray(page, { left: uploadedField.left + 10, top: uploadedField.top + 14, width: uploadedField.width - 20, height: uploadedField.height - 28 }))!;
  expect(inkInField.right - inkInField.left).toBeGreaterThan((uploadedField.width - 20) * 0.5);

  // The sender's history names how each one signed.
  const sender = await browser.newPage();
  await signInWithPassword(sender, owner.email, SIGN_UP_PASSWORD);
  await sender.waitForURL("**/packages");
  await sender.goto(`/packages/${packageId}`);
  const history = sender.getByTestId("history-event");
  await expect(history.filter({ hasText: "Signed (uploaded picture of the signature): Deed" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Signed (drawn signature): Deed" })).toHaveCount(1);
  await sender.getByTestId("history-timeline").screenshot({ path: test.info().outputPath("history-uploaded.png") });
  await sender.close();
});

/** The part of a rendered page inside a rectangle given in points from the top-left corner. */
function cropGray(image: GrayImage, rect: { left: number; top: number; width: number; height: number }): GrayImage {
  const x0 = Math.floor(rect.left * image.scale);
  const y0 = Math.floor(rect.top * image.scale);
  const width = Math.ceil(rect.width * image.scale);
  const height = Math.ceil(rect.height * image.scale);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) pixels.set(image.pixels.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + width), y * width);
  return { width, height, pixels, scale: image.scale };
}

test("a signature the sender wants drawn by hand gets a full-screen pad on a phone, and the drawing fills its field", async ({ browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Drawn pad test");
  const field = { page: 0, left: 72, top: 200, width: 220, height: 60 };
  const packageId = await owner.createPackage(
    {
      name: "Delivery note",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Drawer", type: "SIGNER", index: 1, signers: [person("Dora", "Drawer")] }],
      documents: [{ id: "note", name: "Note", approvals: [{ role: "Drawer", fields: [inWireUnits({ type: "SIGNATURE", subtype: "CAPTURE", ...field })] }] }],
    },
    [await makePdf({ texts: [{ page: 0, text: "Delivery note", x: 72, y: 720, size: 18 }] })],
  );
  await owner.send(packageId);

  const phone = { width: 390, height: 844 };
  const drawer = await openCeremony(browser, await owner.signingUrl(packageId, "Drawer"), phone);
  await acceptConsent(drawer);
  // The field says what it wants whole on a phone ("DRAW SIGNA…" was cut short).
  const drawField = drawer.getByRole("button", { name: /Signature \(required\)/ });
  await expect(drawField).toContainText(/draw signature/i);
  const label = drawField.locator("span").first();
  expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().right <= element.parentElement!.getBoundingClientRect().right + 1)).toBe(true);
  await drawField.screenshot({ path: test.info().outputPath("draw-field-phone.png") });
  await drawField.click();
  const dialog = drawer.getByRole("dialog", { name: "Draw your signature" });
  await expect(dialog).toBeVisible();
  // The dialog is the screen; the pad its whole width and half its height.
  const screen = (await dialog.boundingBox())!;
  expect(screen.width).toBe(phone.width);
  expect(screen.height).toBeGreaterThan(phone.height - 2);
  const pad = dialog.getByTestId("signature-pad");
  const area = (await pad.boundingBox())!;
  expect(area.width).toBeGreaterThan(phone.width - 8);
  expect(area.height).toBeGreaterThan(phone.height * 0.45);
  await drawer.screenshot({ path: test.info().outputPath("drawn-pad-phone.png") });
  await expectAccessible(drawer, "the full-screen drawing pad");

  await drawer.mouse.move(area.x + 40, area.y + area.height * 0.6);
  await drawer.mouse.down();
  // A signature's usual shape: long and low, written on a pad much taller than it.
  for (let i = 1; i <= 20; i++) await drawer.mouse.move(area.x + 40 + i * 15, area.y + area.height * (0.6 - 0.04 * Math.sin(i / 2)), { steps: 3 });
  await drawer.mouse.up();
  await dialog.getByRole("button", { name: "Adopt signature" }).click();
  await expect(dialog).toBeHidden();
  await expect(drawer.getByRole("button", { name: /Signature \(required\)/ }).getByRole("img")).toBeVisible();
  await signDocument(drawer);
  await expectFinished(drawer);

  let sealed: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const bytes = await owner.download(`/api/packages/${packageId}/documents/note/pdf`);
        if (pdfSig(bytes).includes("Signature is Valid.")) sealed = bytes;
        return Boolean(sealed);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // Drawn on a tall pad, the ink is cut to itself before it is adopted: it spans most of its field.
  const ink = darkBounds(cropGray(renderPageGray(sealed!, 0, 144), { left: field.left + 10, top: field.top + 14, width: field.width - 20, height: field.height - 28 }))!;
  expect(ink.right - ink.left).toBeGreaterThan((field.width - 20) * 0.5);
});
