import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { signUpInConsole } from "./console-support";

/**
 * A document whose text tags name a role the package does not have (`Client`): the upload makes
 * that role, the builder lists it without a signer and with its fields, the sender names the
 * person, sends, the person signs, and the sealed document shows the values, not the tags.
 */

test.describe.configure({ timeout: 240_000 });
// "Copy signing link" writes to the clipboard; the test reads it back.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("tags naming an unknown role become a signer the sender fills in; the sealed copy hides the tags", async ({ page, browser }) => {
  await signUpInConsole(page, "Text tags");
  await page.getByTestId("new-package").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);
  const packageId = decodeURIComponent(page.url().split("/").at(-2)!);

  // Tags in small print, for a role named by the document only.
  const pdf = await makePdf({
    texts: [
      { page: 0, text: "Service agreement", x: 72, y: 720, size: 18 },
      { page: 0, text: "Signed: {{*esl:Client:signature}}", x: 72, y: 600, size: 9 },
      { page: 0, text: "Name: {{esl:Client:signername}}", x: 72, y: 540, size: 9 },
    ],
  });
  await page.getByLabel("Create fields from text tags").check();
  await page.getByTestId("document-file-input").setInputFiles([{ name: "Agreement.pdf", mimeType: "application/pdf", buffer: pdf }]);
  await expect(page.getByTestId("document-drag-handle")).toHaveCount(1, { timeout: 30_000 });

  // The role is listed as a signer still to be named, and its fields are shown under its name.
  const clientRow = page.getByTestId("signer-row").filter({ hasText: "role Client" });
  await expect(clientRow).toContainText("No signer yet");
  const editor = page.getByTestId("field-editor");
  await expect(editor.getByRole("button", { name: /^Signature · Client/ })).toBeVisible();

  await clientRow.getByRole("button", { name: /^Add signer/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add the signer" });
  await dialog.getByLabel("First name").fill("Carla");
  await dialog.getByLabel("Last name").fill("Client");
  await dialog.getByLabel("E-mail").fill("carla.client@example.test");
  await dialog.getByRole("button", { name: "Save signer" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(clientRow.getByTestId("signer-name")).toHaveText("Carla Client");
  await expect(editor.getByRole("button", { name: /^Signature · Carla Client/ })).toBeVisible();
  await editor.getByRole("button", { name: /^Signature · Carla Client/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/text-tags-builder.png" });

  // Sent from the package page, signed by Carla from her link.
  await page.goto(`/packages/${packageId}`);
  await page.getByTestId("action-send").click();
  await expect(page.getByTestId("package-status")).toContainText("In progress");
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.getByRole("button", { name: "Copy signing link for Carla Client" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/access\?sessionToken=/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const signer = await openCeremony(browser, link);
  await acceptConsent(signer);
  await signer.screenshot({ path: "test-results/text-tags-ceremony.png" });
  await signField(signer, signer.getByRole("button", { name: "Signature (required)" }));
  await signDocument(signer);
  await expectFinished(signer);
  await signer.context().close();

  await expect.poll(async () => (await page.reload(), await page.getByTestId("package-status").textContent()), { timeout: 30_000 }).toContain("Completed");

  // The sealed PDF: the values stamped, the tags painted over (pdftotext still reads the covered
  // characters, so the render is what is checked: no dark pixel is left of the tag's braces).
  // The zip answers 409 (Retry-After) until the seal is stored: wait for it before clicking.
  const zipUrl = new URL((await page.getByTestId("download-zip").getAttribute("href"))!, page.url()).href;
  await expect.poll(async () => (await page.request.get(zipUrl)).status(), { timeout: 30_000 }).toBe(200);
  const started = page.waitForEvent("download");
  await page.getByTestId("download-zip").click();
  const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-tags-")), "documents.zip");
  await (await started).saveAs(zip);
  const sealed = path.join(path.dirname(zip), "Agreement.pdf");
  fs.writeFileSync(sealed, execFileSync("unzip", ["-p", zip, "Agreement.pdf"]));
  expect(execFileSync("pdftotext", [sealed, "-"], { encoding: "utf8" })).toContain("Carla Client");
  execFileSync("pdftoppm", ["-r", "72", "-gray", "-singlefile", sealed, path.join(path.dirname(zip), "page")]);
  const pgm = fs.readFileSync(path.join(path.dirname(zip), "page.pgm"));
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString("latin1"))!;
  const width = Number(header[1]);
  const pixels = pgm.subarray(header[0].length);
  const darkIn = (left: number, top: number, right: number, bottom: number) => {
    let dark = 0;
    for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) if (pixels[y * width + x] < 128) dark++;
    return dark;
  };
  // The signature line (baseline 192 points from the top): "Signed:" stays, the rest of the line
  // under the tag is the typed signature only, which starts where the tag did.
  expect(darkIn(72, 184, 100, 194)).toBeGreaterThan(0);
  // Below the baseline, where the tag's braces and colons hung, nothing (the signature sits on the line).
  expect(darkIn(110, 193, 230, 196)).toBe(0);
  fs.copyFileSync(sealed, path.join("test-results", "text-tags-sealed.pdf"));
});
